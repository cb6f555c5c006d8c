import { StatusChip } from '../../../components/status-chip';
import { Datagrid, FunctionField, List, TextField } from 'react-admin';
import { formatDateTime, formatWaiting } from '../../../lib/format';
import type { QueueRecord } from '../api/list-review-queue';

/** Profiles sent for review and undecided, oldest first, with the time each has waited. */
export function ReviewQueue() {
  return (
    <List
      title="Cola de revisión"
      exporter={false}
      perPage={25}
      sort={{ field: 'sentForReviewAt', order: 'ASC' }}
    >
      <Datagrid
        rowClick={(id) => `/borrowers/${id}/show`}
        bulkActionButtons={false}
        empty={<p style={{ padding: 16 }}>No hay perfiles esperando revisión.</p>}
      >
        <TextField source="name" label="Nombre" sortable={false} />
        <TextField source="personCode" label="Identidad" sortable={false} />
        <FunctionField<QueueRecord>
          label="Enviado"
          sortable={false}
          render={(record) => formatDateTime(record.sentForReviewAt)}
        />
        <FunctionField<QueueRecord>
          label="Esperando"
          sortable={false}
          render={(record) => formatWaiting(record.waitingMinutes)}
        />
        <FunctionField<QueueRecord>
          label="Tipo"
          sortable={false}
          render={(record) =>
            record.resubmitted ? (
              <StatusChip tone="warning" label="Reenviado" />
            ) : (
              <StatusChip tone="neutral" label="Nuevo" />
            )
          }
        />
      </Datagrid>
    </List>
  );
}
