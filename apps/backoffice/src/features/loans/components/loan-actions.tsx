import {
  APPROVER_CANNOT_DISBURSE_MESSAGE,
  can,
  formatCents,
  PAYABLE_LOAN_STATUSES,
  todayInTegucigalpa,
} from '@prestamos-hn/domain';
import Button, { type ButtonProps } from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify, usePermissions, useRefresh } from 'react-admin';
import Box from '@mui/material/Box';
import { Facts } from '../../../components/file-section';
import { FormDialog } from '../../../components/form-dialog';
import { NextInQueueButton } from '../../../components/next-in-queue-button';
import { ReasonField } from '../../../components/reason-field';
import { RefusalAlert } from '../../../components/refusal-alert';
import { formatDate, formatLempiras } from '../../../lib/format';
import { useStaffAction } from '../../../lib/staff-action';
import { useRequiredText } from '../../../lib/use-required-text';
import { useDecideLoan } from '../api/decide-loan';
import type { LoanFile } from '../api/get-loan-file';
import { useFindNextLoanRequest } from '../api/list-loans';
import { useRecordDisbursement } from '../api/record-disbursement';
import { useReverseDisbursement } from '../api/reverse-disbursement';

/** From which statuses each action is offered (the server's LOAN_TRANSITIONS; it checks again). */
const TAKE_FROM = [0];
const APPROVE_FROM = [0, 1];
const REJECT_FROM = [0, 1, 5];
const DISBURSE_FROM = [5];
/** 7 El tiempo se acabo, once approved: the server records it if the money went out in time. */
const DISBURSE_EXPIRED_FROM = [7];
const REASON_MAX = 500;

/**
 * Runs an action: on success tells it and reloads the file; on a refusal shows the server's Spanish
 * message and, for a 409 (someone else changed the loan), reloads the file behind it.
 */
function useLoanAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const { send, refusal, isSending, clearRefusal } = useStaffAction({ onConflict: refresh });
  async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
    const ok = await send(action);
    if (ok) {
      notify(done, { type: 'success' });
      refresh();
    }
    return ok;
  }
  return { run, refusal, isSending, clear: clearRefusal };
}

/** The account the disbursement pays, as the cashier types it into the bank: bank, number, holder. */
type PayoutAccount = LoanFile['payoutAccount'];

/**
 * 'Aprobar' asks first: the amount and the borrower, so a click on the wrong file or the wrong
 * amount is caught before the borrower is told.
 */
function ApproveDialog({
  loan,
  borrowerName,
  onClose,
  onDecided,
}: {
  loan: Pick<LoanFile['loan'], 'id' | 'amountCents' | 'payments' | 'termDays'>;
  borrowerName: string;
  onClose: () => void;
  onDecided: () => void;
}) {
  const decideLoan = useDecideLoan();
  const { run, refusal, isSending } = useLoanAction();

  async function handleSubmit() {
    const ok = await run(
      () => decideLoan(loan.id, { decision: 'approve' }),
      'Préstamo aprobado. Le avisamos al cliente.',
    );
    if (ok) onDecided();
  }

  return (
    <FormDialog
      id="approve"
      title={`¿Aprobar el préstamo #${loan.id}?`}
      maxWidth="xs"
      intro={
        <>
          Vas a aprobar <strong>{formatLempiras(loan.amountCents)}</strong> para{' '}
          <strong>{borrowerName}</strong> ({loan.payments} {loan.payments === 1 ? 'pago' : 'pagos'} en{' '}
          {loan.termDays} días). Le avisaremos al cliente y el préstamo quedará listo para el desembolso.
        </>
      }
      refusal={refusal}
      submitLabel="Aprobar préstamo"
      sendingLabel="Aprobando…"
      submitColor="success"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
    >
      {null}
    </FormDialog>
  );
}

