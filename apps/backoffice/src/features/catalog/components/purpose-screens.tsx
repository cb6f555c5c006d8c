import { Create, Edit, SimpleForm, TextField, TextInput, maxLength, required } from 'react-admin';
import type { PurposeRecord } from '../api/list-purposes';
import { CatalogList } from './catalog-list';
import { OfferedInput, offeredLabel } from './offered-state';
import { SaveOnlyToolbar } from '../../../components/save-only-toolbar';

const titleInput = (
  <TextInput source="title" label="Propósito" validate={[required(), maxLength(80)]} fullWidth />
);

/** The loan purposes a borrower chooses from; retired ones stay listed (loans may name them). */
export function PurposeList() {
  return (
    <CatalogList<PurposeRecord>
      title="Propósitos"
      emptyText="Aún no hay propósitos."
      primaryText={(record) => record.title}
      secondaryText={(record) =>
        `${offeredLabel(record.active)} · ${record.loans} ${record.loans === 1 ? 'préstamo' : 'préstamos'}`
      }
    >
      <TextField source="title" label="Propósito" sortable={false} />
    </CatalogList>
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
