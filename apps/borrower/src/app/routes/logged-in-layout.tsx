import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { readBrandName } from '@prestamos-hn/ui';
import { LogoutButton } from '../../features/auth/components/logout-button';

/** What a logged-in route module may export as `handle`. */
export interface LoggedInRouteHandle {
  /** The screen draws its own top bar (Inicio: logo, bell, and 'Cerrar sesión' in the page). */
  hasOwnTopBar?: boolean;
}

/**
 * Around every logged-in screen: the brand and 'Cerrar sesión', except on a screen with its own
 * top bar (Inicio).
 */
export function Component() {
  const [brandName] = useState(() => readBrandName(document));
  const hasOwnTopBar = useMatches().some(
    (match) => (match.handle as LoggedInRouteHandle | undefined)?.hasOwnTopBar === true,
  );
  if (hasOwnTopBar) return <Outlet />;
  return (
    <>
      <AppBar position="static" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
        <Toolbar variant="dense" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 500 }} noWrap>
            {brandName}
          </Typography>
          <LogoutButton />
        </Toolbar>
      </AppBar>
      <Outlet />
    </>
  );
}
