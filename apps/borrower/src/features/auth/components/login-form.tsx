import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { TextField } from '../../../components/text-field';
import Typography from '@mui/material/Typography';
import type { AccountSummary } from '@prestamos-hn/contract';
import type { loginSchema } from '@prestamos-hn/domain';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../../../components/password-field';
import { preloadApiClient } from '../../../lib/api-client-on-demand';
import { resolverOnDemand } from '../../../lib/resolver-on-demand';
import { setSid } from '../../../lib/session';
import { useLogin } from '../api/login';
import { getRememberedEmail, rememberEmail } from '../utils/remembered-email';

/**
 * The code dialog is needed only after the password step: it downloads then (asked for as the
 * credentials are sent), not with /login's first load.
 */
const loadCodeDialog = () => import('./login-code-dialog');
const LoginCodeDialog = lazy(() => loadCodeDialog().then((m) => ({ default: m.LoginCodeDialog })));

type LoginFields = z.input<typeof loginSchema>;
type LoginValues = z.output<typeof loginSchema>;

/** The validation and the API client download when the person first touches the form. */
const loginResolver = resolverOnDemand<LoginFields, unknown, LoginValues>(() =>
  import('../utils/login-resolver').then((m) => m.loginResolver),
);
const preloadSubmit = () => {
  loginResolver.preload();
  preloadApiClient().catch(() => {});
};

/** E-mail and password, remember-me, and then the dialog that asks for the one-time code. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [remembered] = useState(getRememberedEmail);
  const [isRemembering, setIsRemembering] = useState(remembered !== null);
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [pendingAccount, setPendingAccount] = useState<AccountSummary | null>(null);
  const login = useLogin();
  const { register, handleSubmit } = useForm<LoginFields, unknown, LoginValues>({
    resolver: loginResolver,
    defaultValues: { email: remembered ?? '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    const email = values.email.trim();
    rememberEmail(isRemembering ? email : null);
    // Fetched while the password is checked; a failure shows when the dialog renders.
    loadCodeDialog().catch(() => {});
    login.mutate(
      { email, password: values.password },
      {
        onSuccess: ({ sid, data }) => {
          // The session waits for its code; the code calls carry this sid.
          setSid(sid);
          setPendingAccount(data);
        },
      },
    );
  });

  return (
    <>
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        onFocus={preloadSubmit}
        onPointerDown={preloadSubmit}
        sx={{ display: 'grid', gap: 2 }}
      >
        <TextField
          {...register('email')}
          label="Correo"
          type="email"
          autoComplete="username"
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none' } }}
        />
        <PasswordField
          {...register('password')}
          label="Contraseña"
          autoComplete="current-password"
          isVisible={isPasswordVisible}
          onToggleVisible={() => setIsPasswordVisible((visible) => !visible)}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={isRemembering}
                onChange={(event) => setIsRemembering(event.target.checked)}
              />
            }
            label="Recordarme"
          />
          <Link component={RouterLink} to="/recuperarpass">
            Recuperar
          </Link>
        </Box>
        {login.isError && (
          <Alert severity="error" role="alert">
            {login.error.message}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
          {login.isPending ? 'Cargando' : 'Ingresar'}
        </Button>
        <Typography sx={{ textAlign: 'center' }}>
          ¿No tienes cuenta?{' '}
          <Link component={RouterLink} to="/registro">
            Regístrate
          </Link>
        </Typography>
      </Box>
      {pendingAccount && (
        <Suspense fallback={null}>
          <LoginCodeDialog
            account={pendingAccount}
            onCancel={() => setPendingAccount(null)}
            onConfirmed={onLoggedIn}
          />
        </Suspense>
      )}
    </>
  );
}
