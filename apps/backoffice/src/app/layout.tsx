import LockResetIcon from '@mui/icons-material/LockReset';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { forwardRef, useState, type ReactNode } from 'react';
import { AppBar, Layout, Logout, UserMenu, useGetIdentity, useRefresh, useUserMenu } from 'react-admin';
import { ChangePasswordDialog } from '../features/auth/components/change-password-dialog';

/** The user menu's 'Cambiar contraseña' row: opens the dialog and closes the menu. */
const ChangePasswordItem = forwardRef<HTMLLIElement, { onOpen: () => void }>(function ChangePasswordItem(
  { onOpen },
  ref,
) {
  const menu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        menu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <LockResetIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Cambiar contraseña</ListItemText>
    </MenuItem>
  );
});

/**
 * react-admin's layout with the staff member's own password in the user menu. When an admin forced
 * a reset, the dialog opens by itself and cannot be closed: the server answers nothing else until
 * the password is changed.
 */
export function BackofficeLayout({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { identity, refetch } = useGetIdentity();
  const refresh = useRefresh();
  const forced = identity?.mustChangePassword === true;
  const appBar = () => (
    <AppBar
      userMenu={
        <UserMenu>
          <ChangePasswordItem onOpen={() => setOpen(true)} />
          <Logout />
        </UserMenu>
      }
    />
  );
  return (
    <Layout appBar={appBar}>
      {children}
      <ChangePasswordDialog
        open={open || forced}
        forced={forced}
        onClose={() => {
          setOpen(false);
          if (forced) {
            void refetch();
            refresh();
          }
        }}
      />
    </Layout>
  );
}
