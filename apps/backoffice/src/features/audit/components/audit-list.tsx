import { auditActionLabel } from '@prestamos-hn/domain';
import Box from '@mui/material/Box';
import { Datagrid, DateInput, FunctionField, List, SelectInput, TextInput, type RaRecord } from 'react-admin';
import { AUDIT_ACTION_CHOICES, formatActor, formatDateTime } from '../../../lib/format';

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
        <FunctionField
          label="Fecha"
          sortable={false}
          render={(r: RaRecord) => formatDateTime(r.at as string)}
        />
        <FunctionField
          label="Actor"
          sortable={false}
          render={(r: RaRecord) => formatActor(r.actorType as string, r.actorId as string | null)}
        />
        <FunctionField
          label="Acción"
          sortable={false}
          render={(r: RaRecord) => auditActionLabel(r.action as string)}
        />
        <FunctionField
          label="Entidad"
          sortable={false}
          render={(r: RaRecord) => `${ENTITY_LABELS[r.entity as string] ?? r.entity} #${r.entityId}`}
        />
        <FunctionField
          label="Cambio"
          sortable={false}
          render={(r: RaRecord) => (
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
