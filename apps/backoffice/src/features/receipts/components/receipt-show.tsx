import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { can } from '@prestamos-hn/domain';
import { useState } from 'react';
import { Loading, useNotify, usePermissions, useRedirect, useRefresh, useShowContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { Fact, FileHeader, FilePage, ScrollTable, Section } from '../../../components/file-section';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime, formatLempiras } from '../../../lib/format';
import type { decideReceipt } from '../api/decide-receipt';
import { receiptImageUrl, type ReceiptDetail } from '../api/get-receipt';
import { useFindNextPendingReceipt } from '../api/list-receipts';
import { RejectDialog, ValidateDialog } from './decision-dialogs';
import { ReceiptPhoto } from './receipt-photo';
import { RECEIPT_STATE_TONES } from './receipt-queue';

/** What the decision did, in the cashier's words, for the notice after it. */
function decisionNotice(answer: Awaited<ReturnType<typeof decideReceipt>>): string {
  if (answer.state === 'rejected') return 'Comprobante rechazado. Le avisamos al cliente el motivo.';
  if (answer.appliesLater) {
    return `Comprobante validado por ${formatLempiras(answer.receivedAmountCents)}. Se aplicará a las cuotas mañana a partir de las 8:00 a. m.`;
  }
  const applied = answer.application;
  return applied
    ? `Comprobante validado: aplicamos ${formatLempiras(applied.appliedCents)}. Saldo pendiente del préstamo: ${formatLempiras(applied.remainingDebtCents)}.`
    : `Comprobante validado por ${formatLempiras(answer.receivedAmountCents)}.`;
}

