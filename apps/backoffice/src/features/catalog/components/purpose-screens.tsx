import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  Create,
  Datagrid,
  Edit,
  List,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  maxLength,
  required,
} from 'react-admin';
import type { PurposeRecord } from '../api/list-purposes';
import { OfferedField, OfferedInput, offeredLabel } from './offered-state';
import { SaveOnlyToolbar } from '../../../components/save-only-toolbar';

const titleInput = (
  <TextInput source="title" label="Propósito" validate={[required(), maxLength(80)]} fullWidth />
);

/** The loan purposes a borrower chooses from; retired ones stay listed (loans may name them). */
export function PurposeList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const empty = <Typography sx={{ p: 2 }}>Aún no hay propósitos.</Typography>;
  return (
    <List title="Propósitos" exporter={false} perPage={25} empty={empty}>
      {isSmall ? (
        <SimpleList<PurposeRecord>
          linkType="edit"
          primaryText={(record) => record.title}
          secondaryText={(record) =>
            `${offeredLabel(record.active)} · ${record.loans} ${record.loans === 1 ? 'préstamo' : 'préstamos'}`
          }
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="id" label="Código" sortable={false} />
          <TextField source="title" label="Propósito" sortable={false} />
          <TextField source="loans" label="Préstamos" sortable={false} />
          <OfferedField label="Estado" />
        </Datagrid>
      )}
    </List>
  );
}

export function PurposeCreate() {
  return (
    <Create title="Nuevo propósito" redirect="list">
      <SimpleForm sx={{ maxWidth: 520 }}>{titleInput}</SimpleForm>
    </Create>
  );
}

export function PurposeEdit() {
  return (
    <Edit title="Editar propósito" mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 520 }} toolbar={<SaveOnlyToolbar />}>
        {titleInput}
        <OfferedInput helperText="Apágalo para retirar el propósito: deja de ofrecerse. Los préstamos que ya lo nombran no cambian." />
      </SimpleForm>
    </Edit>
  );
}
