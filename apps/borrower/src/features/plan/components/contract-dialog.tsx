import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CLOSE_LABEL, CONTRACT_PDF_LABEL, CONTRACT_TITLE, NO_CONTRACT_TEXT } from '../utils/plan-texts';
import { documentPage } from '@prestamos-hn/ui';

interface ContractDialogProps {
  open: boolean;
  onClose: () => void;
  /** The contract HTML the borrower accepted (`contract_content`), or null when none was generated. */
  html: string | null;
  pdfUrl: string | null;
}

/** 'Ver contrato': the stored contract in a sandboxed frame, or 'No hay contrato generado'. */
export function ContractDialog({ open, onClose, html, pdfUrl }: ContractDialogProps) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} maxWidth="md" aria-labelledby="contract-dialog-title">
      <DialogTitle id="contract-dialog-title">{CONTRACT_TITLE}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', p: html ? 0 : 2 }}>
        {html ? (
          <Box
            component="iframe"
            title={CONTRACT_TITLE}
            sandbox=""
            srcDoc={documentPage(CONTRACT_TITLE, html)}
            sx={{
              flex: 1,
              width: '100%',
              minHeight: { xs: 360, sm: 480 },
              border: 0,
              bgcolor: 'background.paper',
            }}
          />
        ) : (
          <Typography>{NO_CONTRACT_TEXT}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {pdfUrl && (
          <Button component="a" href={pdfUrl} target="_blank" rel="noopener">
            {CONTRACT_PDF_LABEL}
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {CLOSE_LABEL}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
