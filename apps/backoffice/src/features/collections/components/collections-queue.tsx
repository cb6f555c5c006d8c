import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ARREARS_BUCKETS, loanStatusLabel } from '@prestamos-hn/domain';
import type { ReactNode } from 'react';
import { Datagrid, FunctionField, List, SimpleList, useListContext } from 'react-admin';
import { StatusChip } from '../../../components/status-chip';
import { formatDate, formatLempiras } from '../../../lib/format';
import { collectionsCsvUrl, type CollectionsFilters, type CollectionsRow } from '../api/list-collections';

/** The statuses the queue holds, as the filter offers them. */
export const COLLECTIONS_STATUS_CHOICES = [8, 9, 10, 11] as const;

/** The last note as one line: a promise with its date and amount, a stage change, or the note. */
export function noteSummary(note: CollectionsRow['lastNote']): string {
  if (!note) return '—';
  if (note.kind === 'promise') {
    return `Promesa: ${formatLempiras(note.promisedAmountCents)} el ${formatDate(note.promisedOn)} · ${note.text}`;
  }
  return `${note.kindLabel}: ${note.text}`;
}

const daysText = (r: CollectionsRow) =>
  r.bucketLabel ? `${r.daysLate} (${r.bucketLabel})` : String(r.daysLate);

/** One of the queue's filters: a select whose first choice, 'Todos', clears it. */
function FilterSelect({
  id,
  label,
  value,
  onChange,
  minWidth,
  children,
}: {
  id: string;
  label: string;
  value: unknown;
  /** The chosen value as the select gives it; undefined for 'Todos'. */
  onChange: (value: string | undefined) => void;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <TextField
      select
      id={id}
      label={label}
      size="small"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      sx={{ minWidth }}
    >
      <MenuItem value="">Todos</MenuItem>
      {children}
    </TextField>
  );
}

/** Status and bucket filters, and the CSV of what they show. */
function QueueFilters() {
  const { filterValues, setFilters, meta } = useListContext<CollectionsRow>();
  const filters: CollectionsFilters = filterValues;
  const asOf: string | undefined = meta?.asOf;
  return (
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ p: 2, flexWrap: 'wrap', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}
    >
      <FilterSelect
        id="collections-status"
        label="Estado"
        value={filters.status}
        onChange={(status) =>
          setFilters({ ...filters, status: status === undefined ? undefined : Number(status) }, {})
        }
        minWidth={220}
      >
        {COLLECTIONS_STATUS_CHOICES.map((status) => (
          <MenuItem key={status} value={status}>
            {status} {loanStatusLabel(status)}
          </MenuItem>
        ))}
      </FilterSelect>
      <FilterSelect
        id="collections-bucket"
        label="Días de atraso"
        value={filters.bucket}
        onChange={(bucket) => setFilters({ ...filters, bucket }, {})}
        minWidth={180}
      >
        {ARREARS_BUCKETS.map((bucket) => (
          <MenuItem key={bucket.id} value={bucket.id}>
            {bucket.label}
          </MenuItem>
        ))}
      </FilterSelect>
      <Button
        component="a"
        href={collectionsCsvUrl(filters)}
        download
        variant="outlined"
        startIcon={<DownloadIcon />}
      >
        Descargar CSV
      </Button>
      {asOf && (
        <Typography variant="body2" color="text.secondary">
          Atraso calculado al {formatDate(asOf)}
        </Typography>
      )}
    </Stack>
  );
}

/** Collections ('Cobranza'): late loans (8-11), most days late first, with the last note or promise. */
export function CollectionsQueue() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List
      title="Cobranza · Préstamos atrasados"
      // The filters and the CSV stay on screen with an empty queue (the grid says it is empty).
      empty={false}
      perPage={25}
      exporter={false}
      disableSyncWithLocation={false}
    >
      <QueueFilters />
      {isSmall ? (
        <SimpleList<CollectionsRow>
          linkType="show"
          primaryText={(r) => `#${r.loanId} · ${r.borrowerName}`}
          secondaryText={(r) =>
            `Vencido ${formatLempiras(r.overdueCents)} · ${daysText(r)} · ${r.statusLabel}`
          }
          tertiaryText={(r) => noteSummary(r.lastNote)}
          empty={<p style={{ padding: 16 }}>No hay préstamos atrasados con estos filtros.</p>}
        />
      ) : (
        <Datagrid
          rowClick="show"
          bulkActionButtons={false}
          empty={<p style={{ padding: 16 }}>No hay préstamos atrasados con estos filtros.</p>}
        >
          <FunctionField<CollectionsRow> label="Préstamo" render={(r) => `#${r.loanId}`} />
          <FunctionField<CollectionsRow>
            label="Cliente"
            render={(r) => `${r.borrowerName} · ${r.personCode}`}
          />
          <FunctionField<CollectionsRow> label="Teléfono" render={(r) => r.mobPhone} />
          <FunctionField<CollectionsRow> label="Monto" render={(r) => formatLempiras(r.amountCents)} />
          <FunctionField<CollectionsRow> label="Vencido" render={(r) => formatLempiras(r.overdueCents)} />
          <FunctionField<CollectionsRow> label="Días de atraso" render={daysText} />
          <FunctionField<CollectionsRow>
            label="Estado"
            render={(r) => <StatusChip tone={r.status === 8 ? 'warning' : 'error'} label={r.statusLabel} />}
          />
          <FunctionField<CollectionsRow> label="Última nota" render={(r) => noteSummary(r.lastNote)} />
        </Datagrid>
      )}
    </List>
  );
}
