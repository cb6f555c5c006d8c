import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { TextField } from '../../../components/text-field';
import Typography from '@mui/material/Typography';
import {
  cleanReceiptReference,
  instalmentDueCents,
  instalmentPositionLabel,
  RECEIPT_ALREADY_UPLOADED_MESSAGE,
  receiptSchema,
  VALIDATION_ERROR_MESSAGE,
  type Instalment,
} from '@prestamos-hn/domain';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { newOutboxId, outboxOwner } from '../../../lib/offline-outbox';
import { prepareImageForUpload } from '../../../lib/scale-image';
import { getSessionData } from '../../../lib/session';
import { SelectField } from '../../../components/select-field';
import { useReceiptReferenceCheck } from '../api/check-receipt-reference';
import { useCollectionAccounts } from '../api/get-collection-accounts';
import { receiptOutbox } from '../api/receipt-outbox';
import { useSendReceipt, type ReceiptToSend } from '../api/send-receipt';
import {
  AMOUNT_LABEL,
  ANY_LISTED_BANK_TEXT,
  BAC_DIALOG_TITLE,
  CLOSE_LABEL,
  DEFAULT_DEPOSIT_BANK,
  DEPOSIT_BANK_LABEL,
  REFERENCE_FIRST_TEXT,
  REFERENCE_LABEL,
  SEND_RECEIPT_LABEL,
  UPLOADING_TEXT,
} from '../utils/plan-texts';
import { formatCentsAsLempiras } from '../utils/plan-view';
import { ReceiptPhotoField } from './receipt-photo-field';

type ReceiptValues = z.input<typeof receiptSchema>;
type Receipt = z.output<typeof receiptSchema>;

interface BankReceiptDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the server took the receipt (the screen shows the success pop-up). */
  onSent: () => void;
  /**
   * Without connection the receipt is kept on the phone and sent when the connection returns
   * (decision 018): the dialog closes, and the plan lists it 'Pendiente de enviar'.
   */
  onQueued?: () => void;
  containerId: number;
  /** The instalment the receipt goes against: the first one not paid (instalmentToPay). */
  instalment: Instalment | undefined;
  /** The number of instalments, for 'Pago i/total'. */
  total: number;
  /** 'Monto a Pagar' as the dialog opens (lempiras as text, e.g. the payoff '10516.67'); empty otherwise. */
  initialAmount?: string;
  /** The amount field's note instead of the instalment's due amount (e.g. 'Liquidación del préstamo: L …'). */
  amountHint?: string;
}

/**
 * 'Subir Archivo BAC' (SPEC sections 2 and 5): 'Monto a Pagar', 'Número de Referencia' (whitespace
 * removed, checked for a duplicate once typing pauses), the photo (images only, once there is a
 * reference), the bank of the deposit among those of 'Dónde pagar' (issue 35; BAC when listed,
 * picked only when there are several), and 'Enviar comprobante' (once there is a photo), which
 * scales the photo down and sends it with send_recipemail.php, showing the upload while it goes.
 */
