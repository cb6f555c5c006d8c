import Alert from '@mui/material/Alert';
import type { SxProps, Theme } from '@mui/material/styles';

interface CallResultAlertProps {
  /** The call's refusal or failure (a mutation's or a query's `error`: null unless it failed). */
  error: Error | null;
  /** The message of its answer, for a call whose success is worth reading (a mutation's `data?.message`). */
  successMessage?: string;
  sx?: SxProps<Theme>;
}

/**
 * How a call ended, in the server's words: a refusal in red (`alert`, read out at once), a success
 * message in green (`status`); nothing while it has not ended.
 */
export function CallResultAlert({ error, successMessage, sx }: CallResultAlertProps) {
  if (error) {
    return (
      <Alert severity="error" role="alert" sx={sx}>
        {error.message}
      </Alert>
    );
  }
  if (successMessage === undefined) return null;
  return (
    <Alert severity="success" role="status" sx={sx}>
      {successMessage}
    </Alert>
  );
}
