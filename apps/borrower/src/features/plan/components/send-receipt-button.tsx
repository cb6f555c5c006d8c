import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isReceiptWindowOpen, OUTSIDE_OPERATING_HOURS_MESSAGE } from '@prestamos-hn/domain';
import { useId } from 'react';
import { SEND_BAC_RECEIPT_LABEL } from '../utils/plan-texts';

/**
 * The red 'Enviar comprobante BAC': enabled while receipts are accepted (00:00-19:59 Honduras time),
 * otherwise disabled with 'Fuera de horario operativo'.
 */
export function SendReceiptButton({ now, onClick }: { now: Date; onClick: () => void }) {
  const noteId = useId();
  const isOpen = isReceiptWindowOpen(now);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Button
        variant="contained"
        color="error"
        size="large"
        onClick={onClick}
        disabled={!isOpen}
        aria-describedby={isOpen ? undefined : noteId}
      >
        {SEND_BAC_RECEIPT_LABEL}
      </Button>
      {!isOpen && (
        <Typography id={noteId} variant="body2" sx={{ color: 'error.main' }}>
          {OUTSIDE_OPERATING_HOURS_MESSAGE}
        </Typography>
      )}
    </Box>
  );
}
