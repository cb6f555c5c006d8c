import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { documentPage } from '@prestamos-hn/ui';
import { CallResultAlert } from '../../../components/call-result-alert';
import { usePrivacyTerms } from '../api/get-privacy-terms';

interface TermsDialogProps {
  open: boolean;
  /** 'Acepto', with the version of the terms read. */
  onAccept: (version: number) => void;
  onDecline: () => void;
}

/**
 * The privacy terms, 'Acepto' or 'No acepto' (SPEC section 2). The text is the current version of the
 * admin-edited template (getPrivacyTerms.php), shown in a sandboxed frame as the loan documents are;
 * 'Acepto' waits until it is there to read, and records its version.
 */
export function TermsDialog({ open, onAccept, onDecline }: TermsDialogProps) {
  const terms = usePrivacyTerms(open);
  const title = terms.data?.title ?? 'Aviso de privacidad';
  return (
    <Dialog open={open} onClose={onDecline} fullWidth aria-labelledby="terms-title">
      <DialogTitle id="terms-title">{title}</DialogTitle>
      <DialogContent dividers>
        {terms.data ? (
          <Box
            component="iframe"
            title={title}
            sandbox=""
            srcDoc={documentPage(title, terms.data.html)}
            sx={{ width: '100%', height: { xs: '60vh', sm: 420 }, border: 0, display: 'block' }}
          />
        ) : terms.isError ? (
          <CallResultAlert error={terms.error} />
        ) : (
          <Typography role="status">Cargando</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDecline}>No acepto</Button>
        <Button
          variant="contained"
          disabled={!terms.data}
          onClick={() => terms.data && onAccept(terms.data.version)}
        >
          Acepto
        </Button>
      </DialogActions>
    </Dialog>
  );
}
