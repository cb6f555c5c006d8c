import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { TextField } from '../../../components/text-field';
import Typography from '@mui/material/Typography';
import type { AccountSummary } from '@prestamos-hn/contract';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'wouter';
import { PasswordField } from '../../../components/password-field';
import { preloadApiClient } from '../../../lib/api-client-on-demand';
import { setSid } from '../../../lib/session';
import { useLogin } from '../api/login';
import { getRememberedEmail, rememberEmail } from '../utils/remembered-email';

/**
 * The code dialog is needed only after the password step: it downloads then (asked for as the
 * credentials are sent), not with /login's first load.
 */
const loadCodeDialog = () => import('./login-code-dialog');
const LoginCodeDialog = lazy(() => loadCodeDialog().then((m) => ({ default: m.LoginCodeDialog })));

/** The API client downloads when the person first touches the form. */
const preloadSubmit = () => {
  preloadApiClient().catch(() => {});
};

/** A field of the submitted form as text ('' when missing). */
const textOf = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * E-mail and password, remember-me, and then the dialog that asks for the one-time code. The two
 * fields are sent as typed (the server answers a wrong or empty pair), so the form reads them from
 * the DOM on submit: no form library in /login's first load.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [remembered] = useState(getRememberedEmail);
  const [isRemembering, setIsRemembering] = useState(remembered !== null);
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [pendingAccount, setPendingAccount] = useState<AccountSummary | null>(null);
  const login = useLogin();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = new FormData(event.currentTarget);
    const email = textOf(values, 'email').trim();
    rememberEmail(isRemembering ? email : null);
    // Fetched while the password is checked; a failure shows when the dialog renders.
    loadCodeDialog().catch(() => {});
    login.mutate(
      { email, password: textOf(values, 'password') },
      {
        onSuccess: ({ sid, data }) => {
          // The session waits for its code; the code calls carry this sid.
          setSid(sid);
          setPendingAccount(data);
        },
      },
    );
  };

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
          name="email"
          defaultValue={remembered ?? ''}
          label="Correo"
          type="email"
          autoComplete="username"
          slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none' } }}
        />
        <PasswordField
          name="password"
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
