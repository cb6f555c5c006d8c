import { auditActionLabel, labelOr } from '@prestamos-hn/domain';
import Box from '@mui/material/Box';
import { Datagrid, DateInput, FunctionField, List, SelectInput, TextInput } from 'react-admin';
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

const ENTITY_LABELS: Record<string, string> = { borrower: 'Cliente', staff: 'Personal' };
/** Every audited change, newest first, with filters (analysts see the rows about borrowers). */
export function AuditList() {
  return (
    <List
      title="Auditoría"
      filters={filters}
      exporter={false}
      perPage={50}
      sort={{ field: 'at', order: 'DESC' }}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField<AuditRecord> label="Fecha" sortable={false} render={(r) => formatDateTime(r.at)} />
        <FunctionField<AuditRecord>
          label="Actor"
          sortable={false}
          render={(r) => formatActor(r.actorType, r.actorId)}
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
          render={(r) => (
            <Box
              component="code"
              sx={{ fontSize: 12, display: 'block', maxWidth: 480, overflowWrap: 'anywhere' }}
            >
              {r.before ? `${JSON.stringify(r.before)} → ` : ''}
              {r.after ? JSON.stringify(r.after) : ''}
            </Box>
          )}
        />
      </Datagrid>
    </List>
  );
}
