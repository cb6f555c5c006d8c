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
import {
  Loading,
  useGetIdentity,
  useNotify,
  usePermissions,
  useRedirect,
  useRefresh,
  useShowContext,
} from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { Fact, FileHeader, FilePage, ScrollTable, Section } from '../../../components/file-section';
import { NextInQueueButton } from '../../../components/next-in-queue-button';
import { StatusChip } from '../../../components/status-chip';
import { formatDate, formatDateTime, formatLempiras } from '../../../lib/format';
import type { decideReceipt } from '../api/decide-receipt';
import type { decideReceiptApproval } from '../api/decide-receipt-approval';
import { receiptImageUrl, type ReceiptDetail } from '../api/get-receipt';
import { useFindNextPendingReceipt } from '../api/list-receipts';
import { ConfirmApprovalDialog, ReturnApprovalDialog } from './approval-dialogs';
import { RejectDialog, ValidateDialog } from './decision-dialogs';
import { ReversalDialog } from './reversal-dialog';
import { ReceiptPhoto } from './receipt-photo';
import { RECEIPT_STATE_TONES } from './receipt-queue';

/** What the decision did, in the cashier's words, for the notice after it. */
function decisionNotice(answer: Awaited<ReturnType<typeof decideReceipt>>): string {
  if (answer.state === 'rejected') return 'Comprobante rechazado. Le avisamos al cliente el motivo.';
  if (answer.state === 'awaiting_approval') {
    const reasons = answer.approvalReasons.map((r) => r.label).join('; ');
    return `Validación enviada a aprobación (Por aprobar): ${reasons}. Otra persona con permiso de aprobar debe confirmarla; el dinero se acreditará entonces.`;
  }
  return moneyNotice('Comprobante validado', answer);
}

/** What a validation that moved money did with it. */
function moneyNotice(
  what: string,
  answer: {
    receivedAmountCents: number | null;
    appliesLater: boolean;
    application: { appliedCents: number; remainingDebtCents: number } | null;
  },
): string {
  if (answer.appliesLater) {
    return `${what} por ${formatLempiras(answer.receivedAmountCents)}. Se aplicará a las cuotas mañana a partir de las 8:00 a. m.`;
  }
  const applied = answer.application;
  return applied
    ? `${what}: aplicamos ${formatLempiras(applied.appliedCents)}. Saldo pendiente del préstamo: ${formatLempiras(applied.remainingDebtCents)}.`
    : `${what} por ${formatLempiras(answer.receivedAmountCents)}.`;
}

/** What the second approval did, for the notice after it. */
function approvalNotice(answer: Awaited<ReturnType<typeof decideReceiptApproval>>): string {
  if (answer.state === 'pending') return 'Validación devuelta a caja. El cajero verá el motivo.';
  return moneyNotice('Validación confirmada', answer);
}

/** 'Posible duplicado: el comprobante #12 (…) tiene la misma referencia', one line per other receipt. */
function duplicateWhy(other: ReceiptDetail['duplicates'][number]): string {
  if (other.sameReference && other.samePhoto) return 'la misma referencia y la misma foto';
  return other.sameReference ? 'la misma referencia' : 'la misma foto';
}

function DuplicatesAlert({ receipt, canApprove }: { receipt: ReceiptDetail; canApprove: boolean }) {
  if (receipt.duplicates.length === 0) return null;
  const validatedTwin = receipt.duplicates.find((d) => d.sameReference && d.state === 'validated');
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>Posible duplicado</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {receipt.duplicates.map((other) => (
          <li key={other.id}>
            Posible duplicado: el{' '}
            <Link component={RouterLink} to={`/receipts/${other.id}/show`}>
              comprobante #{other.id}
            </Link>{' '}
            ({other.borrowerName}, préstamo #{other.loanId}, {other.stateLabel}) tiene {duplicateWhy(other)}.
          </li>
        ))}
      </Box>
      {receipt.state === 'pending' &&
        (validatedTwin
          ? `Ya se validó un depósito con esta referencia (comprobante #${validatedTwin.id}): no se puede validar otra vez.`
          : canApprove
            ? 'Revisa que el depósito no se cuente dos veces antes de validar.'
            : 'Si lo validas, la validación quedará «Por aprobar» hasta que un supervisor la confirme.')}
    </Alert>
  );
}

/** A validation waiting as 'Por aprobar': who proposed what, and why it needs another person. */
function AwaitingApproval({ receipt, isOwn }: { receipt: ReceiptDetail; isOwn: boolean }) {
  return (
    <Alert severity="info" role="status" aria-labelledby="awaiting-approval-title">
      <AlertTitle id="awaiting-approval-title">Por aprobar</AlertTitle>
      {receipt.decidedBy ?? 'Un cajero'} validó {formatLempiras(receipt.receivedAmountCents)} con fecha del
      depósito {formatDate(receipt.valueDate)}. Otra persona con permiso de aprobar debe confirmarlo; hasta
      entonces no se mueve dinero. Motivos:
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {receipt.approvalReasons.map((reason) => (
          <li key={reason.code}>{reason.label}</li>
        ))}
      </Box>
      {isOwn && (
        <Typography id="own-validation-note" variant="body2" sx={{ mt: 1, fontWeight: 500 }}>
          No puedes aprobar tu propia validación: otra persona debe confirmarla.
        </Typography>
      )}
    </Alert>
  );
}

