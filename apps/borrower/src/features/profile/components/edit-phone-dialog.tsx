import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { TextField } from '../../../components/text-field';
import Typography from '@mui/material/Typography';
import {
  digitsOnly,
  phoneChangeLockedMessage,
  PROFILE_SAVING_LABEL,
  profilePhoneNumberSchema,
  SMS_CODE_LENGTH,
} from '@prestamos-hn/domain';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { LegacyCallError } from '../../../lib/api-errors';
import { useSendPhoneChangeCode } from '../api/change-phone';
import { useUpdateProfile } from '../api/put-profile';
import { PHONE_CHANGE_HINT } from '../utils/field-configs';

/** The server's refusal, with '(hasta el <date>)' when the 6 months have not passed (SPEC section 8). */
export function phoneErrorText(error: Error): string {
  const until = error instanceof LegacyCallError ? error.payload.fechaexp : undefined;
  if (typeof until !== 'string' || until === '') return error.message;
  return phoneChangeLockedMessage(error.message, format(parseISO(until), 'dd/MM/yyyy'));
}

/** The server's refusal names `UsrPwd` when the current password is missing or wrong. */
const isPasswordError = (error: Error | null): boolean =>
  error instanceof LegacyCallError && error.payload.field === 'UsrPwd';

/**
 * 'Editar' the phone: with the current password, the new number gets a code by SMS (otp_upd.php),
 * then the code confirms it (putProfile.php with `mob_phone` and its `code`). Once every 6 months.
 */
export function EditPhoneDialog({ current, onClose }: { current: string; onClose: () => void }) {
  const sendCode = useSendPhoneChangeCode();
  const update = useUpdateProfile();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const passwordRefused = isPasswordError(sendCode.error);
  const phoneRefused = sendCode.isError && !passwordRefused;
  const phoneCheck = profilePhoneNumberSchema.safeParse(phone);
  const isCodeStep = sendCode.isSuccess;

  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby="phone-title">
      <DialogTitle id="phone-title">
        Editar
        <Typography component="span" sx={{ display: 'block' }} color="text.secondary">
          Teléfono
        </Typography>
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">{`Teléfono actual: ${current}`}</Typography>
          <TextField
            label="Nuevo teléfono"
            type="tel"
            value={phone}
            disabled={isCodeStep}
            onChange={(event) => setPhone(digitsOnly(event.target.value))}
            error={phone !== '' && !phoneCheck.success}
            helperText={
              phoneRefused
                ? phoneErrorText(sendCode.error!)
                : phone !== '' && !phoneCheck.success
                  ? phoneCheck.error.issues[0]?.message
                  : ' '
            }
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 8 },
              formHelperText: phoneRefused ? { role: 'alert', error: true } : undefined,
            }}
          />
          {/* Sent with the phone; the code step needs it no more. */}
          {!isCodeStep && (
            <TextField
              label="Contraseña actual"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                if (passwordRefused) sendCode.reset();
              }}
              error={passwordRefused}
              helperText={
                passwordRefused
                  ? sendCode.error!.message
                  : 'Para cambiar tu teléfono necesitamos tu contraseña.'
              }
              slotProps={{ formHelperText: passwordRefused ? { role: 'alert', error: true } : undefined }}
            />
          )}
          {isCodeStep && (
            <>
              <Alert severity="success" role="status">
                {sendCode.data.message}
              </Alert>
              <TextField
                label="Código"
                value={code}
                onChange={(event) => setCode(event.target.value.trim().slice(0, SMS_CODE_LENGTH))}
                error={update.isError}
                helperText={update.isError ? update.error.message : ' '}
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    maxLength: SMS_CODE_LENGTH,
                    autoComplete: 'one-time-code',
                  },
                }}
              />
            </>
          )}
          <Alert severity="info" role="note">
            {PHONE_CHANGE_HINT}
          </Alert>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
        {isCodeStep ? (
          <Button
            variant="contained"
            disabled={code.length !== SMS_CODE_LENGTH || update.isPending}
            onClick={() => update.mutate({ mob_phone: phone, code }, { onSuccess: onClose })}
          >
            {update.isPending ? PROFILE_SAVING_LABEL : 'Guardar cambios'}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={!phoneCheck.success || password === '' || sendCode.isPending}
            onClick={() => sendCode.mutate({ phone, password })}
          >
            {sendCode.isPending ? PROFILE_SAVING_LABEL : 'Enviar código'}
          </Button>
        )}
      </DialogActions>
    </ResponsiveDialog>
  );
}
