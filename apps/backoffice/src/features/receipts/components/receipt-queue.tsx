import { RECEIPT_STATE_LABELS, RECEIPT_STATES, type ReceiptState } from '@prestamos-hn/domain';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Datagrid, FunctionField, List, useListContext } from 'react-admin';
import { StatusChip, type ChipTone } from '../../../components/status-chip';
import { formatDateTime, formatLempiras } from '../../../lib/format';
import { useCountLabel } from '../../../lib/list-counts';
import type { ReceiptCounts, ReceiptRow } from '../api/list-receipts';

export const RECEIPT_STATE_TONES: Record<ReceiptState, ChipTone> = {
  pending: 'warning',
  awaiting_approval: 'warning',
  validated: 'success',
  rejected: 'error',
  reversed: 'neutral',
};

const TAB_LABELS: Record<ReceiptState, string> = {
  pending: 'Pendientes',
  awaiting_approval: 'Por aprobar',
  validated: 'Validados',
  rejected: 'Rechazados',
  reversed: 'Revertidos',
};

/** Tabs for the state filter, each with its count (the server's counts). */
function StateTabs() {
  const { filterValues, setFilters } = useListContext<ReceiptRow>();
  const label = useCountLabel<ReceiptCounts>();
  const { state: current = 'todos' }: { state?: ReceiptState | 'todos' } = filterValues;
  return (
    <Tabs
      value={current}
      onChange={(_, value: string) => setFilters({ state: value === 'todos' ? undefined : value }, {})}
      variant="scrollable"
      // The theme's dark blue: the primary blue on white is below AA for the selected tab's text.
      textColor="secondary"
      indicatorColor="secondary"
      aria-label="Estado del comprobante"
      sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {RECEIPT_STATES.map((state) => (
        <Tab key={state} value={state} label={label(TAB_LABELS[state], state)} />
      ))}
      <Tab value="todos" label={label('Todos')} />
    </Tabs>
  );
}

/** The cashier's queue ('Caja'): receipts oldest sent first, pending ones by default. */
export function ReceiptQueue() {
  return (
    <List
      title="Caja · Comprobantes de pago"
      filterDefaultValues={{ state: 'pending' }}
      perPage={25}
      exporter={false}
      disableSyncWithLocation={false}
    >
      <StateTabs />
      <Datagrid
        rowClick="show"
        bulkActionButtons={false}
        empty={<p style={{ padding: 16 }}>No hay comprobantes en este estado.</p>}
      >
        <FunctionField<ReceiptRow> label="Enviado" render={(r) => formatDateTime(r.sentAt)} />
        <FunctionField<ReceiptRow> label="Cliente" render={(r) => `${r.borrowerName} · ${r.personCode}`} />
        <FunctionField<ReceiptRow>
          label="Préstamo y cuota"
          render={(r) => `#${r.loanId} · Pago ${r.instalmentPosition}`}
        />
        <FunctionField<ReceiptRow>
          label="Monto declarado"
          render={(r) => formatLempiras(r.declaredAmountCents)}
        />
        <FunctionField<ReceiptRow>
          label="Referencia"
          render={(r) => (
            <>
              {r.reference} {r.duplicates.length > 0 && <StatusChip tone="error" label="Posible duplicado" />}
            </>
          )}
        />
        <FunctionField<ReceiptRow>
          label="Estado"
          render={(r) => (
            <>
              <StatusChip tone={RECEIPT_STATE_TONES[r.state]} label={RECEIPT_STATE_LABELS[r.state]} />{' '}
              {r.state === 'pending' && r.returned && <StatusChip tone="warning" label="Devuelto" />}
            </>
          )}
        />
      </Datagrid>
    </List>
  );
}
