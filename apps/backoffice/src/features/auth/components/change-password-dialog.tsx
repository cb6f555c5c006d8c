import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type FormEvent } from 'react';
import { useNotify } from 'react-admin';
import { RefusalAlert } from '../../../components/refusal-alert';
import { useChangeOwnPassword } from '../api/change-password';
import { PasswordField, usePasswordFields } from './password-field';

const MIN_LENGTH = 10;
type Field = 'currentPassword' | 'newPassword' | 'repeat';

/**
 * 'Cambiar contraseña': the current password, the new one (10 characters at least) and its
 * repetition. The server also refuses a common breached password and says so. `forced` (an admin
 * asked for it): the dialog cannot be closed until the password is changed.
 */
export function ChangePasswordDialog({
  open,
  forced = false,
  onClose,
}: {
  open: boolean;
  forced?: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const changePassword = useChangeOwnPassword();
  const { values, setValues, setErrors, bind } = usePasswordFields<Field>({
    currentPassword: '',
    newPassword: '',
    repeat: '',
  });
  const [refusal, setRefusal] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  function validate(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = 'Escribe tu contraseña actual.';
    if (values.newPassword.length < MIN_LENGTH) {
      found.newPassword = 'La contraseña debe tener al menos 10 caracteres.';
    } else if (values.newPassword === values.currentPassword) {
      found.newPassword = 'La nueva contraseña debe ser distinta de la actual.';
    }
    if (values.repeat !== values.newPassword) found.repeat = 'Las contraseñas no coinciden.';
    return found;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const message = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues({ currentPassword: '', newPassword: '', repeat: '' });
      notify(message, { type: 'success' });
      onClose();
    } catch (failure) {
      const field = (failure as { body?: { field?: string } }).body?.field;
      const message = (failure as Error).message;
      if (field === 'currentPassword' || field === 'newPassword') setErrors({ [field]: message });
      else setRefusal(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={forced ? undefined : onClose}
      aria-labelledby="change-password-title"
      fullWidth
      maxWidth="xs"
    >
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id="change-password-title">Cambiar contraseña</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {forced && (
            <Alert severity="warning">
              Un administrador pidió que cambies tu contraseña. Cámbiala para continuar.
            </Alert>
          )}
          <RefusalAlert message={refusal} />
          <PasswordField
            id="current-password"
            label="Contraseña actual"
            autoComplete="current-password"
            autoFocus
            {...bind('currentPassword')}
            sx={{ mt: 1 }}
          />
          <PasswordField
            id="new-password"
            label="Nueva contraseña"
            autoComplete="new-password"
            {...bind('newPassword')}
            hint="Al menos 10 caracteres. Se cerrarán tus otras sesiones."
          />
          <PasswordField
            id="repeat-password"
            label="Repetir nueva contraseña"
            autoComplete="new-password"
            {...bind('repeat')}
          />
        </DialogContent>
        <DialogActions>
          {!forced && (
            <Button type="button" onClick={onClose}>
              Cancelar
            </Button>
          )}
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Guardando…' : 'Cambiar contraseña'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
