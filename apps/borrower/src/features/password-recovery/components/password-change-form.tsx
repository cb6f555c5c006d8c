import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { RecoveryLink } from '@prestamos-hn/contract';
import { PASSWORD_RULE_MESSAGE, passwordChangeSchema, SENDING_LABEL } from '@prestamos-hn/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordField } from '../../../components/password-field';
import { useChangePassword } from '../api/change-password';
import { BackToLoginButton } from './back-to-login-button';

type ChangeFields = z.input<typeof passwordChangeSchema>;

/**
 * 'Contraseña' and 'Repetir contraseña' with one show/hide toggle; changing the first clears the
 * repeat; 'Cambiar contraseña' ('Enviando...') only when both are valid; after success, a button
 * back to login replaces the form.
 */
export function PasswordChangeForm({ link }: { link: RecoveryLink }) {
  const change = useChangePassword(link);
  const [isVisible, setIsVisible] = useState(false);
  const { register, handleSubmit, setValue, formState } = useForm<ChangeFields>({
    resolver: zodResolver(passwordChangeSchema),
    mode: 'onChange',
    defaultValues: { password: '', passwordRepeat: '' },
  });
  const passwordField = register('password');
  const { errors } = formState;

  if (change.isSuccess) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="success" role="status">
          {change.data.message}
        </Alert>
        <BackToLoginButton />
      </Box>
    );
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ password }) => change.mutate(password))}
      sx={{ display: 'grid', gap: 2 }}
    >
      <PasswordField
        {...passwordField}
        onChange={(event) => {
          void passwordField.onChange(event);
          setValue('passwordRepeat', '', { shouldDirty: true });
        }}
        label="Contraseña"
        autoComplete="new-password"
        isVisible={isVisible}
        onToggleVisible={() => setIsVisible((visible) => !visible)}
        error={Boolean(errors.password)}
        helperText={errors.password?.message ?? PASSWORD_RULE_MESSAGE}
      />
      <PasswordField
        {...register('passwordRepeat')}
        label="Repetir contraseña"
        autoComplete="new-password"
        isVisible={isVisible}
        error={Boolean(errors.passwordRepeat)}
        helperText={errors.passwordRepeat?.message}
      />
      <CallResultAlert error={change.error} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!formState.isValid || change.isPending}
      >
        {change.isPending ? SENDING_LABEL : 'Cambiar contraseña'}
      </Button>
    </Box>
  );
}
