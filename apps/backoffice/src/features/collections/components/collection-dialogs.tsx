import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { COLLECTION_STAGES, loanStatusLabel, toCents } from '@prestamos-hn/domain';
import { useState, type FormEvent, type ReactNode } from 'react';
import { HttpError } from 'react-admin';
import { useAddCollectionNote } from '../api/add-collection-note';
import { useAddPaymentPromise } from '../api/add-payment-promise';
import { useChangeCollectionStage } from '../api/change-collection-stage';

interface DialogProps {
  loanId: number;
  onClose: () => void;
  /** The call succeeded: what to tell the person. */
  onDone: (notice: string) => void;
}

type Refusal = { message: string; field?: string; conflict: boolean };

/** Sends a call; a refusal stays in the dialog with the server's Spanish message. */
function useSend(onDone: DialogProps['onDone']) {
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [isSending, setIsSending] = useState(false);
  async function send(call: () => Promise<unknown>, notice: string) {
    setRefusal(undefined);
    setIsSending(true);
    try {
      await call();
      onDone(notice);
    } catch (error) {
      setIsSending(false);
      const field =
        error instanceof HttpError ? (error.body as { field?: string } | undefined)?.field : undefined;
      setRefusal({
        message: error instanceof Error ? error.message : String(error),
        field,
        conflict: error instanceof HttpError && error.status === 409,
      });
    }
  }
  return { send, refusal, isSending };
}

function FormDialog({
  id,
  title,
  intro,
  refusal,
  submitLabel,
  isSending,
  onClose,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  refusal: Refusal | undefined;
  submitLabel: string;
  isSending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <DialogContentText>{intro}</DialogContentText>
            {refusal && !refusal.field && (
              <Alert severity="error" role="alert">
                {refusal.message}
              </Alert>
            )}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={isSending || refusal?.conflict}>
            {isSending ? 'Guardando…' : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const fieldError = (refusal: Refusal | undefined, field: string, local?: string) =>
  local ?? (refusal?.field === field ? refusal.message : undefined);

/** 'Agregar nota': what was said or done with the borrower. */
export function NoteDialog({ loanId, onClose, onDone }: DialogProps) {
  const addNote = useAddCollectionNote();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const { send, refusal, isSending } = useSend(onDone);
  const error = fieldError(refusal, 'text', missing ? 'Escribe la nota.' : undefined);
  return (
    <FormDialog
      id="collection-note"
      title="Agregar nota"
      intro={`Préstamo #${loanId}. La nota queda en la ficha de cobranza y en la auditoría.`}
      refusal={refusal}
      submitLabel="Guardar nota"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => {
        if (text.trim() === '') return setMissing(true);
        void send(() => addNote(loanId, { text: text.trim() }), 'Nota guardada.');
      }}
    >
      <TextField
        id="collection-note-text"
        label="Nota"
        required
        autoFocus
        multiline
        minRows={3}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setMissing(false);
        }}
        error={Boolean(error)}
        helperText={error ?? 'Por ejemplo: llamé y no contestó.'}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** 'Registrar promesa': the date the borrower promised to pay (today or later) and the amount. */
export function PromiseDialog({ loanId, today, onClose, onDone }: DialogProps & { today: string }) {
  const addPromise = useAddPaymentPromise();
  const [promisedOn, setPromisedOn] = useState(today);
  const [amount, setAmount] = useState('');
  const [text, setText] = useState('');
  const [local, setLocal] = useState<{ promisedOn?: string; amount?: string }>({});
  const { send, refusal, isSending } = useSend(onDone);
  const dateError = fieldError(refusal, 'promisedOn', local.promisedOn);
  const amountError = fieldError(refusal, 'amountCents', local.amount);
  return (
    <FormDialog
      id="collection-promise"
      title="Registrar promesa de pago"
      intro={`Préstamo #${loanId}. Anota la fecha y el monto que el cliente prometió pagar.`}
      refusal={refusal}
      submitLabel="Guardar promesa"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => {
        const errors: typeof local = {};
        if (!/^\d{4}-\d{2}-\d{2}$/.test(promisedOn))
          errors.promisedOn = 'Escribe la fecha prometida (AAAA-MM-DD).';
        else if (promisedOn < today) errors.promisedOn = 'La fecha prometida no puede ser anterior a hoy.';
        const trimmed = amount.trim();
        if (!AMOUNT.test(trimmed) || toCents(trimmed) <= 0) {
          errors.amount = 'Escribe el monto prometido en lempiras, mayor que cero (por ejemplo 500.00).';
        }
        setLocal(errors);
        if (errors.promisedOn || errors.amount) return;
        void send(
          () =>
            addPromise(loanId, {
              promisedOn,
              amountCents: toCents(trimmed),
              ...(text.trim() ? { text: text.trim() } : {}),
            }),
          'Promesa de pago registrada.',
        );
      }}
    >
      <TextField
        id="collection-promise-date"
        label="Fecha prometida"
        type="date"
        required
        autoFocus
        value={promisedOn}
        onChange={(event) => setPromisedOn(event.target.value)}
        error={Boolean(dateError)}
        helperText={dateError ?? 'Hoy o una fecha futura.'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
      />
      <TextField
        id="collection-promise-amount"
        label="Monto prometido (L)"
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={Boolean(amountError)}
        helperText={amountError ?? 'En lempiras, con hasta dos decimales: 500.00'}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 12 } }}
      />
      <TextField
        id="collection-promise-text"
        label="Nota (opcional)"
        multiline
        minRows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}

/** 'Cambiar etapa': 9 Alguacil, 10 Corte or 11 Recuperación previa al juicio, with the reason. */
export function StageDialog({ loanId, status, onClose, onDone }: DialogProps & { status: number }) {
  const changeStage = useChangeCollectionStage();
  const choices = COLLECTION_STAGES.filter((stage) => stage !== status);
  const [stage, setStage] = useState<number>(choices[0]!);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const { send, refusal, isSending } = useSend(onDone);
  const error = fieldError(refusal, 'reason', missing ? 'Escribe el motivo del cambio de etapa.' : undefined);
  return (
    <FormDialog
      id="collection-stage"
      title="Cambiar etapa de cobranza"
      intro={`Préstamo #${loanId}, hoy en ${status} ${loanStatusLabel(status)}. Los pagos se siguen aplicando en cualquier etapa.`}
      refusal={refusal}
      submitLabel="Cambiar etapa"
      isSending={isSending}
      onClose={onClose}
      onSubmit={() => {
        if (reason.trim() === '') return setMissing(true);
        void send(
          () => changeStage(loanId, { status: stage, fromStatus: status, reason: reason.trim() }),
          `Préstamo movido a ${stage} ${loanStatusLabel(stage)}.`,
        );
      }}
    >
      <TextField
        select
        id="collection-stage-status"
        label="Nueva etapa"
        required
        value={stage}
        onChange={(event) => setStage(Number(event.target.value))}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {choice} {loanStatusLabel(choice)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="collection-stage-reason"
        label="Motivo"
        required
        multiline
        minRows={3}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setMissing(false);
        }}
        error={Boolean(error)}
        helperText={error ?? 'Por ejemplo: tres promesas incumplidas.'}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
