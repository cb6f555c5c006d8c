import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ABOUT_LABEL, DATA_CREDITS } from '../utils/home-texts';

/** 'Acerca de': the brand and version, and the data credits (downloaded when first opened). */
export function AboutDialog({
  open,
  onClose,
  brandName,
  version,
}: {
  open: boolean;
  onClose: () => void;
  brandName: string;
  version: string;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="about-title">
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
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
