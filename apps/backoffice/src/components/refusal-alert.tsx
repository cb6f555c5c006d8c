import Alert from '@mui/material/Alert';

/** A refusal to show, or nothing: the server's Spanish message as an alert read out at once. */
export function RefusalAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}
