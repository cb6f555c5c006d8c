import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useLogin } from 'react-admin';
import { RefusalAlert } from '../../../components/refusal-alert';

const CODE_PATTERN = /^\d{6}$/;
const CODE_MESSAGE = 'Escribe el código de 6 dígitos.';

/** Step 2: the 6-digit code e-mailed to `email`; react-admin's login (authProvider.login) sends it. */
export function CodeForm({ email, onBack }: { email: string; onBack: () => void }) {
  const login = useLogin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    setRefusal(undefined);
    if (!CODE_PATTERN.test(trimmed)) {
      setError(CODE_MESSAGE);
      return codeRef.current?.focus();
    }
    setError(undefined);
    setIsSubmitting(true);
    try {
      await login({ code: trimmed });
    } catch (failure) {
      setRefusal((failure as Error).message);
      setIsSubmitting(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <Typography role="status">
        Enviamos un código de 6 dígitos a <strong>{email}</strong>. Vence en 5 minutos.
      </Typography>
      <RefusalAlert message={refusal} />
      <TextField
        id="login-code"
        label="Código"
        autoComplete="one-time-code"
        required
        fullWidth
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        inputRef={codeRef}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Verificando…' : 'Verificar'}
      </Button>
      <Button type="button" onClick={onBack}>
        Usar otra cuenta
      </Button>
    </Box>
  );
}
