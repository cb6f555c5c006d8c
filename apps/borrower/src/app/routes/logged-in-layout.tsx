import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { BrandLink } from '../../components/brand-link';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { pageBrandName } from '../../lib/render-scope';

/** The top bar's back arrow to Inicio. */
export const BACK_TO_HOME_LABEL = 'Volver';

/** How a logged-in route's screen wants the layout's top bar (the route table, app/router.tsx). */
export interface LoggedInRouteHandle {
  /** The screen draws its own top bar (Inicio: logo, bell, and 'Cerrar sesión' in the page). */
  hasOwnTopBar?: boolean;
  /** The screen has its own back arrow by its title (plan, history, loan application). */
  hasOwnBackButton?: boolean;
}

/**
 * Around every logged-in screen: a back arrow to Inicio (unless the screen has its own), the brand
 * (also a link to Inicio) and 'Cerrar sesión', except on a screen with its own top bar (Inicio).
 */
export interface LoggedInLayoutProps {
  handle: LoggedInRouteHandle;
  /** The screen. */
  children: ReactNode;
}

export function Component({ handle, children }: LoggedInLayoutProps) {
  const [brandName] = useState(pageBrandName);
  if (handle.hasOwnTopBar === true) return children;
  return (
    <>
      <AppBar position="static" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
        <Toolbar variant="dense" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            {handle.hasOwnBackButton !== true && (
              <IconButton
                component={Link}
                to="/"
                color="inherit"
                edge="start"
                aria-label={BACK_TO_HOME_LABEL}
              >
                <ArrowBackIcon />
              </IconButton>
            )}
            <BrandLink brandName={brandName} isCompact />
          </Box>
          <LogoutButton />
        </Toolbar>
      </AppBar>
      {children}
    </>
  );
}
