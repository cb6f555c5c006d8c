import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TextField } from '../../../components/text-field';
import type { AccountSummary } from '@prestamos-hn/contract';
import {
  digitsOnly,
  LOGIN_CODE_MAX_LENGTH,
  LOGIN_CODE_RESEND_LOCK_SECONDS,
  loginCodeSchema,
  resendCountdownLabel,
} from '@prestamos-hn/domain';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCountdown } from '../../../hooks/use-countdown';
import { setSessionData, startSession } from '../../../lib/session';
import { useConfirmLoginCode, useResendLoginCodeBySms, useSendLoginCodeByEmail } from '../api/login-code';
import { useLogout } from '../api/logout';

/** How long the green success message shows before the home screen. */
export const LOGIN_SUCCESS_NOTICE_MS = 1000;

type CodeFields = z.input<typeof loginCodeSchema>;
type Channel = 'sms' | 'email';

interface LoginCodeDialogProps {
  account: AccountSummary;
  onCancel: () => void;
  onConfirmed: () => void;
}

/**
 * The one-time code after the password (SPEC section 2): sent by SMS, resend locked 60 s with a
 * visible count-down, the choice to get it by e-mail, at most 6 digits, the sixth submits.
 */
export function LoginCodeDialog({ account, onCancel, onConfirmed }: LoginCodeDialogProps) {
  const [channel, setChannel] = useState<Channel>('sms');
  const resendLock = useCountdown();
  const { start: startResendLock } = resendLock;
  const resendBySms = useResendLoginCodeBySms();
  const sendByEmail = useSendLoginCodeByEmail();
  const confirm = useConfirmLoginCode();
  const { register, handleSubmit, setValue, formState } = useForm<CodeFields>({
    resolver: zodResolver(loginCodeSchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  // login.php has just sent the SMS: resending is locked from now.
  useEffect(() => startResendLock(LOGIN_CODE_RESEND_LOCK_SECONDS), [startResendLock]);

  const submit = handleSubmit(({ code }) => {
    if (confirm.isPending) return;
    confirm.mutate(code, {
      onSuccess: ({ sid }) => {
        // The server ends the waiting session and answers the active one's sid.
        if (sid) startSession(sid, account);
        else setSessionData(account);
        setTimeout(onConfirmed, LOGIN_SUCCESS_NOTICE_MS);
      },
    });
  });

  const codeField = register('code');
  const sendError = resendBySms.error ?? sendByEmail.error;
  const isSending = resendBySms.isPending || sendByEmail.isPending;

  const logout = useLogout();
  // The half-open session is of no use any more.
  const cancel = () => logout.mutate(undefined, { onSettled: onCancel });

  return (
    <Dialog open aria-labelledby="login-code-title" aria-describedby="login-code-description">
      <DialogTitle id="login-code-title">Código de verificación</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 0 }}>
          <DialogContentText id="login-code-description">
            {channel === 'sms'
              ? `Enviamos un código por SMS a tu teléfono ${account.mob_phone}.`
              : `Enviamos un código a tu correo ${account.email}.`}
          </DialogContentText>
          <TextField
            {...codeField}
            onChange={(event) => {
              const code = digitsOnly(event.target.value).slice(0, LOGIN_CODE_MAX_LENGTH);
              setValue('code', code, { shouldValidate: true });
              confirm.reset();
              if (code.length === LOGIN_CODE_MAX_LENGTH) void submit();
            }}
            label="Código"
            autoComplete="one-time-code"
            disabled={confirm.isPending || confirm.isSuccess}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: LOGIN_CODE_MAX_LENGTH } }}
          />
          {confirm.isError && (
            <Alert severity="error" role="alert">
              {confirm.error.message}
            </Alert>
          )}
          {confirm.isSuccess && (
            <Alert severity="success" role="status">
              {confirm.data.message}
            </Alert>
          )}
          {sendError && (
            <Alert severity="error" role="alert">
              {sendError.message}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              // The count-down reads 'Reenviar (59s)', lower-case s included.
              sx={{ textTransform: 'none' }}
              disabled={resendLock.isRunning || isSending || confirm.isSuccess}
              onClick={() =>
                (channel === 'sms' ? resendBySms : sendByEmail).mutate(undefined, {
                  onSuccess: () => startResendLock(LOGIN_CODE_RESEND_LOCK_SECONDS),
                })
              }
            >
              {resendLock.isRunning ? resendCountdownLabel(resendLock.secondsLeft) : 'Reenviar código'}
            </Button>
            {channel === 'sms' && (
              <Button
                variant="text"
                disabled={isSending || confirm.isSuccess}
                onClick={() =>
                  sendByEmail.mutate(undefined, {
                    onSuccess: () => {
                      setChannel('email');
                      startResendLock(LOGIN_CODE_RESEND_LOCK_SECONDS);
                    },
                  })
                }
              >
                Enviar el código a mi correo
              </Button>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel} disabled={confirm.isSuccess}>
            Cancelar
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!formState.isValid || confirm.isPending || confirm.isSuccess}
          >
            Confirmar
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
