import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { lazy, memo, Suspense } from 'react';
import { useDialogMadeOnOpen } from '../../../hooks/use-dialog-made-on-open';
import { useLogout } from '../api/logout';

/** The confirmation downloads when the borrower points at 'Cerrar sesión', not with every screen. */
const loadConfirmDialog = () => import('./logout-confirm-dialog');
const LogoutConfirmDialog = lazy(() => loadConfirmDialog().then((m) => ({ default: m.LogoutConfirmDialog })));
const preload = () => void loadConfirmDialog().catch(() => {});

/**
 * 'Cerrar sesión': asks '¿Cerrar sesión?' first (a tap by mistake costs a new login with its code),
 * then ends the session on the server, forgets it here, and goes to /login.
 */
export const LogoutButton = memo(function LogoutButton() {
  const logout = useLogout();
  const confirm = useDialogMadeOnOpen();
  return (
    <>
      <Button
        color="inherit"
        startIcon={<LogoutIcon />}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={confirm.open}
        disabled={logout.isPending}
      >
        Cerrar sesión
      </Button>
      {confirm.isMade && (
        <Suspense fallback={null}>
          <LogoutConfirmDialog
            open={confirm.isOpen}
            isEnding={logout.isPending}
            onCancel={confirm.close}
            onConfirm={() => logout.mutate()}
          />
        </Suspense>
      )}
    </>
  );
});