function ReceiptDesk({ receipt }: { receipt: ReceiptDetail }) {
  const { permissions: role } = usePermissions<string>();
  const { data: identity } = useGetIdentity();
  const notify = useNotify();
  const findNextPending = useFindNextPendingReceipt();
  const redirect = useRedirect();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<
    'validate' | 'reject' | 'confirm' | 'return' | 'reverse' | undefined
  >();
  /** After a decision here: the queue whose next receipt 'Siguiente' opens. */
  const [nextIn, setNextIn] = useState<'pending' | 'awaiting_approval' | undefined>();

  const canDecide = can(role, 'receipts.decide') && receipt.state === 'pending';
  const canApprove = can(role, 'receipts.approve');
  const canAnswer = canApprove && receipt.state === 'awaiting_approval';
  const canReverse = can(role, 'receipts.reverse') && receipt.state === 'validated';
  const isOwn = identity?.id !== undefined && identity.id === receipt.decidedByStaffId;
  const total = receipt.schedule.length;

  /** After another cashier's decision: the next receipt in `state`, oldest first; the queue when none is left. */
  async function goToNext(state: 'pending' | 'awaiting_approval') {
    setDialog(undefined);
    const next = await findNextPending(receipt.id, state).catch(() => undefined);
    if (next === undefined) {
      notify(
        state === 'pending' ? 'No quedan comprobantes pendientes.' : 'No quedan validaciones por aprobar.',
        { type: 'info' },
      );
      redirect('list', 'receipts');
    } else {
      redirect('show', 'receipts', next);
    }
    refresh();
  }

  /**
   * After a decision the receipt stays on screen as it is now (the amount credited, the state), with
   * 'Siguiente' to open the next one; after another cashier's decision ('Ir al siguiente') the next
   * one opens at once.
   */
  async function afterDecision(answer: Awaited<ReturnType<typeof decideReceipt>> | null) {
    if (!answer) {
      notify('Otro cajero ya decidió sobre este comprobante.', { type: 'info' });
      await goToNext('pending');
      return;
    }
    notify(decisionNotice(answer), { type: 'success', multiLine: true, autoHideDuration: 8000 });
    setDialog(undefined);
    setNextIn('pending');
    refresh();
  }

  function afterApproval(answer: Awaited<ReturnType<typeof decideReceiptApproval>>) {
    notify(approvalNotice(answer), { type: 'success', multiLine: true, autoHideDuration: 8000 });
    setDialog(undefined);
    setNextIn('awaiting_approval');
    refresh();
  }

  const next = nextIn && (
    <NextInQueueButton
      findNext={() => findNextPending(receipt.id, nextIn)}
      showResource="receipts"
      emptyMessage={
        nextIn === 'pending' ? 'No quedan comprobantes pendientes.' : 'No quedan validaciones por aprobar.'
      }
    />
  );
  const credited = receipt.state === 'validated' ? receipt.receivedAmountCents : null;

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <FileHeader
        title={`Comprobante #${receipt.id} · ${formatLempiras(credited ?? receipt.declaredAmountCents)}`}
        actions={
          (next && (
            <Stack direction="row" spacing={1}>
              {canReverse && (
                <Button variant="outlined" color="error" onClick={() => setDialog('reverse')}>
                  Revertir pago
                </Button>
              )}
              {next}
            </Stack>
          )) ||
          (canDecide && (
            <Stack direction="row" spacing={1}>
              <Button variant="contained" color="success" onClick={() => setDialog('validate')}>
                Validar
              </Button>
              <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
                Rechazar
              </Button>
            </Stack>
          )) ||
          (canAnswer && (
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                color="success"
                disabled={isOwn}
                aria-describedby={isOwn ? 'own-validation-note' : undefined}
                onClick={() => setDialog('confirm')}
              >
                Confirmar
              </Button>
              <Button variant="outlined" color="secondary" onClick={() => setDialog('return')}>
                Devolver
              </Button>
            </Stack>
          )) ||
          (canReverse && (
            <Button variant="outlined" color="error" onClick={() => setDialog('reverse')}>
              Revertir pago
            </Button>
          ))
        }
      >
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <StatusChip tone={RECEIPT_STATE_TONES[receipt.state]} label={receipt.stateLabel} />
          <Typography variant="body2">Enviado: {formatDateTime(receipt.sentAt)}</Typography>
        </Stack>
      </FileHeader>

      {receipt.state === 'awaiting_approval' && (
        <AwaitingApproval receipt={receipt} isOwn={isOwn && canApprove} />
      )}
      {receipt.state === 'pending' && receipt.returned && (
        <Alert severity="warning" role="status" aria-labelledby="returned-title">
          <AlertTitle id="returned-title">Validación devuelta</AlertTitle>
          {receipt.returned.by} devolvió la validación el {formatDateTime(receipt.returned.at)}:{' '}
          {receipt.returned.reason}
        </Alert>
      )}
      {receipt.state === 'reversed' && (
        <Alert severity="warning" role="status" aria-labelledby="reversed-title">
          <AlertTitle id="reversed-title">Pago revertido</AlertTitle>
          {receipt.reversedBy ?? 'Un supervisor'} revirtió este pago el{' '}
          {receipt.reversedAt ? formatDateTime(receipt.reversedAt) : '—'}: {receipt.reversalReason}. Las
          cuotas volvieron a quedar como si el dinero nunca hubiera llegado.
        </Alert>
      )}
      <DuplicatesAlert receipt={receipt} canApprove={canApprove} />

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
                Pago {receipt.instalmentPosition}/{total} · vence {formatDate(receipt.instalmentDueDate)}
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
              {receipt.receivedAmountCents !== null && (
                <Fact
                  label={
                    receipt.state === 'awaiting_approval'
                      ? 'Monto recibido (por aprobar)'
                      : receipt.state === 'validated'
                        ? 'Monto recibido (acreditado)'
                        : 'Monto recibido'
                  }
                >
                  {formatLempiras(receipt.receivedAmountCents)}
                </Fact>
              )}
              {receipt.valueDate && <Fact label="Fecha del depósito">{formatDate(receipt.valueDate)}</Fact>}
              {receipt.state === 'rejected' && (
                <Fact label="Motivo del rechazo">{receipt.rejectionReason}</Fact>
              )}
              {receipt.decidedAt && (
                <Fact label="Decidido">
                  {formatDateTime(receipt.decidedAt)} · {receipt.decidedBy ?? '—'}
                </Fact>
              )}
              {receipt.approvedAt && (
                <Fact label="Aprobado">
                  {formatDateTime(receipt.approvedAt)} · {receipt.approvedBy ?? '—'}
                </Fact>
              )}
              {receipt.state !== 'awaiting_approval' && receipt.approvalReasons.length > 0 && (
                <Fact label="Motivos de la aprobación">
                  {receipt.approvalReasons.map((r) => r.label).join('; ')}
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
                  <TableCell>{formatDate(i.dueDate)}</TableCell>
                  <TableCell>{i.statusLabel}</TableCell>
                  <TableCell align="right">{formatLempiras(i.remainingCents)}</TableCell>
                </TableRow>
              ))}
            </ScrollTable>
          </Section>
        </Stack>
      </Box>

      {dialog === 'reverse' && (
        <ReversalDialog
          receipt={receipt}
          onClose={() => setDialog(undefined)}
          onReversed={() => {
            setDialog(undefined);
            notify('Pago revertido. Le avisamos al cliente el motivo.', { type: 'success' });
            refresh();
          }}
        />
      )}
      {dialog === 'validate' && (
        <ValidateDialog
          receipt={receipt}
          photo={
            <ReceiptPhoto
              src={receiptImageUrl(receipt)}
              alt={`Comprobante de depósito con referencia ${receipt.reference}`}
              height={{ xs: 220, md: 440 }}
            />
          }
          waitsForApproval={
            receipt.duplicates.length > 0 && !canApprove
              ? 'Este comprobante es un posible duplicado: tu validación quedará «Por aprobar» hasta que un supervisor la confirme.'
              : undefined
          }
          onClose={() => setDialog(undefined)}
          onDecided={afterDecision}
          onConflict={refresh}
        />
      )}
      {dialog === 'reject' && (
        <RejectDialog
          receipt={receipt}
          onClose={() => setDialog(undefined)}
          onDecided={afterDecision}
          onConflict={refresh}
        />
      )}
      {dialog === 'confirm' && (
        <ConfirmApprovalDialog
          receipt={receipt}
          onClose={() => setDialog(undefined)}
          onAnswered={afterApproval}
          onConflict={refresh}
        />
      )}
      {dialog === 'return' && (
        <ReturnApprovalDialog
          receipt={receipt}
          onClose={() => setDialog(undefined)}
          onAnswered={afterApproval}
          onConflict={refresh}
        />
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

/**
 * One receipt at the cashier's desk: the photo beside its facts, its possible duplicates, and the
 * decision; a validation waiting as 'Por aprobar' is confirmed or returned by another person.
 */
export function ReceiptShow() {
  return (
    <FilePage title="Comprobante de pago">
      <ReceiptShowContent />
    </FilePage>
  );
}
