import ScheduleIcon from '@mui/icons-material/Schedule';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useOutboxEntries } from '../../../hooks/use-outbox';
import { getSessionData } from '../../../lib/session';
import { outboxOwner } from '../../../lib/offline-outbox';
import { receiptOutbox } from '../api/receipt-outbox';
import { QUEUED_RECEIPTS_SENT_EVENT } from '../api/receipt-outbox-runner';
import { refreshAfterReceipt } from '../api/send-receipt';
import {
  NOT_SENT_PREFIX,
  PENDING_RECEIPTS_HEADING,
  PENDING_TO_SEND_TEXT,
  QUEUED_RECEIPTS_NOTE,
  queuedReceiptLabel,
  REMOVE_QUEUED_LABEL,
} from '../utils/plan-texts';
import { formatCentsAsLempiras } from '../utils/plan-view';

/**
 * The loan's receipts sent without connection (decision 018) that have not reached us yet: each
 * 'Pendiente de enviar', or why it was refused, with a way to remove it. Nothing when none waits.
 * Once they are sent (features/plan/api/receipt-outbox-runner.ts), the plan reads its data again.
 */
export function PendingReceipts({ containerId }: { containerId: number }) {
  const queryClient = useQueryClient();
  const [owner] = useState(() => outboxOwner(getSessionData()?.email));
  useEffect(() => {
    const refresh = () => void refreshAfterReceipt(queryClient);
    window.addEventListener(QUEUED_RECEIPTS_SENT_EVENT, refresh);
    return () => window.removeEventListener(QUEUED_RECEIPTS_SENT_EVENT, refresh);
  }, [queryClient]);
  const entries = useOutboxEntries(receiptOutbox, owner).filter(
    (entry) => entry.payload.containerId === containerId,
  );
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="pending-receipts-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="pending-receipts-heading" component="h2" variant="h6">
        {PENDING_RECEIPTS_HEADING}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {QUEUED_RECEIPTS_NOTE}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Alert
              severity={entry.error ? 'error' : 'info'}
              icon={entry.error ? undefined : <ScheduleIcon fontSize="inherit" />}
              action={
                entry.error ? (
                  <Button color="inherit" size="small" onClick={() => void receiptOutbox.remove(entry.id)}>
                    {REMOVE_QUEUED_LABEL}
                  </Button>
                ) : undefined
              }
            >
              <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {queuedReceiptLabel(
                  entry.payload.reference,
                  formatCentsAsLempiras(Math.round(entry.payload.amount * 100)),
                )}
              </Box>
              {entry.error ? `${NOT_SENT_PREFIX} ${entry.error}` : PENDING_TO_SEND_TEXT}
            </Alert>
          </li>
        ))}
      </Box>
    </Box>
  );
}
