import { can, formatCents } from '@prestamos-hn/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, usePermissions, useRefresh } from 'react-admin';
import { Facts, Section } from '../../../components/file-section';
import { FormDialog } from '../../../components/form-dialog';
import { RefusalAlert } from '../../../components/refusal-alert';
import { formatDate } from '../../../lib/format';
import { queryKeys } from '../../../lib/query-keys';
import { fieldError, useStaffAction } from '../../../lib/staff-action';
import { useLoanPayoff, type LoanPayoff } from '../api/get-loan-payoff';
import { useRefundLoanCredit } from '../api/refund-loan-credit';

const lempiras = (cents: number) => `L ${formatCents(cents)}`;
/** A YYYY-MM-DD day as staff read it: 22/11/2026. */
const day = (iso: string) => formatDate(iso);
/** Centavos as the amount field takes them: 2500 gives '25.00'. */
const amountText = (cents: number) => formatCents(cents).replaceAll(',', '');

const AMOUNT_FORMAT = /^\d{1,9}(\.\d{1,2})?$/;
const REFERENCE_MAX = 40;

/**
 * 'Devolver saldo': how much of the credit goes back (all of it unless changed) and the bank
 * transfer's reference. The server checks again: at most the credit, a paid loan only.
 */
export function RefundDialog({
  loanId,
  creditCents,
  onClose,
}: {
  loanId: number;
  creditCents: number;
  onClose: () => void;
}) {
  const refundLoanCredit = useRefundLoanCredit();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.loanPayoff(loanId) });
  const { send, refusal, isSending } = useStaffAction({ onConflict: reload });
  const [amount, setAmount] = useState(amountText(creditCents));
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reference?: string }>({});

  async function handleSubmit() {
    const found: typeof errors = {};
    const typed = amount.trim();
    if (!AMOUNT_FORMAT.test(typed) || Number(typed) <= 0) {
      found.amount = 'Escribe el monto a devolver en lempiras, con hasta dos decimales (por ejemplo 25.50).';
    }
    if (reference.trim() === '') found.reference = 'Escribe la referencia bancaria de la devolución.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const ok = await send(() => refundLoanCredit(loanId, { amount: typed, reference: reference.trim() }));
    if (!ok) return;
    notify('Saldo devuelto. Le avisamos al cliente por SMS.', { type: 'success' });
    reload();
    refresh();
    onClose();
  }

  return (
    <FormDialog
      id="refund"
      title={`Devolver el saldo a favor del préstamo #${loanId}`}
      maxWidth="xs"
      refusal={refusal}
      fieldsShown={['amount', 'reference']}
      submitLabel="Devolver saldo"
      sendingLabel="Enviando…"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
    >
      <DialogContentText>
        Saldo a favor: {lempiras(creditCents)}. Registra la transferencia ya hecha a la cuenta del cliente; le
        avisaremos por SMS.
      </DialogContentText>
      <TextField
        id="refund-amount"
        label="Monto a devolver (L)"
        required
        autoFocus
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setErrors({ ...errors, amount: undefined });
        }}
        error={Boolean(fieldError(refusal, 'amount', errors.amount))}
        helperText={fieldError(refusal, 'amount', errors.amount) ?? `Como máximo ${lempiras(creditCents)}.`}
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
      />
      <TextField
        id="refund-reference"
        label="Referencia bancaria"
        required
        value={reference}
        onChange={(event) => {
          setReference(event.target.value);
          setErrors({ ...errors, reference: undefined });
        }}
        error={Boolean(fieldError(refusal, 'reference', errors.reference))}
        helperText={fieldError(refusal, 'reference', errors.reference)}
        slotProps={{ htmlInput: { maxLength: REFERENCE_MAX } }}
      />
    </FormDialog>
  );
}

/** The quote's and the credit's facts, one label-value pair per row. */
function PayoffFacts({ payoff }: { payoff: LoanPayoff }) {
  const q = payoff.quote;
  const items: [string, string][] = q
    ? [
        ['Fecha', `${day(q.asOf)} (válida solo ese día)`],
        ['Capital pendiente', lempiras(q.principalCents)],
        ['Intereses a la fecha', lempiras(q.interestCents)],
        ['Gastos administrativos', lempiras(q.feesCents)],
        ['Recargos por mora', lempiras(q.lateFeesCents)],
        ['Pagado por adelantado (se descuenta)', lempiras(q.creditedBackCents)],
        ['Monto para liquidar', lempiras(q.payoffCents)],
        ['Depósito por aplicar', lempiras(payoff.walletBalanceCents)],
      ]
    : [['Saldo a tu favor', lempiras(payoff.creditCents)]];
  return <Facts items={items} pairsPerRow={1} />;
}

/**
 * 'Liquidación' of the loan file (decision 014, points 4 and 5): while the loan is being paid, what
 * pays it off today and its parts; once paid, the borrower's credit ('Saldo a tu favor') and, for
 * a role with `loans.refund`, 'Devolver saldo'. Loading, a refused read and nothing to show are
 * each said.
 */
export function PayoffSection({ loanId }: { loanId: number }) {
  const { permissions } = usePermissions<string>();
  const payoff = useLoanPayoff(loanId);
  const [isRefundOpen, setIsRefundOpen] = useState(false);
  let content;
  if (payoff.isPending) {
    content = <CircularProgress aria-label="Cargando la liquidación" size={24} />;
  } else if (payoff.isError) {
    content = <RefusalAlert message={payoff.error.message} />;
  } else if (!payoff.data.quote && payoff.data.creditCents === 0) {
    content = (
      <Typography variant="body2" color="text.secondary">
        {payoff.data.status === 4
          ? 'El préstamo está pagado y no tiene saldo a favor.'
          : `Sin liquidación: el préstamo está en estado «${payoff.data.statusLabel}».`}
      </Typography>
    );
  } else {
    const data = payoff.data;
    content = (
      <Stack spacing={2}>
        <PayoffFacts payoff={data} />
        {data.creditCents > 0 && can(permissions, 'loans.refund') && (
          <Box>
            <Button variant="outlined" onClick={() => setIsRefundOpen(true)}>
              Devolver saldo
            </Button>
          </Box>
        )}
        {isRefundOpen && (
          <RefundDialog
            loanId={loanId}
            creditCents={data.creditCents}
            onClose={() => setIsRefundOpen(false)}
          />
        )}
      </Stack>
    );
  }
  return (
    <Section title="Liquidación" id="section-payoff">
      {content}
    </Section>
  );
}
