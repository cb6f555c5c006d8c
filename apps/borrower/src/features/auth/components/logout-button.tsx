import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useLogout } from '../api/logout';

export const LOGOUT_LABEL = 'Cerrar sesión';
export const LOGOUT_QUESTION = '¿Cerrar sesión?';

/**
 * 'Cerrar sesión': asks '¿Cerrar sesión?' first (a tap by mistake costs a new login with its code),
 * then ends the session on the server, forgets it here, and goes to /login.
 */
export function LogoutButton() {
  const logout = useLogout();
  const [isAsking, setIsAsking] = useState(false);
  const titleId = useId();
  const textId = useId();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<LogoutIcon />}
        aria-haspopup="dialog"
        onClick={() => setIsAsking(true)}
        disabled={logout.isPending}
      >
        {LOGOUT_LABEL}
      </Button>
      <Dialog
        open={isAsking}
        onClose={() => setIsAsking(false)}
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{LOGOUT_QUESTION}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            Para volver a entrar necesitarás tu correo, tu contraseña y el código que te enviamos.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsAsking(false)} autoFocus>
            Cancelar
          </Button>
          <Button variant="contained" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {LOGOUT_LABEL}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