/** 'Rechazar': the reason the borrower will read, then the rejection. */
function RejectDialog({
  loanId,
  onClose,
  onDecided,
}: {
  loanId: number;
  onClose: () => void;
  onDecided: () => void;
}) {
  const decideLoan = useDecideLoan();
  const { run, refusal, isSending } = useLoanAction();
  const reason = useRequiredText('Escribe el motivo del rechazo: el cliente lo leerá.');

  async function handleSubmit() {
    const text = reason.take();
    if (text === undefined) return;
    const ok = await run(
      () => decideLoan(loanId, { decision: 'reject', reason: text }),
      'Solicitud rechazada. Le avisamos al cliente.',
    );
    if (ok) onDecided();
  }

  return (
    <FormDialog
      id="reject"
      title={`Rechazar la solicitud #${loanId}`}
      refusal={refusal}
      submitLabel="Rechazar solicitud"
      sendingLabel="Enviando…"
      submitColor="error"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
    >
      <DialogContentText>El cliente leerá este motivo en la aplicación y por SMS.</DialogContentText>
      <ReasonField
        id="reject-reason"
        label="Motivo del rechazo"
        value={reason.value}
        onChange={reason.onChange}
        error={reason.error}
        hint={`${reason.value.length}/${REASON_MAX}`}
        maxLength={REASON_MAX}
      />
    </FormDialog>
  );
}

/**
 * 'Registrar desembolso': first what to transfer and where (the amount, the contract's account and
 * its holder), then the day the money was sent (today in Tegucigalpa by default) and the
 * transfer's reference. For a loan that expired (`expiredOn`, its last good day), the day must be
 * on or before it (decision 014), which the dialog says; it is typed, never filled in.
 */
function DisbursementDialog({
  loanId,
  amountCents,
  borrowerName,
  payoutAccount,
  requestedOn,
  expiredOn,
  onClose,
}: {
  loanId: number;
  amountCents: number;
  borrowerName: string | undefined;
  payoutAccount: PayoutAccount | undefined;
  requestedOn: string;
  expiredOn: string | null;
  onClose: () => void;
}) {
  const recordDisbursement = useRecordDisbursement();
  const { run, refusal, isSending } = useLoanAction();
  const today = todayInTegucigalpa(new Date());
  const latest = expiredOn !== null && expiredOn < today ? expiredOn : today;
  // For an expired loan the day decides whether it is accepted: the cashier types it, no default.
  const [disbursedOn, setDisbursedOn] = useState(expiredOn === null ? today : '');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<{ disbursedOn?: string; reference?: string }>({});

  async function handleSubmit() {
    const found: typeof errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(disbursedOn))
      found.disbursedOn = 'Escribe la fecha del desembolso (AAAA-MM-DD).';
    if (reference.trim() === '')
      found.reference = 'Escribe la referencia de la transferencia del desembolso.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const ok = await run(
      () => recordDisbursement(loanId, { disbursedOn, reference: reference.trim() }),
      'Desembolso registrado. El plan de pagos está listo.',
    );
    if (ok) onClose();
  }

  return (
    <FormDialog
      id="disbursement"
      title={`Registrar el desembolso del préstamo #${loanId}`}
      maxWidth="xs"
      refusal={refusal}
      submitLabel="Registrar desembolso"
      sendingLabel="Enviando…"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
    >
      <Box
        role="group"
        aria-label="Transferencia a realizar"
        sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Facts
          pairsPerRow={1}
          items={[
            ['Monto a transferir', <strong key="amount">{formatLempiras(amountCents)}</strong>],
            [
              'Cuenta de destino',
              payoutAccount && payoutAccount.accountNumber
                ? `${payoutAccount.bankName ?? `Banco ${payoutAccount.bank}`} · ${payoutAccount.accountNumber}`
                : 'Sin cuenta aceptada con el contrato',
            ],
            ...(borrowerName ? ([['A nombre de', borrowerName]] as [string, string][]) : []),
          ]}
        />
      </Box>
      <DialogContentText>Las cuotas vencen contando desde el día del desembolso.</DialogContentText>
      {expiredOn !== null && (
        <DialogContentText>
          Esta solicitud venció: solo se registra si el dinero salió a más tardar el {formatDate(expiredOn)}.
        </DialogContentText>
      )}
      <TextField
        id="disbursement-date"
        label="Fecha del desembolso"
        type="date"
        required
        value={disbursedOn}
        onChange={(event) => {
          setDisbursedOn(event.target.value);
          setErrors({ ...errors, disbursedOn: undefined });
        }}
        error={Boolean(errors.disbursedOn)}
        helperText={errors.disbursedOn}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: requestedOn, max: latest } }}
      />
      <TextField
        id="disbursement-reference"
        label="Referencia de la transferencia"
        required
        value={reference}
        onChange={(event) => {
          setReference(event.target.value);
          setErrors({ ...errors, reference: undefined });
        }}
        error={Boolean(errors.reference)}
        helperText={errors.reference}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
    </FormDialog>
  );
}

