import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';
import { STAFF_PASSWORD_MIN_LENGTH } from '@prestamos-hn/contract';
import { RefusalAlert } from '../../../components/refusal-alert';
import { setPasswordByLink } from '../api/set-password-by-link';
import { PasswordField, usePasswordFields } from './password-field';

type Field = 'newPassword' | 'repeat';

/**
 * The e-mailed link's form (`#/login?clave=…`): a new password (10 characters at least; the server
 * also refuses a common breached one) and its repetition. Once saved, `onDone` with the server's
 * message: the login form follows.
 */
export function PasswordLinkForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const { values, setErrors, bind } = usePasswordFields<Field>({ newPassword: '', repeat: '' });
  const [refusal, setRefusal] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    const found: Partial<Record<Field, string>> = {};
    if (values.newPassword.length < STAFF_PASSWORD_MIN_LENGTH) {
      found.newPassword = `La contraseña debe tener al menos ${STAFF_PASSWORD_MIN_LENGTH} caracteres.`;
    }
    if (values.repeat !== values.newPassword) found.repeat = 'Las contraseñas no coinciden.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      onDone(await setPasswordByLink(token, values.newPassword));
    } catch (failure) {
      const field = (failure as { body?: { field?: string } }).body?.field;
      const message = (failure as Error).message;
      if (field === 'newPassword') setErrors({ newPassword: message });
      else setRefusal(message);
      setBusy(false);
    }
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="info">Elige una contraseña nueva para tu cuenta. Después ingresa con ella.</Alert>
      <RefusalAlert message={refusal} />
      <PasswordField
        id="link-new-password"
        label="Nueva contraseña"
        autoComplete="new-password"
        autoFocus
        {...bind('newPassword')}
        hint="Al menos 10 caracteres. Se cerrarán tus sesiones abiertas."
      />
      <PasswordField
        id="link-repeat-password"
        label="Repetir nueva contraseña"
        autoComplete="new-password"
        {...bind('repeat')}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Guardando…' : 'Guardar contraseña'}
      </Button>
    </Box>
  );
}