export function BankReceiptDialog({
  open,
  onClose,
  onSent,
  onQueued,
  containerId,
  instalment,
  total,
  initialAmount,
  amountHint,
}: BankReceiptDialogProps) {
  const [progress, setProgress] = useState(0);
  const send = useSendReceipt(setProgress);
  const [file, setFile] = useState<File | null>(null);
  const [isPreparing, setIsPreparing] = useState(false);
  const isSending = isPreparing || send.isPending;
  const referenceHelpId = useId();
  const photoHelpId = useId();
  // Any bank of 'Dónde pagar' is fine (issue 35, point 1): the borrower says which one. BAC first
  // when it is listed, as the SPEC's 'Enviar comprobante BAC'; with one bank there is nothing to pick.
  const accounts = useCollectionAccounts(open);
  const banks = [...new Map((accounts.data ?? []).map((a) => [String(a.bank), a.bank_name])).entries()];
  const [pickedBank, setPickedBank] = useState('');
  const defaultBank = banks.some(([code]) => code === String(DEFAULT_DEPOSIT_BANK))
    ? String(DEFAULT_DEPOSIT_BANK)
    : (banks[0]?.[0] ?? '');
  const bank = banks.some(([code]) => code === pickedBank) ? pickedBank : defaultBank;

  const { control, handleSubmit, watch, reset } = useForm<ReceiptValues, unknown, Receipt>({
    resolver: zodResolver(receiptSchema) as unknown as Resolver<ReceiptValues, unknown, Receipt>,
    defaultValues: { amount: '', reference: '' },
    mode: 'onTouched',
  });
  // Each opening starts from the amount it was opened with (the payoff's, or none).
  useEffect(() => {
    if (open) {
      reset({ amount: initialAmount ?? '', reference: '' });
      setPickedBank('');
    }
  }, [open, initialAmount, reset]);
  const reference = String(watch('reference') ?? '');
  const check = useReceiptReferenceCheck(containerId, reference);
  const referenceNote =
    check === 'failed'
      ? { text: VALIDATION_ERROR_MESSAGE, severity: 'error' as const }
      : check === 'duplicate'
        ? { text: RECEIPT_ALREADY_UPLOADED_MESSAGE, severity: 'warning' as const }
        : null;

  const close = () => {
    if (isSending) return;
    onClose();
  };

  const submit = handleSubmit(async (receipt) => {
    if (!file) return;
    setProgress(0);
    setIsPreparing(true);
    let photo: Blob;
    try {
      photo = await prepareImageForUpload(file);
    } finally {
      setIsPreparing(false);
    }
    const toSend: ReceiptToSend = {
      containerId,
      instalmentId: instalment?.id ?? null,
      amount: receipt.amount,
      reference: receipt.reference,
      ...(bank ? { bank: Number(bank) } : {}),
      photo,
    };
    if (!navigator.onLine && onQueued) {
      try {
        await receiptOutbox.add({
          id: newOutboxId(),
          owner: outboxOwner(getSessionData()?.email),
          createdAt: new Date().toISOString(),
          payload: toSend,
        });
        reset();
        setFile(null);
        onQueued();
        return;
      } catch {
        // No IndexedDB here (a private window): the send below waits for the connection instead.
      }
    }
    send.mutate(toSend, {
      onSuccess: () => {
        reset();
        setFile(null);
        onSent();
      },
    });
  });

  return (
    <ResponsiveDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      aria-labelledby="bank-receipt-dialog-title"
      slotProps={{
        transition: {
          onExited: () => {
            reset();
            setFile(null);
            send.reset();
          },
        },
      }}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id="bank-receipt-dialog-title">{BAC_DIALOG_TITLE}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
          <Controller
            name="amount"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                label={AMOUNT_LABEL}
                required
                disabled={isSending}
                error={fieldState.invalid}
                helperText={
                  fieldState.error?.message ??
                  amountHint ??
                  (instalment
                    ? `${instalmentPositionLabel(instalment.position, total)}: ${formatCentsAsLempiras(instalmentDueCents(instalment))}`
                    : undefined)
                }
                // Text, not type="number": a number input refuses '1,500' and 'L 1,500', which the
                // schema reads (readAmount); the keypad is still the decimal one.
                slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
              />
            )}
          />
          <Controller
            name="reference"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(cleanReceiptReference(event.target.value))}
                label={REFERENCE_LABEL}
                required
                autoComplete="off"
                disabled={isSending}
                error={fieldState.invalid || referenceNote?.severity === 'error'}
                helperText={fieldState.error?.message}
                slotProps={{ htmlInput: { 'aria-describedby': referenceNote ? referenceHelpId : undefined } }}
              />
            )}
          />
          {banks.length > 1 ? (
            <SelectField
              label={DEPOSIT_BANK_LABEL}
              value={bank}
              onChange={(event) => setPickedBank(event.target.value)}
              options={banks.map(([value, label]) => ({ value, label }))}
              disabled={isSending}
              helperText={ANY_LISTED_BANK_TEXT}
            />
          ) : (
            banks.length === 1 && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
                {ANY_LISTED_BANK_TEXT}
              </Typography>
            )
          )}
          {referenceNote && (
            <Alert id={referenceHelpId} role="status" severity={referenceNote.severity} sx={{ mt: -1 }}>
              {referenceNote.text}
            </Alert>
          )}
          <ReceiptPhotoField
            file={file}
            onFile={setFile}
            disabled={reference === '' || isSending}
            describedBy={reference === '' ? photoHelpId : undefined}
          />
          {reference === '' && (
            <Typography id={photoHelpId} variant="body2" sx={{ color: 'text.secondary', mt: -1 }}>
              {REFERENCE_FIRST_TEXT}
            </Typography>
          )}
          {isSending && (
            <Box role="status" sx={{ display: 'grid', gap: 0.5 }}>
              <Typography variant="body2">{UPLOADING_TEXT}</Typography>
              <LinearProgress
                variant={isPreparing ? 'indeterminate' : 'determinate'}
                value={Math.round(progress * 100)}
                aria-label={UPLOADING_TEXT}
              />
            </Box>
          )}
          <CallResultAlert error={send.error} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSending}>
            {CLOSE_LABEL}
          </Button>
          <Button type="submit" variant="contained" disabled={!file || isSending}>
            {SEND_RECEIPT_LABEL}
          </Button>
        </DialogActions>
      </Box>
    </ResponsiveDialog>
  );
}
