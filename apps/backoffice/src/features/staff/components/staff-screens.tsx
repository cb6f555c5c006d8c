import {
  BooleanInput,
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
} from 'react-admin';
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
          render={(record) => (record.disabled ? 'Deshabilitada' : 'Activa')}
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

export function StaffEdit() {
  return (
    <Edit title="Editar miembro del personal" mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 520 }}>
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
