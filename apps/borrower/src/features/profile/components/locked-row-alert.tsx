import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/**
 * Why a row cannot be changed now, at the bottom of /perfil for about 5 s, after a tap on a locked
 * row. A module of its own: MUI's Snackbar downloads with the first such tap, not with the screen.
 */
export function LockedRowAlert({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Snackbar
      open={message !== null}
      autoHideDuration={5000}
      // A click elsewhere must not close it: that click may be on another locked row, whose alert
      // would be cleared right after it is set.
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="info" role="alert" onClose={onClose} sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
