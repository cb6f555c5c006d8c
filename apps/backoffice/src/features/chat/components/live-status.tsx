import Typography from '@mui/material/Typography';
import { INBOX_POLL_MS } from '../hooks/use-inbox-live';

/** Whether new messages arrive live or by reading again every few seconds. */
export function LiveStatus({ isLive }: { isLive: boolean }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid="chat-live-status">
      {isLive ? 'En vivo' : `Actualizando cada ${INBOX_POLL_MS / 1000} s`}
    </Typography>
  );
}
