import { paymentSplitText } from '@prestamos-hn/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Section, SimpleTable } from '../../../components/file-section';
import { StatusChip } from '../../../components/status-chip';
import { formatDate, formatDateTime, formatLempiras } from '../../../lib/format';
import { useBorrowerLedger, type BorrowerLedger } from '../api/get-borrower-ledger';
import { RECEIPT_STATE_TONES } from './receipt-queue';

const ENTRY_KINDS: Record<BorrowerLedger['entries'][number]['kind'], string> = {
  credit: 'Crédito (comprobante validado)',
  debit: 'Débito (aplicado a cuotas)',
  reversal: 'Reversión',
  release: 'Devuelto a la cartera (cargo que ya no se debe)',
  refund: 'Devolución al cliente',
  transfer: 'Traslado de saldo a favor',
};

type LedgerEntry = BorrowerLedger['entries'][number];

/** The ledger row's 'Detalle': what the entry was about. */
function entryDetail(e: LedgerEntry): string {
  switch (e.kind) {
    case 'debit':
    case 'release':
      return e.allocation
        ? `${paymentSplitText(e.allocation.split)} (cuotas ${e.allocation.instalments.map((i) => i.position).join(', ')})`
        : '—';
    case 'credit':
      return `Comprobante #${e.receiptId ?? '—'}${e.valueDate ? ` · fecha valor ${formatDate(e.valueDate)}` : ''}${e.staffName ? ` · ${e.staffName}` : ''}`;
    case 'refund':
      return `Referencia ${e.reference ?? '—'}${e.staffName ? ` · ${e.staffName}` : ''}`;
    case 'transfer':
      return e.amountCents > 0
        ? `Desde el préstamo #${e.relatedLoanId ?? '—'}`
        : `Al préstamo #${e.relatedLoanId ?? '—'}`;
    case 'reversal':
      return `Revierte el movimiento #${e.reversesEntryId ?? '—'}`;
  }
}

/** What a receipt put in the wallet: credited once validated; proposed or undone otherwise. */
function creditedText(r: BorrowerLedger['receipts'][number]): string {
  if (r.receivedAmountCents === null) return '—';
  const amount = formatLempiras(r.receivedAmountCents);
  if (r.state === 'awaiting_approval') return `${amount} por aprobar`;
  if (r.state === 'reversed') return `${amount} (revertido)`;
  return amount;
}

/** 'L 50.00 de L 50.00': what was covered of a part of an instalment. */
const coveredOf = (covered: number, due: number) =>
  due === 0 && covered === 0 ? '—' : `${formatLempiras(covered)} de ${formatLempiras(due)}`;

function LedgerContent({ ledger }: { ledger: BorrowerLedger }) {
  return (
    <Stack spacing={3}>
      <Typography>
        Depósito por aplicar (todas sus carteras):{' '}
        <Box component="strong">{formatLempiras(ledger.walletBalanceCents)}</Box>
      </Typography>

      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
          Movimientos de la cartera
        </Typography>
        <SimpleTable
          label="Movimientos de la cartera"
          head={['Fecha', 'Préstamo', 'Movimiento', 'Monto', 'Saldo del préstamo', 'Detalle']}
          rows={ledger.entries.map((e) => [
            formatDateTime(e.createdAt),
            `#${e.loanId}`,
            ENTRY_KINDS[e.kind],
            formatLempiras(e.amountCents),
            formatLempiras(e.loanBalanceCents),
            entryDetail(e),
          ])}
        />
      </Box>

      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
          Comprobantes
        </Typography>
        <SimpleTable
          label="Comprobantes del cliente"
          head={['Enviado', 'Préstamo', 'Referencia', 'Declarado', 'Acreditado', 'Estado']}
          rows={ledger.receipts.map((r) => [
            <Link key="id" component={RouterLink} to={`/receipts/${r.id}/show`}>
              {formatDateTime(r.sentAt)}
            </Link>,
            `#${r.loanId} · Pago ${r.instalmentPosition}`,
            r.reference,
            formatLempiras(r.declaredAmountCents),
            creditedText(r),
            <Box key="state">
              <StatusChip tone={RECEIPT_STATE_TONES[r.state]} label={r.stateLabel} />
              {r.rejectionReason && (
                <Typography variant="caption" component="p">
                  {r.rejectionReason}
                </Typography>
              )}
            </Box>,
          ])}
        />
      </Box>

      {ledger.loans.map((loan) => (
        <Box key={loan.id}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
            Préstamo #{loan.id} · {loan.statusLabel} · {formatLempiras(loan.amountCents)}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Deuda: {formatLempiras(loan.debtCents)} · Depósito por aplicar:{' '}
            {formatLempiras(loan.walletBalanceCents)}
            {loan.disbursedOn ? ` · Desembolsado el ${formatDate(loan.disbursedOn)}` : ''}
          </Typography>
          {loan.instalments.length === 0 ? (
            <Typography>Sin plan de pagos (aún no se desembolsa).</Typography>
          ) : (
            <SimpleTable
              label={`Plan de pagos del préstamo ${loan.id}`}
              head={[
                'Cuota',
                'Vence',
                'Estado',
                'Recargo por mora',
                'Intereses',
                'Gastos administrativos',
                'Capital',
                'Pendiente',
              ]}
              rows={loan.instalments.map((i) => [
                `Pago ${i.position}/${loan.instalments.length}`,
                formatDate(i.dueDate),
                i.statusLabel,
                coveredOf(i.lateFeeCoveredCents, i.lateFeeCents),
                coveredOf(i.chargeCoveredCents, i.chargeCents),
                coveredOf(i.administratorFeeCoveredCents, i.administratorFeeCents),
                coveredOf(i.amountCoveredCents, i.amountCents),
                formatLempiras(i.remainingCents),
              ])}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The money side of the borrower file: the wallet ledger, the receipts and the schedules covered. */
export function BorrowerLedgerSection({ borrowerId }: { borrowerId: number }) {
  const { data, error, isPending } = useBorrowerLedger(borrowerId);
  return (
    <Section title="Cartera y pagos" id="section-ledger">
      {isPending ? (
        <CircularProgress aria-label="Cargando la cartera" size={24} />
      ) : error ? (
        <Alert severity="error">{error.message}</Alert>
      ) : (
        <LedgerContent ledger={data} />
      )}
    </Section>
  );
}
