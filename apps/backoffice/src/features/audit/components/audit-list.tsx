import { auditActionLabel, can, labelOr } from '@prestamos-hn/domain';
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  usePermissions,
} from 'react-admin';
import { AuditChange } from '../../../components/audit-change';
import { AUDIT_ACTION_CHOICES, formatActor, formatDateTime } from '../../../lib/format';
import type { AuditRecord } from '../api/list-audit';

const filters = [
  <SelectInput
    key="entity"
    source="entity"
    label="Entidad"
    alwaysOn
    choices={[
      { id: 'borrower', name: 'Cliente' },
      { id: 'staff', name: 'Personal' },
    ]}
  />,
  <TextInput key="entityId" source="entityId" label="Id de la entidad" alwaysOn />,
  <SelectInput
    key="actorType"
    source="actorType"
    label="Tipo de actor"
    alwaysOn
    choices={[
      { id: 'borrower', name: 'Cliente' },
      { id: 'staff', name: 'Personal' },
      { id: 'system', name: 'Sistema' },
    ]}
  />,
  <TextInput key="actorId" source="actorId" label="Id del actor" />,
  <SelectInput key="action" source="action" label="Acción" alwaysOn choices={AUDIT_ACTION_CHOICES} />,
  <DateInput key="from" source="from" label="Desde" />,
  <DateInput key="to" source="to" label="Hasta" />,
];

/** Admins only (`audit.all`): every view of one borrower's data by staff (the server refuses the others). */
const adminFilters = [
  ...filters,
  <TextInput
    key="viewsOfBorrower"
    source="viewsOfBorrower"
    label="Vistas del expediente de un prestatario"
    placeholder="ID del prestatario"
    inputMode="numeric"
  />,
];

const ENTITY_LABELS: Record<string, string> = {
  borrower: 'Cliente',
  staff: 'Personal',
  receipt: 'Comprobante',
  export: 'Exportación',
};
/**
 * Every audited change, newest first, each as who did what and which fields it changed (in words), with filters (analysts see the rows about borrowers; admins
 * may also list every view of one borrower's data).
 */
export function AuditList() {
  const { permissions: role } = usePermissions<string>();
  return (
    <List
      title="Auditoría"
      filters={can(role, 'audit.all') ? adminFilters : filters}
      exporter={false}
      perPage={50}
      sort={{ field: 'at', order: 'DESC' }}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField<AuditRecord> label="Fecha" sortable={false} render={(r) => formatDateTime(r.at)} />
        <FunctionField<AuditRecord>
          label="Quién"
          sortable={false}
          render={(r) => formatActor(r.actorType, r.actorId, r.actorName)}
        />
        <FunctionField<AuditRecord>
          label="Acción"
          sortable={false}
          render={(r) => auditActionLabel(r.action)}
        />
        <FunctionField<AuditRecord>
          label="Entidad"
          sortable={false}
          render={(r) => `${labelOr(ENTITY_LABELS, r.entity, r.entity)} #${r.entityId}`}
        />
        <FunctionField<AuditRecord>
          label="Cambio"
          sortable={false}
          render={(r) => <AuditChange before={r.before} after={r.after} />}
        />
      </Datagrid>
    </List>
  );
}
