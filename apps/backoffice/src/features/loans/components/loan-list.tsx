import { formatCents, loanStatusLabel } from '@prestamos-hn/domain';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Datagrid, FunctionField, List, SimpleList, TextField, useListContext } from 'react-admin';
import { borrowerSearchFilters } from '../../../components/borrower-search';
import { formatWaiting } from '../../../lib/format';
import { useCountLabel } from '../../../lib/list-counts';
import type { LoanCounts, LoanRow } from '../api/list-loans';
import { LoanStatusChip } from './loan-status-chip';

/** The desk's tabs in the order work flows: the analysts' queue first, then the cashiers', then the rest. */
export const DESK_STATUSES = [0, 1, 5, 3, 2, 7] as const;
/** The analysts' queue (0 Enviado) is what the desk opens on. */
export const DEFAULT_LOAN_FILTER = { status: '0' };

/** Tabs for the status filter, each with its count for the current search (the server's counts). */
function StatusTabs() {
  const { filterValues, setFilters } = useListContext<LoanRow>();
  const label = useCountLabel<LoanCounts>();
  const { status: current = 'todos' }: { status?: string } = filterValues;
  return (
    <Tabs
      value={String(current)}
      onChange={(_, value: string) => setFilters({ ...filterValues, status: value }, {})}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Estado del préstamo"
      // The selected tab's text in the brand's text-safe blue (primary.main on white is under 4.5:1).
      sx={{
        px: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiTab-root.Mui-selected': { color: 'primary.dark' },
      }}
    >
      {DESK_STATUSES.map((status) => (
        <Tab key={status} value={String(status)} label={label(loanStatusLabel(status), String(status))} />
      ))}
      <Tab value="todos" label={label('Todos')} />
    </Tabs>
  );
}

const amountAndTerm = (r: LoanRow) =>
  `L ${formatCents(r.amountCents)} · ${r.termDays} días (${r.payments} ${r.payments === 1 ? 'pago' : 'pagos'})`;

/**
 * The loan desk: status tabs with counts (opening on 0 Enviado), the borrower search and pages. A
 * table on a wide screen; on a phone one line per loan (name, identity, amount and term, product,
 * status and wait), as wide as the screen.
 */
export function LoanList() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title="Préstamos"
      filters={borrowerSearchFilters}
      filterDefaultValues={DEFAULT_LOAN_FILTER}
      perPage={25}
      exporter={false}
      sort={{ field: 'createdAt', order: 'DESC' }}
      empty={false}
      disableSyncWithLocation={false}
    >
      <StatusTabs />
      {phone ? (
        <SimpleList<LoanRow>
          rowClick="show"
          empty={<EmptyDesk />}
          primaryText={(r) => r.borrowerName}
          secondaryText={(r) => `${r.personCode} · ${amountAndTerm(r)} · ${r.productName}`}
          tertiaryText={(r) => (
            <>
              <LoanStatusChip status={r.status} /> {formatWaiting(r.waitingMinutes)}
            </>
          )}
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false} empty={<EmptyDesk />}>
          <TextField source="borrowerName" label="Cliente" sortable={false} />
          <TextField source="personCode" label="Identidad" sortable={false} />
          <FunctionField<LoanRow>
            source="amountCents"
            label="Monto"
            sortable={false}
            render={(r) => `L ${formatCents(r.amountCents)}`}
          />
          <FunctionField<LoanRow>
            source="termDays"
            label="Plazo"
            sortable={false}
            render={(r) => `${r.termDays} días (${r.payments} ${r.payments === 1 ? 'pago' : 'pagos'})`}
          />
          <TextField source="productName" label="Producto" sortable={false} />
          <FunctionField<LoanRow>
            source="status"
            label="Estado"
            sortable={false}
            render={(r) => <LoanStatusChip status={r.status} />}
          />
          <FunctionField<LoanRow>
            source="waitingMinutes"
            label="Esperando"
            sortable={false}
            render={(r) => formatWaiting(r.waitingMinutes)}
          />
        </Datagrid>
      )}
    </List>
  );
}

function EmptyDesk() {
  const { filterValues } = useListContext<LoanRow>();
  const status: string | undefined = filterValues.status;
  const text =
    status === undefined || status === 'todos'
      ? 'No hay préstamos con esta búsqueda.'
      : `No hay préstamos en estado «${loanStatusLabel(Number(status))}».`;
  return <Typography sx={{ p: 2 }}>{text}</Typography>;
}
