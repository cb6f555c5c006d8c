import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/form-dialog';
import { ReasonField } from '../../../components/reason-field';
import { centsToAmountText, formatLempiras } from '../../../lib/format';
import { fieldError, useStaffAction } from '../../../lib/staff-action';
import { useRequiredText } from '../../../lib/use-required-text';
import { useDecideReceipt, type ReceiptDecision } from '../api/decide-receipt';

type Answer = Awaited<ReturnType<ReturnType<typeof useDecideReceipt>>>;

interface DialogProps {
  receipt: { id: number; reference: string; declaredAmountCents: number };
  onClose: () => void;
  /** The decision was recorded (the answer), or another cashier's was (null, after a 409). */
  onDecided: (answer: Answer | null) => void;
}

/**
 * Sends a decision; a refusal stays in the dialog with the server's Spanish message. After a 409
 * the decision cannot be sent again: the first button goes to the next receipt instead.
 */
function useSendDecision(receiptId: number, { onClose, onDecided }: DialogProps) {
  const decideReceipt = useDecideReceipt();
  const { send, refusal, isSending } = useStaffAction();
  const decidedElsewhere = refusal?.isConflict ?? false;
  return {
    send: (decision: ReceiptDecision) =>
      send(async () => onDecided(await decideReceipt(receiptId, decision))),
    refusal,
    dialog: {
      isSending,
      isBlocked: decidedElsewhere,
      cancel: decidedElsewhere
        ? { label: 'Ir al siguiente', onClick: () => onDecided(null) }
        : { label: 'Cancelar', onClick: onClose },
      onClose,
    },
  };
}

/**
 * 'Validar': the amount actually received (prefilled with the declared one, editable) and,
 * optionally, the deposit's date on the bank's side when it is earlier than the day the borrower
 * sent the photo (the money's value date, decision 014); empty, the day sent counts.
 */
export function ValidateDialog(props: DialogProps) {
  const { receipt } = props;
  const amount = useRequiredText(
    'Escribe el monto recibido.',
    centsToAmountText(receipt.declaredAmountCents),
  );
  const [valueDate, setValueDate] = useState('');
  const { send, refusal, dialog } = useSendDecision(receipt.id, props);
  const amountError = fieldError(refusal, 'amount', amount.error);
  const valueDateError = fieldError(refusal, 'valueDate', undefined);

  return (
    <FormDialog
      id="validate"
      title="Validar comprobante"
      maxWidth="xs"
      intro={
        <>
          Referencia {receipt.reference}. El cliente declaró {formatLempiras(receipt.declaredAmountCents)}.
          Escribe el monto que realmente llegó al banco: se acredita a su cartera y se aplica a sus cuotas.
        </>
      }
      refusal={refusal}
      fieldsShown={['amount', 'valueDate']}
      submitLabel="Validar"
      sendingLabel="Validando…"
      submitColor="success"
      {...dialog}
      onSubmit={() => {
        const received = amount.take();
        if (received !== undefined) {
          void send({ decision: 'validate', amount: received, ...(valueDate ? { valueDate } : {}) });
        }
      }}
    >
      <TextField
        id="validate-amount"
        label="Monto recibido (L)"
        required
        autoFocus
        value={amount.value}
        onChange={(event) => amount.onChange(event.target.value)}
        error={Boolean(amountError)}
        helperText={amountError ?? 'En lempiras, con hasta dos decimales: 1234.50'}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 20 } }}
      />
      <TextField
        id="validate-value-date"
        label="Fecha del depósito en el banco (opcional)"
        type="date"
        value={valueDate}
        onChange={(event) => setValueDate(event.target.value)}
        error={Boolean(valueDateError)}
        helperText={
          valueDateError ??
          'Solo si el comprobante muestra una fecha anterior al día en que el cliente lo envió: el pago cuenta desde esa fecha.'
        }
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FormDialog>
  );
}

/** 'Rechazar': the reason, which the borrower reads in the app and by SMS. */
export function RejectDialog(props: DialogProps) {
  const { receipt } = props;
  const reason = useRequiredText('Escribe el motivo del rechazo: el cliente lo leerá.');
  const { send, refusal, dialog } = useSendDecision(receipt.id, props);
  const reasonError = fieldError(refusal, 'reason', reason.error);

  return (
    <FormDialog
      id="reject"
      title="Rechazar comprobante"
      intro={
        <>
          Referencia {receipt.reference} por {formatLempiras(receipt.declaredAmountCents)}. El cliente
          recibirá este motivo en la app y por SMS.
        </>
      }
      refusal={refusal}
      fieldsShown={['reason']}
      submitLabel="Rechazar"
      sendingLabel="Rechazando…"
      submitColor="error"
      {...dialog}
      onSubmit={() => {
        const text = reason.take();
        if (text !== undefined) void send({ decision: 'reject', reason: text });
      }}
    >
      <ReasonField
        id="reject-reason"
        label="Motivo del rechazo"
        autoFocus
        value={reason.value}
        onChange={reason.onChange}
        error={reasonError}
        hint="Por ejemplo: la foto está borrosa, o el depósito no aparece en el banco."
        maxLength={500}
      />
    </FormDialog>
  );
}
