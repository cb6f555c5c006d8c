import { CallResultAlert } from '../../../components/call-result-alert';
import Button from '@mui/material/Button';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { prepareImageForUpload } from '../../../lib/scale-image';
import { CLOSE_LABEL, SEND_RECEIPT_LABEL, TIGO_DIALOG_TITLE, UPLOADING_TEXT } from '../utils/plan-texts';
import { ReceiptPhotoField } from './receipt-photo-field';

interface TigoReceiptDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * Sends the scaled photo. The SPEC shows no call for mobile-money receipts and no button that
   * opens this dialog, so the screen that one day opens it says where the photo goes.
   */
  onSend: (photo: Blob) => Promise<unknown>;
  onSent: () => void;
}

/**
 * 'Subir archivo TIGO' (SPEC section 2): the mobile-money receipt's photo (images only) and 'Enviar
 * comprobante', enabled once there is a photo and disabled while sending, which reads 'Subiendo....'.
 * Nothing in the product opens it (SPEC: 'No visible button opens it'); it is kept for when one does.
 */
export function TigoReceiptDialog({ open, onClose, onSend, onSent }: TigoReceiptDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: async (chosen: File) => onSend(await prepareImageForUpload(chosen)),
    onSuccess: () => {
      setFile(null);
      onSent();
    },
  });
  const close = () => {
    if (!send.isPending) onClose();
  };
  return (
    <ResponsiveDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      aria-labelledby="tigo-receipt-dialog-title"
      slotProps={{ transition: { onExited: () => send.reset() } }}
    >
      <DialogTitle id="tigo-receipt-dialog-title">{TIGO_DIALOG_TITLE}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <ReceiptPhotoField file={file} onFile={setFile} disabled={send.isPending} />
        {send.isPending && <LinearProgress aria-label={UPLOADING_TEXT} />}
        <CallResultAlert error={send.error} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={send.isPending}>
          {CLOSE_LABEL}
        </Button>
        <Button
          variant="contained"
          disabled={!file || send.isPending}
          onClick={() => {
            if (file) send.mutate(file);
          }}
        >
          {send.isPending ? UPLOADING_TEXT : SEND_RECEIPT_LABEL}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
