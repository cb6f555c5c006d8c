import { CallResultAlert } from '../../../components/call-result-alert';
import { MessageDialog } from '../../../components/message-dialog';
import Button from '@mui/material/Button';
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
    <MessageDialog
      open={open}
      onClose={onClose}
      id="validate-email"
      // It opens with /perfil: in the server's render of the screen (decision 024).
      isInPlace
      title="Validar correo"
      text={`Te enviamos un enlace a ${email} para validar tu correo electrónico. Ábrelo y luego pulsa «Ya lo valide».`}
      // Not a scroll box of its own: a region that scrolls with nothing to focus in it cannot be
      // scrolled with the keyboard (axe: scrollable-region-focusable). If the text is too long for
      // the screen, the dialog scrolls as a whole, with its buttons.
      contentSx={{ display: 'grid', gap: 2, overflowY: 'visible' }}
      actionsSx={{ flexWrap: 'wrap', gap: 1 }}
      actions={
        <>
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
        </>
      }
    >
      <CallResultAlert error={resend.error} successMessage={resend.data?.message} />
      {lock.isRunning && (
        <Typography variant="body2" color="text.secondary" role="timer">
          {`Podrás reenviarlo en ${lock.secondsLeft}s.`}
        </Typography>
      )}
    </MessageDialog>
  );
}
