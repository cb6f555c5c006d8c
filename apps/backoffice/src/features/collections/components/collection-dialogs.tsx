import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COLLECTION_STAGES, loanStatusLabel, toCents } from '@prestamos-hn/domain';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { ReasonField } from '../../../components/reason-field';
import { fieldError, useStaffAction } from '../../../lib/staff-action';
import { useRequiredText } from '../../../lib/use-required-text';
import { useAddCollectionNote } from '../api/add-collection-note';
import { useAddPaymentPromise } from '../api/add-payment-promise';
import { useChangeCollectionStage } from '../api/change-collection-stage';

interface DialogProps {
  loanId: number;
  onClose: () => void;
  /** The call succeeded: what to tell the person. */
  onDone: (notice: string) => void;
}

/**
 * Sends a call; a refusal stays in the dialog with the server's Spanish message, and after a 409
 * the form cannot be sent again.
 */
function useSend({ onClose, onDone }: Omit<DialogProps, 'loanId'>) {
  const { send, refusal, isSending } = useStaffAction();
  return {
    send: (call: () => Promise<unknown>, notice: string) =>
      send(async () => {
        await call();
        onDone(notice);
      }),
    refusal,
    dialog: {
      refusal,
      sendingLabel: 'Guardando…',
      isSending,
      isBlocked: refusal?.isConflict,
      onClose,
    },
  };
}

/** 'Agregar nota': what was said or done with the borrower. */
export function NoteDialog({ loanId, onClose, onDone }: DialogProps) {
  const addNote = useAddCollectionNote();
  const note = useRequiredText('Escribe la nota.');
  const { send, refusal, dialog } = useSend({ onClose, onDone });
  const error = fieldError(refusal, 'text', note.error);
  return (
    <FormDialog
      id="collection-note"
      title="Agregar nota"
      intro={`Préstamo #${loanId}. La nota queda en la ficha de cobranza y en la auditoría.`}
      submitLabel="Guardar nota"
      fieldsShown={['text']}
      {...dialog}
      onSubmit={() => {
        const text = note.take();
        if (text !== undefined) void send(() => addNote(loanId, { text }), 'Nota guardada.');
      }}
    >
      <ReasonField
        id="collection-note-text"
        label="Nota"
        autoFocus
        value={note.value}
        onChange={note.onChange}
        error={error}
        hint="Por ejemplo: llamé y no contestó."
        maxLength={1000}
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
  const { send, refusal, dialog } = useSend({ onClose, onDone });
  const dateError = fieldError(refusal, 'promisedOn', local.promisedOn);
  const amountError = fieldError(refusal, 'amountCents', local.amount);
  return (
    <FormDialog
      id="collection-promise"
      title="Registrar promesa de pago"
      intro={`Préstamo #${loanId}. Anota la fecha y el monto que el cliente prometió pagar.`}
      submitLabel="Guardar promesa"
      fieldsShown={['promisedOn', 'amountCents']}
      {...dialog}
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
  const reason = useRequiredText('Escribe el motivo del cambio de etapa.');
  const { send, refusal, dialog } = useSend({ onClose, onDone });
  const error = fieldError(refusal, 'reason', reason.error);
  return (
    <FormDialog
      id="collection-stage"
      title="Cambiar etapa de cobranza"
      intro={`Préstamo #${loanId}, hoy en ${status} ${loanStatusLabel(status)}. Los pagos se siguen aplicando en cualquier etapa.`}
      submitLabel="Cambiar etapa"
      fieldsShown={['reason']}
      {...dialog}
      onSubmit={() => {
        const text = reason.take();
        if (text === undefined) return;
        void send(
          () => changeStage(loanId, { status: stage, fromStatus: status, reason: text }),
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
      <ReasonField
        id="collection-stage-reason"
        label="Motivo"
        value={reason.value}
        onChange={reason.onChange}
        error={error}
        hint="Por ejemplo: tres promesas incumplidas."
        maxLength={1000}
      />
    </FormDialog>
  );
}
