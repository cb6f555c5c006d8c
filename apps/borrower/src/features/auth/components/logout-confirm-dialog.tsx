import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export const LOGOUT_LABEL = 'Cerrar sesión';
export const LOGOUT_QUESTION = '¿Cerrar sesión?';

/** '¿Cerrar sesión?': 'Cancelar' (with the focus: Enter or Escape keeps the session) or 'Cerrar sesión'. */
export function LogoutConfirmDialog({
  open,
  isEnding,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  isEnding: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{LOGOUT_QUESTION}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Para volver a entrar necesitarás tu correo, tu contraseña y el código que te enviamos.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancelar
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={isEnding}>
          {LOGOUT_LABEL}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
