import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface StartupErrorProps {
  title: string;
  message: string;
  /** Shows a 'Reintentar' button that reloads the page. */
  canRetry?: boolean;
}

/** A full-page error the person can read (and, when it may help, retry). */
export function StartupError({ title, message, canRetry = false }: StartupErrorProps) {
  return (
    <Box component="main" sx={{ p: 2, maxWidth: 600, mx: 'auto' }}>
      <Alert severity="error" role="alert">
        <Box component="h1" sx={{ typography: 'subtitle1', fontWeight: 500, m: 0, mb: 0.5 }}>
          {title}
        </Box>
        {message}
      </Alert>
      {canRetry && (
        <Button variant="contained" sx={{ mt: 2 }} onClick={() => window.location.reload()}>
          Reintentar
        </Button>
      )}
    </Box>
  );
}
