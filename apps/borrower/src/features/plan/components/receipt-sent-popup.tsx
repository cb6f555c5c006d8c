import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { RECEIPT_SENT_MESSAGE, SUCCESS_POPUP_MS } from '@prestamos-hn/domain';

/** '¡Comprobante enviado con éxito!' for about 5 s. */
export function ReceiptSentPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={SUCCESS_POPUP_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert severity="success" variant="filled" role="status" onClose={onClose} sx={{ width: '100%' }}>
        {RECEIPT_SENT_MESSAGE}
      </Alert>
    </Snackbar>
  );
}
