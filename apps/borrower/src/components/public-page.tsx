import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

interface PublicPageProps {
  title: string;
  /** Shows the back arrow to the login screen. */
  hasBackToLogin?: boolean;
  children: ReactNode;
}

/** The frame of the screens a visitor sees: an optional back arrow to /login, a heading, the content. */
export function PublicPage({ title, hasBackToLogin = false, children }: PublicPageProps) {
  return (
    <Box component="main" sx={{ p: 2, maxWidth: 600, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        {hasBackToLogin && (
          <IconButton component={Link} to="/login" aria-label="Volver al inicio de sesión" edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography component="h1" variant="h6" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}
