import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { canGoBack } from '../../../lib/hash-location';
import { BACK_LABEL } from '../utils/plan-texts';

/**
 * The frame of the plan and history screens: the back button (to the screen before, or Inicio when
 * the screen was opened directly) and the title.
 */
export function PlanPage({ title, children }: { title: string; children: ReactNode }) {
  const [, navigate] = useLocation();
  const goBack = () => (canGoBack() ? window.history.back() : navigate('/'));
  return (
    <Box component="main" sx={{ p: 2, maxWidth: 720, mx: 'auto', display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton onClick={goBack} aria-label={BACK_LABEL} edge="start">
          <ArrowBackIcon />
        </IconButton>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/** 'Cargando....' while a screen's data arrives. */
export function LoadingText({ text }: { text: string }) {
  return (
    <Typography role="status" variant="body1">
      {text}
    </Typography>
  );
}
