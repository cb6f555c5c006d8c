import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { HttpError } from 'react-admin';
import { centsToAmountText, formatLempiras } from '../../../lib/format';
import { useDecideReceipt, type ReceiptDecision } from '../api/decide-receipt';

type Answer = Awaited<ReturnType<ReturnType<typeof useDecideReceipt>>>;

interface DialogProps {
  receipt: { id: number; reference: string; declaredAmountCents: number };
  onClose: () => void;
  /** The decision was recorded (the answer), or another cashier's was (null, after a 409). */
  onDecided: (answer: Answer | null) => void;
}

/** Sends a decision; a refusal stays in the dialog with the server's Spanish message. */
function useSendDecision(receiptId: number, onDecided: DialogProps['onDecided']) {
  const decideReceipt = useDecideReceipt();
  const [refusal, setRefusal] = useState<{ message: string; field?: string } | undefined>();
  const [isSending, setIsSending] = useState(false);
  const [decidedElsewhere, setDecidedElsewhere] = useState(false);
  async function send(decision: ReceiptDecision) {
    setRefusal(undefined);
    setIsSending(true);
    try {
      onDecided(await decideReceipt(receiptId, decision));
    } catch (error) {
      setIsSending(false);
      const field =
        error instanceof HttpError ? (error.body as { field?: string } | undefined)?.field : undefined;
      setRefusal({ message: error instanceof Error ? error.message : String(error), field });
      if (error instanceof HttpError && error.status === 409) setDecidedElsewhere(true);
    }
  }
  return { send, refusal, isSending, decidedElsewhere };
}

/** 'Validar': the amount actually received (prefilled with the declared one, editable). */
export function ValidateDialog({ receipt, onClose, onDecided }: DialogProps) {
  const [amount, setAmount] = useState(centsToAmountText(receipt.declaredAmountCents));
  const [missing, setMissing] = useState(false);
  const { send, refusal, isSending, decidedElsewhere } = useSendDecision(receipt.id, onDecided);
  const amountError = missing
    ? 'Escribe el monto recibido.'
    : refusal?.field === 'amount'
      ? refusal.message
      : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amount.trim() === '') {
      setMissing(true);
      return;
    }
    void send({ decision: 'validate', amount: amount.trim() });
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="validate-title">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id="validate-title">Validar comprobante</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <DialogContentText>
              Referencia {receipt.reference}. El cliente declaró {formatLempiras(receipt.declaredAmountCents)}
              . Escribe el monto que realmente llegó al banco: se acredita a su cartera y se aplica a sus
              cuotas.
            </DialogContentText>
            {refusal && refusal.field !== 'amount' && (
              <Alert severity="error" role="alert">
                {refusal.message}
              </Alert>
            )}
            <TextField
              id="validate-amount"
              label="Monto recibido (L)"
              required
              autoFocus
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setMissing(false);
              }}
              error={Boolean(amountError)}
              helperText={amountError ?? 'En lempiras, con hasta dos decimales: 1234.50'}
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 20 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={decidedElsewhere ? () => onDecided(null) : onClose}>
            {decidedElsewhere ? 'Ir al siguiente' : 'Cancelar'}
          </Button>
          <Button type="submit" variant="contained" color="success" disabled={isSending || decidedElsewhere}>
            {isSending ? 'Validando…' : 'Validar'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** 'Rechazar': the reason, which the borrower reads in the app and by SMS. */
export function RejectDialog({ receipt, onClose, onDecided }: DialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const { send, refusal, isSending, decidedElsewhere } = useSendDecision(receipt.id, onDecided);
  const reasonError = missing
    ? 'Escribe el motivo del rechazo: el cliente lo leerá.'
    : refusal?.field === 'reason'
      ? refusal.message
      : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    void send({ decision: 'reject', reason: reason.trim() });
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="reject-title">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id="reject-title">Rechazar comprobante</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <DialogContentText>
              Referencia {receipt.reference} por {formatLempiras(receipt.declaredAmountCents)}. El cliente
              recibirá este motivo en la app y por SMS.
            </DialogContentText>
            {refusal && refusal.field !== 'reason' && (
              <Alert severity="error" role="alert">
                {refusal.message}
              </Alert>
            )}
            <TextField
              id="reject-reason"
              label="Motivo del rechazo"
              required
              autoFocus
              multiline
              minRows={3}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setMissing(false);
              }}
              error={Boolean(reasonError)}
              helperText={
                reasonError ?? 'Por ejemplo: la foto está borrosa, o el depósito no aparece en el banco.'
              }
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={decidedElsewhere ? () => onDecided(null) : onClose}>
            {decidedElsewhere ? 'Ir al siguiente' : 'Cancelar'}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={isSending || decidedElsewhere}>
            {isSending ? 'Rechazando…' : 'Rechazar'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