function ReceiptDesk({ receipt }: { receipt: ReceiptDetail }) {
  const { permissions: role } = usePermissions<string>();
  const notify = useNotify();
  const findNextPending = useFindNextPendingReceipt();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<'validate' | 'reject' | undefined>();
  const canDecide = can(role, 'receipts.decide') && receipt.state === 'pending';
  const total = receipt.schedule.length;

  /** After a decision: the next pending receipt, oldest first; the queue when none is left. */
  async function goToNext(answer: Awaited<ReturnType<typeof decideReceipt>> | null) {
    setDialog(undefined);
    if (answer) notify(decisionNotice(answer), { type: 'success', multiLine: true, autoHideDuration: 8000 });
    else notify('Otro cajero ya decidió sobre este comprobante.', { type: 'info' });
    const next = await findNextPending(receipt.id).catch(() => undefined);
    if (next === undefined) {
      notify('No quedan comprobantes pendientes.', { type: 'info' });
      redirect('list', 'receipts');
    } else {
      redirect('show', 'receipts', next);
    }
    refresh();
  }

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <FileHeader
        title={`Comprobante #${receipt.id} · ${formatLempiras(receipt.declaredAmountCents)}`}
        actions={
          canDecide && (
            <Stack direction="row" spacing={1}>
              <Button variant="contained" color="success" onClick={() => setDialog('validate')}>
                Validar
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
                Rechazar
              </Button>
            </Stack>
          )
        }
      >
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusChip tone={RECEIPT_STATE_TONES[receipt.state]} label={receipt.stateLabel} />
          <Typography variant="body2">Enviado: {formatDateTime(receipt.sentAt)}</Typography>
        </Stack>
      </FileHeader>

      {receipt.referenceSeenOnOtherLoan && (
        <Alert severity="warning" role="alert">
          <AlertTitle>Referencia usada en otro préstamo</AlertTitle>
          Esta referencia ya se envió para otro préstamo. Revisa que el depósito no se cuente dos veces antes
          de validar.
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2 }}>
            {receipt.sameReference.map((other) => (
              <li key={other.id}>
                <Link component={RouterLink} to={`/receipts/${other.id}/show`}>
                  Comprobante #{other.id}
                </Link>{' '}
                · préstamo #{other.loanId} · {other.stateLabel} · {formatLempiras(other.declaredAmountCents)}{' '}
                · {formatDateTime(other.sentAt)}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Section title="Foto del comprobante" id="receipt-photo-title">
          <ReceiptPhoto
            src={receiptImageUrl(receipt)}
            alt={`Comprobante de depósito con referencia ${receipt.reference}`}
          />
        </Section>
        <Stack spacing={2}>
          <Section title="Datos del comprobante" id="receipt-facts-title">
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'minmax(120px, 40%) 1fr',
                rowGap: 0.75,
                columnGap: 2,
              }}
            >
              <Fact label="Monto declarado">{formatLempiras(receipt.declaredAmountCents)}</Fact>
              <Fact label="Referencia">{receipt.reference}</Fact>
              <Fact label="Préstamo">
                #{receipt.loanId} · {receipt.loanStatusLabel}
              </Fact>
              <Fact label="Cuota">
                Pago {receipt.instalmentPosition}/{total} · vence {receipt.instalmentDueDate}
              </Fact>
              <Fact label="Cliente">
                <Link component={RouterLink} to={`/borrowers/${receipt.borrowerId}/show`}>
                  {receipt.borrowerName}
                </Link>
                <br />
                DNI {receipt.personCode} · Tel. {receipt.mobPhone}
              </Fact>
              <Fact label="Deuda del préstamo">{formatLempiras(receipt.debtCents)}</Fact>
              <Fact label="Envío al socio de pagos">
                {receipt.forward
                  ? `${receipt.forward.statusLabel} (${receipt.forward.attempts} ${receipt.forward.attempts === 1 ? 'intento' : 'intentos'})`
                  : '—'}
              </Fact>
              {receipt.state === 'validated' && (
                <Fact label="Monto recibido">{formatLempiras(receipt.receivedAmountCents)}</Fact>
              )}
              {receipt.state === 'rejected' && (
                <Fact label="Motivo del rechazo">{receipt.rejectionReason}</Fact>
              )}
              {receipt.decidedAt && (
                <Fact label="Decidido">
                  {formatDateTime(receipt.decidedAt)} · {receipt.decidedBy ?? '—'}
                </Fact>
              )}
            </Box>
          </Section>
          <Section title="Plan de pagos del préstamo" id="receipt-schedule-title">
            <ScrollTable
              label="Plan de pagos del préstamo"
              head={
                <>
                  <TableCell>Cuota</TableCell>
                  <TableCell>Vence</TableCell>
                  <TableCell>Estado</TableCell>
                  <TableCell align="right">Pendiente</TableCell>
                </>
              }
            >
              {receipt.schedule.map((i) => (
                <TableRow key={i.id} selected={i.id === receipt.instalmentId}>
                  <TableCell>
                    Pago {i.position}/{total}
                  </TableCell>
                  <TableCell>{i.dueDate}</TableCell>
                  <TableCell>{i.statusLabel}</TableCell>
                  <TableCell align="right">{formatLempiras(i.remainingCents)}</TableCell>
                </TableRow>
              ))}
            </ScrollTable>
          </Section>
        </Stack>
      </Box>

      {dialog === 'validate' && (
        <ValidateDialog receipt={receipt} onClose={() => setDialog(undefined)} onDecided={goToNext} />
      )}
      {dialog === 'reject' && (
        <RejectDialog receipt={receipt} onClose={() => setDialog(undefined)} onDecided={goToNext} />
      )}
    </Stack>
  );
}

function ReceiptShowContent() {
  const { record } = useShowContext<ReceiptDetail>();
  // Until the receipt arrives, react-admin may hand over the queue's row (list cache): wait for it.
  if (!record?.schedule) return <Loading loadingPrimary="Cargando el comprobante" loadingSecondary="" />;
  return <ReceiptDesk key={record.id} receipt={record} />;
}

/** One receipt at the cashier's desk: the photo beside its facts, and the decision. */
export function ReceiptShow() {
  return (
    <FilePage title="Comprobante de pago">
      <ReceiptShowContent />
    </FilePage>
  );
}
