import {
  PROFILE_REVIEW_STATE_LABELS,
  PROFILE_REVIEW_STATES,
  type ProfileReviewState,
} from '@prestamos-hn/domain';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Datagrid, FunctionField, List, TextField, useListContext } from 'react-admin';
import { borrowerSearchFilters } from '../../../components/borrower-search';
import { ProfileStateChip } from '../../../components/profile-state-chip';
import { formatDateTime } from '../../../lib/format';
import { useCountLabel } from '../../../lib/list-counts';
import type { BorrowerCounts, BorrowerRow } from '../api/list-borrowers';

/** Tabs for the state filter, each with its count for the current search (the server's counts). */
function StateTabs() {
  const { filterValues, setFilters } = useListContext<BorrowerRow>();
  const label = useCountLabel<BorrowerCounts>();
  const { state: current = 'todos' }: { state?: ProfileReviewState | 'todos' } = filterValues;
  return (
    <Tabs
      value={current}
      onChange={(_, value: string) =>
        setFilters({ ...filterValues, state: value === 'todos' ? undefined : value }, {})
      }
      variant="scrollable"
      aria-label="Estado del perfil"
      sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab value="todos" label={label('Todos')} />
      {PROFILE_REVIEW_STATES.map((state) => (
        <Tab key={state} value={state} label={label(PROFILE_REVIEW_STATE_LABELS[state], state)} />
      ))}
    </Tabs>
  );
}

/** The borrower register: server-side search, state tabs with counts, sort and pages. */
export function BorrowerList() {
  return (
    <List
      title="Clientes"
      filters={borrowerSearchFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      disableSyncWithLocation={false}
    >
      <StateTabs />
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="personCode" label="Identidad" sortable={false} />
        <TextField source="name" label="Nombre" />
        <TextField source="email" label="Correo" sortable={false} />
        <TextField source="mobPhone" label="Teléfono" sortable={false} />
        <FunctionField<BorrowerRow>
          source="state"
          label="Estado"
          sortable={false}
          render={(record) => <ProfileStateChip state={record.state} />}
        />
        <FunctionField<BorrowerRow>
          source="createdAt"
          label="Registro"
          render={(record) => formatDateTime(record.createdAt)}
        />
        <FunctionField<BorrowerRow>
          source="sentForReviewAt"
          label="Enviado a revisión"
          render={(record) => formatDateTime(record.sentForReviewAt)}
        />
      </Datagrid>
    </List>
  );
}
