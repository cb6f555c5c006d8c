import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

export const ABOUT_LABEL = 'Acerca de';
/** The credits the gazetteer's licences require (the server's offline reverse geocoding). */
export const DATA_CREDITS = [
  {
    text: 'Contiene datos de GeoNames (geonames.org), CC BY 4.0',
    href: 'https://www.geonames.org/',
  },
  {
    text: 'Datos de Countries States Cities Database, github.com/dr5hn/countries-states-cities-database, ODbL v1.0',
    href: 'https://github.com/dr5hn/countries-states-cities-database',
  },
] as const;

/** Brand, year and version, and 'Acerca de' with the data credits. */
export function HomeFooter({
  brandName,
  year,
  version,
}: {
  brandName: string;
  year: number;
  version: string;
}) {
  const [isAboutOpen, setIsAboutOpen] = useState(false);
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
      <Button size="small" onClick={() => setIsAboutOpen(true)}>
        {ABOUT_LABEL}
      </Button>
      <Dialog open={isAboutOpen} onClose={() => setIsAboutOpen(false)} aria-labelledby="about-title">
        <DialogTitle id="about-title">{ABOUT_LABEL}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="body2">
            {brandName}, versión {version}.
          </Typography>
          {DATA_CREDITS.map((credit) => (
            <Typography key={credit.href} variant="body2">
              <Link href={credit.href} target="_blank" rel="noopener noreferrer">
                {credit.text}
              </Link>
            </Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsAboutOpen(false)}>Cerrar</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
