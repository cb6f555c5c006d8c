import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readBrandName } from '@prestamos-hn/ui';
import { CodeForm } from './code-form';
import { LoginForm } from './login-form';
import { PasswordLinkForm } from './password-link-form';

/**
 * The back-office's entry (react-admin's loginPage): password, then the e-mailed code. Opened from
 * an e-mailed password link (`#/login?clave=…`), it first asks for the new password.
 */
export function LoginPage() {
  const [brandName] = useState(() => readBrandName(document));
  const location = useLocation();
  const navigate = useNavigate();
  const linkToken = new URLSearchParams(location.search).get('clave');
  const [codeSentTo, setCodeSentTo] = useState<string | undefined>();
  const [passwordSet, setPasswordSet] = useState<string | undefined>();
  const title = linkToken ? 'Nueva contraseña' : codeSentTo ? 'Código de acceso' : 'Iniciar sesión';
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Typography sx={{ color: 'primary.dark', fontWeight: 500 }}>{brandName} · Back-office</Typography>
        <Typography component="h1" variant="h5" sx={{ mt: 1, mb: 3 }}>
          {title}
        </Typography>
        {passwordSet && !linkToken && !codeSentTo && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {passwordSet}
          </Alert>
        )}
        {linkToken ? (
          <PasswordLinkForm
            token={linkToken}
            onDone={(message) => {
              setPasswordSet(message);
              // The token leaves the address bar (and the history entry) once used.
              navigate('/login', { replace: true });
            }}
          />
        ) : codeSentTo ? (
          <CodeForm email={codeSentTo} onBack={() => setCodeSentTo(undefined)} />
        ) : (
          <LoginForm onCodeSent={setCodeSentTo} />
        )}
      </Paper>
    </Box>
  );
}
