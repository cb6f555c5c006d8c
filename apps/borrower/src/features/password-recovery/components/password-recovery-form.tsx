import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextField } from '../../../components/text-field';
import Typography from '@mui/material/Typography';
import { passwordRecoverySchema } from '@prestamos-hn/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useRecoverPassword } from '../api/recover-password';
import { BackToLoginButton } from './back-to-login-button';

type RecoveryFields = z.input<typeof passwordRecoverySchema>;
type RecoveryValues = z.output<typeof passwordRecoverySchema>;

/** 'Correo' and 'Recuperar' ('Cargando' while busy); after success, the way back to login. */
export function PasswordRecoveryForm() {
  const recover = useRecoverPassword();
  const { register, handleSubmit, formState } = useForm<RecoveryFields, unknown, RecoveryValues>({
    resolver: zodResolver(passwordRecoverySchema),
    defaultValues: { email: '' },
  });
  const emailError = formState.errors.email?.message;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ email }) => recover.mutate(email))}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Typography>
        Escribe el correo de tu cuenta. Te enviaremos a ese correo un enlace para crear tu nueva contraseña.
      </Typography>
      <TextField
        {...register('email')}
        label="Correo"
        type="email"
        required
        autoComplete="email"
        disabled={recover.isSuccess}
        error={Boolean(emailError)}
        helperText={emailError}
        slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none' } }}
      />
      <CallResultAlert error={recover.error} />
      {recover.isSuccess ? (
        <>
          <Alert severity="success" role="status">
            {recover.data.message}
          </Alert>
          <BackToLoginButton />
        </>
      ) : (
        <Button type="submit" variant="contained" size="large" disabled={recover.isPending}>
          {recover.isPending ? 'Cargando' : 'Recuperar'}
        </Button>
      )}
    </Box>
  );
}
