import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense } from 'react';
import { useDialogMadeOnOpen } from '../../../hooks/use-dialog-made-on-open';
import { ABOUT_LABEL } from '../utils/home-texts';

export { ABOUT_LABEL, DATA_CREDITS } from '../utils/home-texts';

/** The dialog (and MUI's Dialog with it) downloads when 'Acerca de' is first pressed, not with Inicio. */
const AboutDialog = lazy(() => import('./about-dialog').then((m) => ({ default: m.AboutDialog })));

/** Brand, year and version, and 'Acerca de' with the data credits. */
export const HomeFooter = memo(function HomeFooter({
  brandName,
  year,
  version,
}: {
  brandName: string;
  year: number;
  version: string;
}) {
  const about = useDialogMadeOnOpen();
  return (
    <Box
      component="footer"
      sx={{
        py: 2,
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        © {year} {brandName} · Versión {version}
      </Typography>
      <Button size="small" onClick={about.open}>
        {ABOUT_LABEL}
      </Button>
      {about.isMade && (
        <Suspense fallback={null}>
          <AboutDialog open={about.isOpen} onClose={about.close} brandName={brandName} version={version} />
        </Suspense>
      )}
    </Box>
  );
});
