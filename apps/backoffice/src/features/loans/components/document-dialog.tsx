import { documentPage } from '@prestamos-hn/ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { LoanDocument } from '../api/get-loan-file';

/**
 * The exact HTML a borrower accepted, in a sandboxed frame (no script, no forms, nothing from the
 * network: the same page the borrower app shows it in), full screen on a phone.
 */
export function DocumentDialog({ document, onClose }: { document: LoanDocument; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = `document-title-${document.id}`;
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {document.title} (versión {document.templateVersion})
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex' }}>
        <Box
          component="iframe"
          title={`${document.title} aceptado por el cliente`}
          sandbox=""
          srcDoc={documentPage(document.title, document.html)}
          // On a phone the frame fills the full-screen dialog between its title and 'Cerrar'.
          sx={{ border: 0, width: '100%', flex: 1, minHeight: phone ? 0 : '65vh' }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
