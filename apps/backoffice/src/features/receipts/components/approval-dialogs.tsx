import Box from '@mui/material/Box';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { ReasonField } from '../../../components/reason-field';
import { formatDate, formatDateTime, formatLempiras } from '../../../lib/format';
import { fieldError, useStaffAction } from '../../../lib/staff-action';
import { useRequiredText } from '../../../lib/use-required-text';
import { useDecideReceiptApproval, type ReceiptApprovalDecision } from '../api/decide-receipt-approval';

type Answer = Awaited<ReturnType<ReturnType<typeof useDecideReceiptApproval>>>;

/** What the second person reads of the validation waiting as 'Por aprobar'. */
export interface WaitingReceipt {
  id: number;
  reference: string;
  declaredAmountCents: number;
  receivedAmountCents: number | null;
  valueDate: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  approvalReasons: { code: string; label: string }[];
  /** The photo's SHA-256 the person is looking at: the answer names it. */
  photoSha256: string;
}

interface DialogProps {
  receipt: WaitingReceipt;
  onClose: () => void;
  onAnswered: (answer: Answer) => void;
  /** A 409 (someone else answered, the photo changed): the receipt behind the dialog is read again. */
  onConflict?: () => void;
}

/** Sends the answer with the photo seen when the dialog opened; after a 409 it can only be closed. */
function useSendAnswer(receipt: WaitingReceipt, { onClose, onAnswered, onConflict }: DialogProps) {
  const decide = useDecideReceiptApproval();
  const [photoSha256] = useState(receipt.photoSha256);
  const { send, refusal, isSending } = useStaffAction({ onConflict });
  const isConflict = refusal?.isConflict ?? false;
  return {
    send: (answer: { decision: 'confirm' } | { decision: 'return'; reason: string }) =>
      send(async () =>
        onAnswered(await decide(receipt.id, { ...answer, photoSha256 } as ReceiptApprovalDecision)),
      ),
    refusal,
    dialog: {
      isSending,
      isBlocked: isConflict,
      cancel: { label: isConflict ? 'Cerrar' : 'Cancelar', onClick: onClose },
      onClose,
    },
  };
}

/** The cashier's proposal, in one sentence, and why it waits. */
function Proposal({ receipt }: { receipt: WaitingReceipt }) {
  return (
    <>
      {receipt.decidedBy ?? 'Un cajero'} validó el comprobante con referencia {receipt.reference} por{' '}
      {formatLempiras(receipt.receivedAmountCents)} (el cliente declaró{' '}
      {formatLempiras(receipt.declaredAmountCents)}), con fecha del depósito {formatDate(receipt.valueDate)}
      {receipt.decidedAt ? `, el ${formatDateTime(receipt.decidedAt)}` : ''}.
    </>
  );
}

function Reasons({ receipt }: { receipt: WaitingReceipt }) {
  return (
    <Box component="ul" aria-label="Motivos de la aprobación" sx={{ m: 0, pl: 3 }}>
      {receipt.approvalReasons.map((reason) => (
        <li key={reason.code}>{reason.label}</li>
      ))}
    </Box>
  );
}

/**
 * 'Confirmar': the second person agrees with the cashier's validation; the money is credited to the
 * borrower's wallet and applied to the instalments, as a direct validation does.
 */
export function ConfirmApprovalDialog(props: DialogProps) {
  const { receipt } = props;
  const { send, refusal, dialog } = useSendAnswer(receipt, props);
  return (
    <FormDialog
      id="confirm-approval"
      title="Confirmar validación"
      maxWidth="xs"
      intro={
        <>
          <Proposal receipt={receipt} /> Al confirmar, el dinero se acredita a la cartera del cliente y se
          aplica a sus cuotas.
        </>
      }
      refusal={refusal}
      submitLabel="Confirmar"
      sendingLabel="Confirmando…"
      submitColor="success"
      {...dialog}
      onSubmit={() => void send({ decision: 'confirm' })}
    >
      <Reasons receipt={receipt} />
    </FormDialog>
  );
}

/** 'Devolver': the validation goes back to the cashier (pending again) with the reason they read. */
export function ReturnApprovalDialog(props: DialogProps) {
  const { receipt } = props;
  const reason = useRequiredText('Escribe por qué devuelves la validación: el cajero lo leerá.');
  const { send, refusal, dialog } = useSendAnswer(receipt, props);
  const reasonError = fieldError(refusal, 'reason', reason.error);
  return (
    <FormDialog
      id="return-approval"
      title="Devolver validación"
      intro={
        <>
          <Proposal receipt={receipt} /> El comprobante vuelve a caja como pendiente; no se mueve dinero.
        </>
      }
      refusal={refusal}
      fieldsShown={['reason']}
      submitLabel="Devolver"
      sendingLabel="Devolviendo…"
      submitColor="secondary"
      {...dialog}
      onSubmit={() => {
        const text = reason.take();
        if (text !== undefined) void send({ decision: 'return', reason: text });
      }}
    >
      <ReasonField
        id="return-approval-reason"
        label="Motivo de la devolución"
        autoFocus
        value={reason.value}
        onChange={reason.onChange}
        error={reasonError}
        hint="El cajero lo leerá. Por ejemplo: el banco muestra otro monto."
        maxLength={500}
      />
    </FormDialog>
  );
}
