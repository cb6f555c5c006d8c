import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { CallResultAlert } from '../../../components/call-result-alert';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { useInvoice } from '../api/get-invoice';
import { LoanSummary } from './loan-summary';

export const REQUEST_SENT_TITLE = '¡Solicitud enviada!';
export const SUMMARY_TITLE = 'Resumen de tu solicitud';

interface RequestSentDialogProps {
  /** The server's answer to the request (the answer comes within 24 hours). */
  message: string;
  onClose: () => void;
}

/**
 * After a request: the success dialog, then the summary (getFactura.php, read every second while
 * this dialog is open and no more once it closes) and 'Finalizar', which reads the requests again
 * so that the screen shows the new one's status.
 */
export function RequestSentDialog({ message, onClose }: RequestSentDialogProps) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<'sent' | 'summary'>('sent');
  const invoice = useInvoice({ isOpen: true });
  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.loans });
    onClose();
  };

  return (
    <ResponsiveDialog
      open
      onClose={finish}
      isFullScreenOnPhone={view === 'summary'}
      aria-labelledby="request-sent-title"
    >
      {view === 'sent' ? (
        <>
          <DialogTitle id="request-sent-title">{REQUEST_SENT_TITLE}</DialogTitle>
          <DialogContent>
            <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}>
              <CheckCircleIcon aria-hidden sx={{ fontSize: 56, color: 'success.main' }} />
              <DialogContentText>{message}</DialogContentText>
            </Box>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => setView('summary')} autoFocus>
              Ver resumen
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id="request-sent-title">{SUMMARY_TITLE}</DialogTitle>
          <DialogContent dividers>
            {invoice.data ? (
              <LoanSummary summary={invoice.data} />
            ) : invoice.isError ? (
              <CallResultAlert error={invoice.error} />
            ) : (
              <Typography role="status">Cargando el resumen…</Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={finish} autoFocus>
              Finalizar
            </Button>
          </DialogActions>
        </>
      )}
    </ResponsiveDialog>
  );
}
