import Alert from '@mui/material/Alert';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextField } from '../../../components/text-field';
import Typography from '@mui/material/Typography';
import type { passwordRecoverySchema } from '@prestamos-hn/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resolverOnDemand } from '../../../lib/resolver-on-demand';
import { useRecoverPassword } from '../api/recover-password';
import { BackToLoginButton } from './back-to-login-button';

type RecoveryFields = z.input<typeof passwordRecoverySchema>;
type RecoveryValues = z.output<typeof passwordRecoverySchema>;

// The schema and Zod download when the form is first touched (or, at the latest, on submit): the
// screen paints without them (issue 33).
const resolver = resolverOnDemand<RecoveryFields, unknown, RecoveryValues>(async () => {
  const { recoveryResolver } = await import('../utils/recovery-resolver');
  return recoveryResolver;
});

/** 'Correo' and 'Recuperar' ('Cargando' while busy); after success, the way back to login. */
export function PasswordRecoveryForm() {
  const recover = useRecoverPassword();
  const { register, handleSubmit, formState } = useForm<RecoveryFields, unknown, RecoveryValues>({
    resolver,
    defaultValues: { email: '' },
  });
  const emailError = formState.errors.email?.message;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ email }) => recover.mutate(email))}
      onFocus={resolver.preload}
      onPointerDown={resolver.preload}
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
