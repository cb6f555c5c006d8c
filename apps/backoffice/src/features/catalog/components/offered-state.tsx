import { BooleanInput, FunctionField } from 'react-admin';
import { StatusChip } from '../../../components/status-chip';

/**
 * Whether a catalog entry (a product, a loan purpose) is offered to borrowers or retired: retired
 * entries stay listed, since loans may name them.
 */
export const offeredLabel = (active: boolean) => (active ? 'Ofrecido' : 'Retirado');

/** The list's column of the entry's state, as a chip (the Datagrid reads `label` for the header). */
export function OfferedField(_: { label: string }) {
  return (
    <FunctionField<{ active: boolean }>
      render={(record) => (
        <StatusChip tone={record.active ? 'success' : 'neutral'} label={offeredLabel(record.active)} />
      )}
    />
  );
}

/** The edit form's switch for the `active` field, with what retiring this kind of entry means. */
export function OfferedInput({ helperText }: { helperText: string }) {
  return <BooleanInput source="active" label="Ofrecido a los clientes" helperText={helperText} />;
}
