import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { readBrandName } from '@prestamos-hn/ui';
import { CodeForm } from './code-form';
import { LoginForm } from './login-form';

/** The back-office's entry (react-admin's loginPage): password, then the e-mailed code. */
export function LoginPage() {
  const [brandName] = useState(() => readBrandName(document));
  const [codeSentTo, setCodeSentTo] = useState<string | undefined>();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'grey.100' }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 400, p: { xs: 3, sm: 4 } }}>
        <Typography sx={{ color: 'primary.dark', fontWeight: 500 }}>{brandName} · Back-office</Typography>
        <Typography component="h1" variant="h5" sx={{ mt: 1, mb: 3 }}>
          {codeSentTo ? 'Código de acceso' : 'Iniciar sesión'}
        </Typography>
        {codeSentTo ? (
          <CodeForm email={codeSentTo} onBack={() => setCodeSentTo(undefined)} />
        ) : (
          <LoginForm onCodeSent={setCodeSentTo} />
        )}
      </Paper>
    </Box>
  );
}
