import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { DocumentFrame, ReadingDialog } from '../../../components/document-frame';
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
    <ReadingDialog
      titleId={titleId}
      title={`${document.title} (versión ${document.templateVersion})`}
      fullScreen={phone}
      contentProps={{ sx: { p: 0, display: 'flex' } }}
      onClose={onClose}
    >
      <DocumentFrame
        title={`${document.title} aceptado por el cliente`}
        document={document}
        // On a phone the frame fills the full-screen dialog between its title and 'Cerrar'.
        sx={{ border: 0, width: '100%', flex: 1, minHeight: phone ? 0 : '65vh' }}
      />
    </ReadingDialog>
  );
}
