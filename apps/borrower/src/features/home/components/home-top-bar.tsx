import PaymentsIcon from '@mui/icons-material/Payments';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Inicio's top bar: the logo (brand mark and name) and, at the end, the actions (the bell). */
export function HomeTopBar({ brandName, actions }: { brandName: string; actions: ReactNode }) {
  return (
    <AppBar position="sticky" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
      <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box
            aria-hidden
            sx={{
              width: 36,
              height: 36,
              flexShrink: 0,
              borderRadius: '50%',
              bgcolor: 'common.white',
              color: 'primary.dark',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <PaymentsIcon fontSize="small" />
          </Box>
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 500 }} noWrap>
            {brandName}
          </Typography>
        </Box>
        {actions}
      </Toolbar>
    </AppBar>
  );
}
