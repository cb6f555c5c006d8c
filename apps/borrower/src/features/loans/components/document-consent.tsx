import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { DocumentPreview } from '@prestamos-hn/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { CallResultAlert } from '../../../components/call-result-alert';
import type { LoanDocumentKind } from '../api/get-document-preview';
import { documentPage } from '@prestamos-hn/ui';

const NAMES: Record<LoanDocumentKind, { fallbackTitle: string; acceptLabel: string }> = {
  contract: { fallbackTitle: 'Contrato', acceptLabel: 'He leído y acepto el contrato.' },
  promissoryNote: { fallbackTitle: 'Pagaré', acceptLabel: 'He leído y acepto el pagaré.' },
};

interface DocumentConsentProps {
  kind: LoanDocumentKind;
  /** The document as the server rendered it for the request (useDocumentPreview). */
  preview: UseQueryResult<DocumentPreview, Error>;
  isAccepted: boolean;
  onAcceptedChange: (isAccepted: boolean) => void;
}

/**
 * One document of step 3, rendered by the server for this request, shown in a sandboxed frame
 * (its HTML can run no script and reach nothing), and the box that accepts it, which can be ticked
 * once the document is there to read (and not while it is read again: what is accepted is what
 * the server stores).
 */
export function DocumentConsent({ kind, preview, isAccepted, onAcceptedChange }: DocumentConsentProps) {
  const title = preview.data?.title ?? NAMES[kind].fallbackTitle;
  const headingId = `document-${kind}-title`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={headingId} component="h4" variant="subtitle2">
        {title}
      </Typography>
      {preview.data ? (
        <Box
          component="iframe"
          title={title}
          sandbox=""
          srcDoc={documentPage(title, preview.data.document_template)}
          sx={{
            width: '100%',
            height: { xs: 240, sm: 320 },
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        />
      ) : preview.isError ? (
        <CallResultAlert error={preview.error} />
      ) : (
        <Typography role="status" variant="body2">
          Cargando el documento…
        </Typography>
      )}
      <FormControlLabel
        control={
          <Checkbox
            checked={isAccepted}
            onChange={(event) => onAcceptedChange(event.target.checked)}
            disabled={!preview.data || preview.isFetching}
          />
        }
        label={NAMES[kind].acceptLabel}
      />
    </Box>
  );
}
