import { CallResultAlert } from '../../../components/call-result-alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { EMAIL_RESEND_LOCK_SECONDS } from '@prestamos-hn/domain';
import { useCountdown } from '../../../hooks/use-countdown';
import { useResendValidationEmail } from '../api/resend-validation-email';

interface ValidateEmailDialogProps {
  open: boolean;
  email: string;
  onClose: () => void;
}

/**
 * 'Validar correo' (SPEC section 2), while the e-mail status is not 'CMP': 'Ya lo valide' reloads the
 * page, 'Reenviar Correo' sends the link again and is locked for 60 s after a click.
 */
export function ValidateEmailDialog({ open, email, onClose }: ValidateEmailDialogProps) {
  const resend = useResendValidationEmail();
  const lock = useCountdown();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="validate-email-title"
      aria-describedby="validate-email-description"
    >
      <DialogTitle id="validate-email-title">Validar correo</DialogTitle>
      {/* Not a scroll box of its own: a region that scrolls with nothing to focus in it cannot be
          scrolled with the keyboard (axe: scrollable-region-focusable). If the text is too long for
          the screen, the dialog scrolls as a whole, with its buttons. */}
      <DialogContent sx={{ display: 'grid', gap: 2, overflowY: 'visible' }}>
        <DialogContentText id="validate-email-description">
          {`Te enviamos un enlace a ${email} para validar tu correo electrónico. Ábrelo y luego pulsa «Ya lo valide».`}
        </DialogContentText>
        <CallResultAlert error={resend.error} successMessage={resend.data?.message} />
        {lock.isRunning && (
          <Typography variant="body2" color="text.secondary" role="timer">
            {`Podrás reenviarlo en ${lock.secondsLeft}s.`}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          disabled={lock.isRunning || resend.isPending}
          onClick={() => {
            lock.start(EMAIL_RESEND_LOCK_SECONDS);
            resend.mutate();
          }}
        >
          Reenviar Correo
        </Button>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Ya lo valide
        </Button>
      </DialogActions>
    </Dialog>
  );
}
