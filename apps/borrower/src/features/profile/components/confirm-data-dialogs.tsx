import { CallResultAlert } from '../../../components/call-result-alert';
import { MessageDialog } from '../../../components/message-dialog';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { CONFIRM_DATA_LABEL, PROFILE_SAVING_LABEL } from '@prestamos-hn/domain';
import { useSendConfirmData } from '../api/send-confirm-data';

/**
 * When the profile is complete, not approved and not yet sent: confirm the data ('Mis datos son
 * correctos', send_confirmdata.php), then the congratulations dialog.
 */
export function ConfirmDataDialogs({ open, onClose }: { open: boolean; onClose: () => void }) {
  const send = useSendConfirmData();
  if (send.isSuccess) {
    return (
      <Dialog open onClose={() => send.reset()} aria-labelledby="congratulations-title">
        <DialogTitle id="congratulations-title">¡Felicidades!</DialogTitle>
        <DialogContent>
          <DialogContentText>{send.data.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => send.reset()}>
            Cerrar
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <MessageDialog
      open={open}
      onClose={onClose}
      id="confirm-data"
      title="Confirma tus datos"
      text="Tu perfil está completo. Revisa que tus datos y documentos sean correctos: al confirmarlos los enviaremos a revisión y no podrás cambiarlos mientras los revisamos."
      actions={
        <>
          <Button onClick={onClose}>Cerrar</Button>
          <Button variant="contained" disabled={send.isPending} onClick={() => send.mutate()}>
            {send.isPending ? PROFILE_SAVING_LABEL : CONFIRM_DATA_LABEL}
          </Button>
        </>
      }
    >
      <CallResultAlert error={send.error} sx={{ mt: 2 }} />
    </MessageDialog>
  );
}
