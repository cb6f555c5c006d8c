import LockResetIcon from '@mui/icons-material/LockReset';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { createContext, forwardRef, useContext, useState, type ReactNode } from 'react';
import { AppBar, Layout, Logout, UserMenu, useGetIdentity, useRefresh, useUserMenu } from 'react-admin';
import { ChangePasswordDialog } from '../features/auth/components/change-password-dialog';

/** Opens the password dialog that the layout holds (the menu row closes with its menu). */
const OpenPasswordDialog = createContext<() => void>(() => undefined);

/** The user menu's 'Cambiar contraseña' row: opens the dialog and closes the menu. */
const ChangePasswordItem = forwardRef<HTMLLIElement>(function ChangePasswordItem(_props, ref) {
  const menu = useUserMenu();
  const onOpen = useContext(OpenPasswordDialog);
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

/** react-admin's app bar, its user menu with the password row (a stable component: no remount). */
function BackofficeAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <ChangePasswordItem />
          <Logout />
        </UserMenu>
      }
    />
  );
}

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
  return (
    <OpenPasswordDialog.Provider value={() => setOpen(true)}>
      <Layout appBar={BackofficeAppBar}>
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
    </OpenPasswordDialog.Provider>
  );
}