/**
 * 'Revertir desembolso' (issue 31): the reason staff keep with it; the server refuses once money
 * reached the loan. The loan goes back to 'Reunido' and its schedule is voided.
 */
function ReversalDialog({
  loan,
  onClose,
}: {
  loan: Pick<LoanFile['loan'], 'id' | 'amountCents' | 'disbursementReference'>;
  onClose: () => void;
}) {
  const reverseDisbursement = useReverseDisbursement();
  const { run, refusal, isSending } = useLoanAction();
  const reason = useRequiredText('Escribe el motivo de la reversión.');

  async function handleSubmit() {
    const text = reason.take();
    if (text === undefined) return;
    const ok = await run(
      () => reverseDisbursement(loan.id, { reason: text }),
      'Desembolso revertido. El préstamo volvió a «Reunido» y le avisamos al cliente.',
    );
    if (ok) onClose();
  }

  return (
    <FormDialog
      id="reversal"
      title={`Revertir el desembolso del préstamo #${loan.id}`}
      refusal={refusal}
      fieldsShown={['reason']}
      submitLabel="Revertir desembolso"
      sendingLabel="Enviando…"
      submitColor="error"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => void handleSubmit()}
    >
      <DialogContentText>
        Se anula el registro del desembolso de L {formatCents(loan.amountCents)} (referencia{' '}
        {loan.disbursementReference ?? '—'}): el préstamo vuelve a «Reunido», su plan de pagos se anula y le
        avisamos al cliente por SMS. Solo es posible mientras el préstamo no haya recibido dinero.
      </DialogContentText>
      <ReasonField
        id="reversal-reason"
        label="Motivo de la reversión"
        value={reason.value}
        onChange={reason.onChange}
        error={reason.error ?? (refusal?.field === 'reason' ? refusal.message : undefined)}
        hint={`Queda en el historial del préstamo. ${reason.value.length}/${REASON_MAX}`}
        maxLength={REASON_MAX}
        autoFocus
      />
    </FormDialog>
  );
}

type Dialog = 'approve' | 'reject' | 'disburse' | 'reverse';

/**
 * The actions on a loan, by the role's permissions and the loan's status: 'Tomar' (0), 'Aprobar'
 * (0 or 1) and 'Rechazar' (0, 1 or 5) for analysts; 'Registrar desembolso' (5, or 7 once approved:
 * money sent before it expired) for cashiers, shown disabled with the reason to the person who
 * approved the loan (issue 31); 'Revertir desembolso' for a disbursed loan, for holders of
 * `loans.reverse_disbursement`.
 */
