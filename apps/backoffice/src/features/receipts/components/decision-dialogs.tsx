import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { ReasonField } from '../../../components/reason-field';
import { formatLempiras } from '../../../lib/format';
import { fieldError, useStaffAction } from '../../../lib/staff-action';
import { useRequiredText } from '../../../lib/use-required-text';
import { useDecideReceipt, type ReceiptDecision } from '../api/decide-receipt';

type Answer = Awaited<ReturnType<ReturnType<typeof useDecideReceipt>>>;

/** What a dialog reads of the receipt: the photo's hash is the one the cashier is looking at. */
export interface DecidedReceipt {
  id: number;
  reference: string;
  declaredAmountCents: number;
  /** The current photo's SHA-256: the decision names it (a photo replaced meanwhile is refused, 409). */
  photoSha256: string;
  /** Reloaded after a refusal: no longer pending means someone else decided. */
  state: string;
}

interface DialogProps {
  receipt: DecidedReceipt;
  onClose: () => void;
  /** The decision was recorded (the answer), or another cashier's was (null, after a 409). */
  onDecided: (answer: Answer | null) => void;
  /** A 409: the receipt behind the dialog is read again (its state, its photo). */
  onConflict?: () => void;
}

/**
 * Sends a decision with the hash of the photo the cashier saw when the dialog opened; a refusal
 * stays in the dialog with the server's Spanish message. After a 409 the decision cannot be sent
 * again: when another cashier decided, the first button goes to the next receipt; otherwise (the
 * photo changed, the same deposit is already validated) it closes the dialog to look again.
 */
function useSendDecision(receipt: DecidedReceipt, { onClose, onDecided, onConflict }: DialogProps) {
  const decideReceipt = useDecideReceipt();
  const [photoSha256] = useState(receipt.photoSha256);
  const { send, refusal, isSending } = useStaffAction({ onConflict });
  const isConflict = refusal?.isConflict ?? false;
  const decidedElsewhere = isConflict && receipt.state !== 'pending';
  return {
    send: (decision: DistributiveOmit<ReceiptDecision, 'photoSha256'>) =>
      send(async () =>
        onDecided(await decideReceipt(receipt.id, { ...decision, photoSha256 } as ReceiptDecision)),
      ),
    refusal,
    dialog: {
      isSending,
      isBlocked: isConflict,
      cancel: decidedElsewhere
        ? { label: 'Ir al siguiente', onClick: () => onDecided(null) }
        : { label: isConflict ? 'Cerrar' : 'Cancelar', onClick: onClose },
      onClose,
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * 'Validar', with the photo in view (beside the fields on a desktop, above them on a phone): the
 * amount actually received, typed from what the bank shows (the field starts empty, the declared
 * amount beside it, so a cashier never confirms the borrower's number without looking), and,
 * optionally, the deposit's date on the bank's side when it is earlier than the day the borrower
 * sent the photo (the money's value date, decision 014); empty, the day sent counts.
 */
export function ValidateDialog(
  props: DialogProps & {
    /** Why this validation will wait for a second person, known before sending (a possible duplicate). */
    waitsForApproval?: string | undefined;
    /** The receipt's photo, kept in view while the cashier types the amount. */
    photo?: ReactNode;
  },
) {
  const { receipt, waitsForApproval, photo } = props;
  const amount = useRequiredText('Escribe el monto recibido.');
  const [valueDate, setValueDate] = useState('');
  const { send, refusal, dialog } = useSendDecision(receipt, props);
  const amountError = fieldError(refusal, 'amount', amount.error);
  const valueDateError = fieldError(refusal, 'valueDate', undefined);

  return (
    <FormDialog
      id="validate"
      title="Validar comprobante"
      maxWidth={photo ? 'md' : 'xs'}
      aside={photo}
      intro={
        <>
          Referencia {receipt.reference}. Mira la foto y escribe el monto que realmente llegó al banco: se
          acredita a la cartera del cliente y se aplica a sus cuotas.
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
      {waitsForApproval && (
        <Alert severity="warning" id="validate-approval-note">
          {waitsForApproval}
        </Alert>
      )}
      <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start' }}>
        <TextField
          id="validate-amount"
          label="Monto recibido (L)"
          required
          autoFocus
          value={amount.value}
          onChange={(event) => amount.onChange(event.target.value)}
          error={Boolean(amountError)}
          helperText={amountError ?? 'En lempiras, con hasta dos decimales: 1234.50'}
          sx={{ flex: '1 1 auto', minWidth: 0 }}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: 20 } }}
        />
        <Box id="validate-declared" sx={{ flex: '0 0 auto', pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Declarado
          </Typography>
          <Typography sx={{ fontWeight: 500 }}>{formatLempiras(receipt.declaredAmountCents)}</Typography>
        </Box>
      </Stack>
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
      <Typography variant="body2" color="text.secondary">
        Si el monto difiere del declarado, supera lo necesario para liquidar el préstamo o el monto máximo de
        caja, la validación queda «Por aprobar» hasta que otra persona la confirme.
      </Typography>
    </FormDialog>
  );
}

/** 'Rechazar': the reason, which the borrower reads in the app and by SMS. */
export function RejectDialog(props: DialogProps) {
  const { receipt } = props;
  const reason = useRequiredText('Escribe el motivo del rechazo: el cliente lo leerá.');
  const { send, refusal, dialog } = useSendDecision(receipt, props);
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
