import LockResetIcon from '@mui/icons-material/LockReset';
import Button from '@mui/material/Button';
import { useState } from 'react';
import {
  BooleanInput,
  Confirm,
  Create,
  Datagrid,
  DateField,
  Edit,
  EmailField,
  FunctionField,
  List,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  email,
  maxLength,
  minLength,
  required,
  useGetIdentity,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { useForcePasswordReset } from '../api/force-password-reset';
import { SaveOnlyToolbar } from '../../../components/save-only-toolbar';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@prestamos-hn/domain';
import type { StaffRecord } from '../api/list-staff';

const roleChoices = STAFF_ROLES.map((id) => ({ id, name: STAFF_ROLE_LABELS[id] }));
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A 14-character temporary password the admin hands to the new staff member. */
export function generateTemporaryPassword(random: (n: number) => number = cryptoInt): string {
  let text = '';
  for (let i = 0; i < 12; i++) text += PASSWORD_ALPHABET[random(PASSWORD_ALPHABET.length)];
  return `${text}#${random(10)}`;
}

function cryptoInt(n: number): number {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return value! % n;
}

export function StaffList() {
  return (
    <List title="Personal" exporter={false} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" label="Nombre" />
        <EmailField source="email" label="Correo" />
        <FunctionField<StaffRecord>
          source="role"
          label="Rol"
          render={(record) => STAFF_ROLE_LABELS[record.role]}
        />
        <FunctionField<StaffRecord>
          source="disabled"
          label="Estado"
          render={(record) =>
            record.disabled
              ? 'Deshabilitada'
              : record.mustChangePassword
                ? 'Debe cambiar su contraseña'
                : 'Activa'
          }
        />
        <DateField source="createdAt" label="Creada" showTime locales="es-HN" />
      </Datagrid>
    </List>
  );
}

export function StaffCreate() {
  return (
    <Create title="Nuevo miembro del personal" redirect="list">
      <SimpleForm
        defaultValues={() => ({ role: 'analyst', password: generateTemporaryPassword() })}
        sx={{ maxWidth: 520 }}
      >
        <TextInput source="name" label="Nombre" validate={[required(), maxLength(120)]} fullWidth />
        <TextInput source="email" label="Correo" type="email" validate={[required(), email()]} fullWidth />
        <SelectInput source="role" label="Rol" choices={roleChoices} validate={required()} fullWidth />
        <TextInput
          source="password"
          label="Contraseña temporal"
          helperText="Entréguela a la persona por un medio seguro. El acceso también pide un código por correo."
          validate={[required(), minLength(10), maxLength(200)]}
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
}

/**
 * 'Restablecer contraseña' (after a confirmation): ends that person's sessions, makes their password
 * unusable and e-mails them a link to set a new one (issue 32 point 3). Offered again while a reset
 * is pending (the link lasts 24 hours; a new one replaces it). Not offered on one's own account.
 */
function ForcePasswordResetButton() {
  const record = useRecordContext<StaffRecord>();
  const { identity } = useGetIdentity();
  const notify = useNotify();
  const forceReset = useForcePasswordReset();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record || identity?.id === record.id) return null;
  return (
    <>
      <Button
        type="button"
        variant="outlined"
        startIcon={<LockResetIcon />}
        onClick={() => setOpen(true)}
        sx={{ justifySelf: 'start' }}
      >
        {record.mustChangePassword ? 'Enviar de nuevo el enlace de contraseña' : 'Restablecer contraseña'}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="Restablecer contraseña"
        content={`Se cerrarán las sesiones de ${record.name}, su contraseña actual dejará de servir y le enviaremos por correo un enlace para definir una nueva (vence en 24 horas).`}
        confirm="Restablecer"
        cancel="Cancelar"
        onConfirm={async () => {
          setBusy(true);
          try {
            await forceReset(record.id);
            notify('Listo: le enviamos por correo el enlace para definir su nueva contraseña.', {
              type: 'success',
            });
            refresh();
          } catch (failure) {
            notify((failure as Error).message, { type: 'error' });
          } finally {
            setBusy(false);
            setOpen(false);
          }
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

export function StaffEdit() {
  return (
    <Edit title="Editar miembro del personal" mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 520 }} toolbar={<SaveOnlyToolbar />}>
        <ForcePasswordResetButton />
        <TextInput source="email" label="Correo" disabled fullWidth />
        <TextInput source="name" label="Nombre" validate={[required(), maxLength(120)]} fullWidth />
        <SelectInput source="role" label="Rol" choices={roleChoices} validate={required()} fullWidth />
        <BooleanInput
          source="disabled"
          label="Cuenta deshabilitada"
          helperText="Deshabilitar cierra todas sus sesiones."
        />
      </SimpleForm>
    </Edit>
  );
}