export function LoanActions({
  loan,
  borrowerName,
  payoutAccount,
}: {
  loan: LoanFile['loan'];
  /** The borrower's full name: the approval and the disbursement name them. */
  borrowerName?: string;
  /** The account accepted with the contract, which the disbursement pays. */
  payoutAccount?: PayoutAccount;
}) {
  const { permissions } = usePermissions<string>();
  const decideLoan = useDecideLoan();
  const findNextRequest = useFindNextLoanRequest();
  const { run, refusal, isSending, clear } = useLoanAction();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  /** A decision (approval, rejection) was made here: 'Siguiente' opens the next request. */
  const [decided, setDecided] = useState(false);
  const afterDecision = () => {
    setDialog(null);
    setDecided(true);
  };
  const decides = can(permissions, 'loans.decide');
  const disburses = can(permissions, 'loans.disburse');
  const reverses = can(permissions, 'loans.reverse_disbursement');
  const offer = (from: readonly number[]) => from.includes(loan.status);
  const expiredApproved = offer(DISBURSE_EXPIRED_FROM) && loan.approvedOn !== null;
  const openDialog = (which: Dialog) => () => {
    clear();
    setDialog(which);
  };
  const actions: {
    label: string;
    offered: boolean;
    variant: ButtonProps['variant'];
    color?: ButtonProps['color'];
    /** Shown, but not available to this person: why. */
    blockedBy?: string;
    onClick: () => void;
  }[] = [
    {
      label: 'Tomar',
      offered: decides && offer(TAKE_FROM),
      variant: 'outlined',
      onClick: () => void run(() => decideLoan(loan.id, { decision: 'take' }), 'Tomaste la solicitud.'),
    },
    {
      label: 'Aprobar',
      offered: decides && offer(APPROVE_FROM),
      variant: 'contained',
      color: 'success',
      onClick: openDialog('approve'),
    },
    {
      label: 'Rechazar',
      offered: decides && offer(REJECT_FROM),
      variant: 'outlined',
      color: 'error',
      onClick: openDialog('reject'),
    },
    {
      label: 'Registrar desembolso',
      offered: disburses && (offer(DISBURSE_FROM) || expiredApproved),
      variant: 'contained',
      blockedBy: loan.approvedByYou ? APPROVER_CANNOT_DISBURSE_MESSAGE : undefined,
      onClick: openDialog('disburse'),
    },
    {
      label: 'Revertir desembolso',
      offered: reverses && loan.disbursedOn !== null && offer(PAYABLE_LOAN_STATUSES),
      variant: 'outlined',
      color: 'error',
      onClick: openDialog('reverse'),
    },
  ];
  const buttons = actions.filter((action) => action.offered);
  if (buttons.length === 0 && !refusal && !decided) return null;
  const blocked = buttons.filter((action) => action.blockedBy);
  return (
    <Stack spacing={1} sx={{ alignItems: { sm: 'flex-end' } }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {decided && (
          <NextInQueueButton
            findNext={() => findNextRequest(loan.id)}
            showResource="loans"
            emptyMessage="No quedan solicitudes por decidir."
          />
        )}
        {buttons.map(({ label, variant, color, blockedBy, onClick }) => (
          <Button
            key={label}
            variant={variant}
            color={color}
            disabled={isSending || blockedBy !== undefined}
            aria-describedby={blockedBy ? 'loan-action-blocked' : undefined}
            onClick={onClick}
          >
            {label}
          </Button>
        ))}
      </Stack>
      {blocked.length > 0 && (
        <Typography id="loan-action-blocked" variant="body2" color="text.secondary">
          {blocked.map((action) => action.blockedBy).join(' ')}
        </Typography>
      )}
      <RefusalAlert message={refusal?.message} />
      {dialog === 'approve' && (
        <ApproveDialog
          loan={loan}
          borrowerName={borrowerName ?? `el cliente del préstamo #${loan.id}`}
          onClose={() => setDialog(null)}
          onDecided={afterDecision}
        />
      )}
      {dialog === 'reject' && (
        <RejectDialog loanId={loan.id} onClose={() => setDialog(null)} onDecided={afterDecision} />
      )}
      {dialog === 'disburse' && (
        <DisbursementDialog
          loanId={loan.id}
          amountCents={loan.amountCents}
          borrowerName={borrowerName}
          payoutAccount={payoutAccount}
          requestedOn={loan.requestedOn}
          expiredOn={expiredApproved ? loan.offerExpiresOn : null}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'reverse' && <ReversalDialog loan={loan} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
