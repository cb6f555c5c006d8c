import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useLogout } from '../api/logout';

/** 'Cerrar sesión': ends the session on the server, forgets it here, back to /login. */
export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button
      color="inherit"
      startIcon={<LogoutIcon />}
      onClick={() => logout.mutate()}
      disabled={logout.isPending}
    >
      Cerrar sesión
    </Button>
  );
}
