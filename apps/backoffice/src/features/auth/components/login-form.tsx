import Box from '@mui/material/Box';
import { OFFLINE_MESSAGE } from '@prestamos-hn/domain';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { RefusalAlert } from '../../../components/refusal-alert';
import { logIn } from '../api/log-in';
import { normaliseEmail, validateLogin, type LoginErrors } from '../utils/validate-login';
import { PasswordField } from './password-field';

/** Step 1: e-mail and password, validated here, then checked by the server, which e-mails a code. */
export function LoginForm({ onCodeSent }: { onCodeSent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    setRefusal(undefined);
    if (found.email) return emailRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();

    setIsSubmitting(true);
    try {
      await logIn(normaliseEmail(email), password);
      onCodeSent(normaliseEmail(email));
    } catch (error) {
      setRefusal((error as Error).message || OFFLINE_MESSAGE);
      setIsSubmitting(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <RefusalAlert message={refusal} />
      <TextField
        id="login-email"
        label="Correo"
        type="email"
        autoComplete="username"
        required
        fullWidth
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
        inputRef={emailRef}
      />
      <PasswordField
        id="login-password"
        label="Contraseña"
        autoComplete="current-password"
        fullWidth
        value={password}
        onChange={setPassword}
        error={errors.password}
        inputRef={passwordRef}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Ingresando…' : 'Ingresar'}
      </Button>
    </Box>
  );
}
