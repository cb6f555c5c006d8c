import { FormDialog } from '../../../components/form-dialog';
import { ReasonField } from '../../../components/reason-field';
import { formatLempiras } from '../../../lib/format';
import { fieldError, useStaffAction } from '../../../lib/staff-action';
import { useRequiredText } from '../../../lib/use-required-text';
import { useReverseReceipt } from '../api/reverse-receipt';

interface ReversalDialogProps {
  receipt: { id: number; reference: string; receivedAmountCents: number | null };
  onClose: () => void;
  /** The receipt was reversed (or already was, after a 409): the screen reads it again. */
  onReversed: () => void;
}

/**
 * 'Revertir pago' (issue 31 point 4): the reason, which the borrower reads in the app and by SMS.
 * The server undoes the credit and its applications and puts the schedule back as if the money had
 * never arrived; a 409 (someone reversed it first) leaves only 'Cerrar'.
 */
export function ReversalDialog({ receipt, onClose, onReversed }: ReversalDialogProps) {
  const reason = useRequiredText('Escribe el motivo de la reversión: el cliente lo leerá.');
  const reverseReceipt = useReverseReceipt();
  const { send, refusal, isSending } = useStaffAction();
  const reasonError = fieldError(refusal, 'reason', reason.error);
  const reversedElsewhere = refusal?.isConflict ?? false;
  return (
    <FormDialog
      id="reverse-receipt"
      title="Revertir pago"
      intro={
        <>
          Referencia {receipt.reference} por {formatLempiras(receipt.receivedAmountCents ?? 0)}. Se anula el
          crédito y todo lo que se aplicó con él: las cuotas vuelven a quedar como si el pago nunca hubiera
          llegado, con los recargos que correspondan. El cliente recibirá este motivo en la app y por SMS.
        </>
      }
      refusal={refusal}
      fieldsShown={['reason']}
      submitLabel="Revertir pago"
      sendingLabel="Revirtiendo…"
      submitColor="error"
      isSending={isSending}
      isBlocked={reversedElsewhere}
      cancel={
        reversedElsewhere ? { label: 'Cerrar', onClick: onReversed } : { label: 'Cancelar', onClick: onClose }
      }
      onClose={onClose}
      onSubmit={() => {
        const text = reason.take();
        if (text !== undefined) {
          void send(async () => {
            await reverseReceipt(receipt.id, text);
            onReversed();
          });
        }
      }}
    >
      <ReasonField
        id="reverse-reason"
        label="Motivo de la reversión"
        autoFocus
        value={reason.value}
        onChange={reason.onChange}
        error={reasonError}
        hint="Por ejemplo: el banco devolvió el depósito, o se validó en el préstamo equivocado."
        maxLength={500}
      />
    </FormDialog>
  );
}
