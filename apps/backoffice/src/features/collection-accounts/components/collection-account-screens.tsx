import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  COLLECTION_ACCOUNT_HOLDER_MAX,
  COLLECTION_ACCOUNT_SORT_MAX,
  collectionAccountMessages,
} from '@prestamos-hn/contract';
import {
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  FunctionField,
  List,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  regex,
  required,
  SelectInput,
  SimpleForm,
  SimpleList,
  TextField,
  TextInput,
  useResourceDefinition,
} from 'react-admin';
import { SaveOnlyToolbar } from '../../../components/save-only-toolbar';
import { StatusChip } from '../../../components/status-chip';
import { useBankChoices, type CollectionAccountRecord } from '../api/list-collection-accounts';

/**
 * 'Cuentas de cobro' (issue 35, point 1): the lender's accounts borrowers deposit into. The active
 * ones, in their order, are what /plan shows under 'Plan de pagos', what the disbursement SMS names
 * and what new contracts name. Every staff member may read them; admins add, edit and deactivate
 * (accounts are never deleted: old receipts and the audit trail keep their bank).
 */

const stateLabel = (active: boolean) => (active ? 'Activa' : 'Desactivada');
const StateField = (_: { label: string }) => (
  <FunctionField<CollectionAccountRecord>
    render={(record) => (
      <StatusChip tone={record.active ? 'success' : 'neutral'} label={stateLabel(record.active)} />
    )}
  />
);

export function CollectionAccountList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  // Roles that may only read get no edit form (app.tsx): rows open nothing.
  const { hasEdit } = useResourceDefinition();
  const empty = (
    <Typography sx={{ p: 2 }}>
      Aún no hay cuentas de cobro: los clientes no ven dónde depositar. Agrega la primera.
    </Typography>
  );
  return (
    <List title="Cuentas de cobro" exporter={false} perPage={25} empty={empty}>
      {isSmall ? (
        <SimpleList<CollectionAccountRecord>
          linkType={hasEdit ? 'edit' : false}
          primaryText={(record) => `${record.bankName} ${record.accountNumber}`}
          secondaryText={(record) => `${record.holderName} · ${stateLabel(record.active)}`}
        />
      ) : (
        <Datagrid rowClick={hasEdit ? 'edit' : false} bulkActionButtons={false}>
          <TextField source="sortOrder" label="Orden" sortable={false} />
          <TextField source="bankName" label="Banco" sortable={false} />
          <TextField source="accountNumber" label="Número de cuenta" sortable={false} />
          <TextField source="holderName" label="A nombre de" sortable={false} />
          <StateField label="Estado" />
        </Datagrid>
      )}
    </List>
  );
}

function AccountInputs() {
  const banks = useBankChoices();
  return (
    <>
      <SelectInput
        source="bankCode"
        label="Banco"
        choices={banks.data ?? []}
        isPending={banks.isPending}
        validate={required(collectionAccountMessages.bank)}
        fullWidth
      />
      <TextInput
        source="accountNumber"
        label="Número de cuenta"
        helperText="Solo dígitos y guiones, como lo escribe el banco."
        validate={[
          required(collectionAccountMessages.accountNumber),
          regex(/^[0-9\s-]{4,40}$/, collectionAccountMessages.accountNumber),
        ]}
        fullWidth
      />
      <TextInput
        source="holderName"
        label="A nombre de"
        helperText="El titular como lo muestra el banco (la razón social)."
        validate={[
          required(collectionAccountMessages.holderName),
          maxLength(COLLECTION_ACCOUNT_HOLDER_MAX, collectionAccountMessages.holderName),
        ]}
        fullWidth
      />
      <NumberInput
        source="sortOrder"
        label="Orden"
        helperText="Los clientes ven primero la de número menor."
        validate={[
          minValue(0, collectionAccountMessages.sortOrder),
          maxValue(COLLECTION_ACCOUNT_SORT_MAX, collectionAccountMessages.sortOrder),
        ]}
      />
    </>
  );
}

export function CollectionAccountCreate() {
  return (
    <Create title="Nueva cuenta de cobro" redirect="list">
      <SimpleForm sx={{ maxWidth: 520 }} defaultValues={{ active: true }}>
        <AccountInputs />
        <BooleanInput source="active" label="Activa: los clientes la ven" />
      </SimpleForm>
    </Create>
  );
}

export function CollectionAccountEdit() {
  return (
    <Edit title="Editar cuenta de cobro" mutationMode="pessimistic" redirect="list">
      <SimpleForm sx={{ maxWidth: 520 }} toolbar={<SaveOnlyToolbar />}>
        <AccountInputs />
        <BooleanInput
          source="active"
          label="Activa: los clientes la ven"
          helperText="Apágala para desactivarla: deja de mostrarse en la app, en el SMS del desembolso y en los contratos nuevos. Los contratos ya firmados no cambian."
        />
      </SimpleForm>
    </Edit>
  );
}
