import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import { memo, type ReactNode } from 'react';
import { BrandLink } from '../../../components/brand-link';

/** Inicio's top bar: the logo (brand mark and name, a link to Inicio) and, at the end, the actions (the bell). */
export const HomeTopBar = memo(function HomeTopBar({
  brandName,
  actions,
}: {
  brandName: string;
  actions: ReactNode;
}) {
  return (
    <AppBar position="sticky" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
      <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
        <BrandLink brandName={brandName} />
        {actions}
      </Toolbar>
    </AppBar>
  );
});
