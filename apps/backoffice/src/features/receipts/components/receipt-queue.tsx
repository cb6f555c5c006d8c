import { RECEIPT_STATE_LABELS, RECEIPT_STATES, type ReceiptState } from '@prestamos-hn/domain';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
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
      // `contain: inline-size`: the six tabs scroll inside the screen's width instead of widening the
      // whole list (and the page) to theirs on a phone.
      sx={{ px: 2, borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
    >
      {RECEIPT_STATES.map((state) => (
        <Tab key={state} value={state} label={label(TAB_LABELS[state], state)} />
      ))}
      <Tab value="todos" label={label('Todos')} />
    </Tabs>
  );
}

/**
 * A receipt's money as lists show it: the amount credited to the wallet once validated (with the
 * declared one when they differ), else the declared amount.
 */
export function ReceiptAmount({
  receipt,
}: {
  receipt: { state: ReceiptState; declaredAmountCents: number; receivedAmountCents: number | null };
}) {
  const credited = receipt.state === 'validated' ? receipt.receivedAmountCents : null;
  if (credited === null) {
    return (
      <>
        {formatLempiras(receipt.declaredAmountCents)}
        <Typography component="span" variant="caption" sx={{ display: 'block' }} color="text.secondary">
          declarado
        </Typography>
      </>
    );
  }
  return (
    <>
      {formatLempiras(credited)}
      <Typography component="span" variant="caption" sx={{ display: 'block' }} color="text.secondary">
        acreditado
        {credited !== receipt.declaredAmountCents &&
          ` (declaró ${formatLempiras(receipt.declaredAmountCents)})`}
      </Typography>
    </>
  );
}

function StateChips({ receipt }: { receipt: ReceiptRow }) {
  return (
    <>
      <StatusChip tone={RECEIPT_STATE_TONES[receipt.state]} label={RECEIPT_STATE_LABELS[receipt.state]} />{' '}
      {receipt.state === 'pending' && receipt.returned && <StatusChip tone="warning" label="Devuelto" />}
    </>
  );
}

function DuplicateChip({ receipt }: { receipt: ReceiptRow }) {
  return receipt.duplicates.length > 0 ? <StatusChip tone="error" label="Posible duplicado" /> : null;
}

const empty = <p style={{ padding: 16 }}>No hay comprobantes en este estado.</p>;

/**
 * On a phone, two columns that wrap instead of six that scroll sideways: the receipt (sent, client,
 * loan and instalment, reference) and its money and state.
 */
function PhoneQueue() {
  return (
    <Datagrid rowClick="show" bulkActionButtons={false} empty={empty}>
      <FunctionField<ReceiptRow>
        label="Comprobante"
        render={(r) => (
          <Box sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
              {r.borrowerName}
            </Box>
            {r.personCode} · #{r.loanId} · Pago {r.instalmentPosition}
            <Box component="span" sx={{ display: 'block' }}>
              Ref. {r.reference} <DuplicateChip receipt={r} />
            </Box>
            <Typography component="span" variant="caption" sx={{ display: 'block' }} color="text.secondary">
              Enviado {formatDateTime(r.sentAt)}
            </Typography>
          </Box>
        )}
      />
      <FunctionField<ReceiptRow>
        label="Monto y estado"
        render={(r) => (
          <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
            <Box>
              <ReceiptAmount receipt={r} />
            </Box>
            <Box>
              <StateChips receipt={r} />
            </Box>
          </Box>
        )}
      />
    </Datagrid>
  );
}

/** The cashier's queue ('Caja'): receipts oldest sent first, pending ones by default. */
export function ReceiptQueue() {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title="Caja · Comprobantes de pago"
      filterDefaultValues={{ state: 'pending' }}
      perPage={25}
      exporter={false}
      disableSyncWithLocation={false}
    >
      <StateTabs />
      {isPhone ? (
        <PhoneQueue />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={empty}>
          <FunctionField<ReceiptRow> label="Enviado" render={(r) => formatDateTime(r.sentAt)} />
          <FunctionField<ReceiptRow> label="Cliente" render={(r) => `${r.borrowerName} · ${r.personCode}`} />
          <FunctionField<ReceiptRow>
            label="Préstamo y cuota"
            render={(r) => `#${r.loanId} · Pago ${r.instalmentPosition}`}
          />
          <FunctionField<ReceiptRow> label="Monto" render={(r) => <ReceiptAmount receipt={r} />} />
          <FunctionField<ReceiptRow>
            label="Referencia"
            render={(r) => (
              <>
                {r.reference} <DuplicateChip receipt={r} />
              </>
            )}
          />
          <FunctionField<ReceiptRow> label="Estado" render={(r) => <StateChips receipt={r} />} />
        </Datagrid>
      )}
    </List>
  );
}
