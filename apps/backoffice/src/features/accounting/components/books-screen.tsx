import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { JOURNAL_EVENT_KINDS, JOURNAL_EVENT_LABELS, type JournalEventKind } from '@prestamos-hn/domain';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { ScrollTable, Section } from '../../../components/file-section';
import { formatDate, formatLempiras } from '../../../lib/format';
import { useTrialBalance, type TrialBalance } from '../api/get-trial-balance';
import { journalCsvUrl, useJournal, type JournalEntry } from '../api/list-journal';
import { DateFilter, Pager } from './books-parts';

const JOURNAL_PAGE_SIZE = 25;
const amountCell = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** The journal's CSV for the month of `date` up to it (this month so far without a date). */
const monthUpTo = (date: string) => (date ? { from: `${date.slice(0, 8)}01`, to: date } : {});

function TrialBalanceSection() {
  const [date, setDate] = useState('');
  const trial = useTrialBalance(date || undefined);
  return (
    <Section title="Balance de comprobación" id="section-trial-balance">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <DateFilter id="trial-balance-date" label="Hasta el día" value={date} onChange={setDate} />
          <Button
            component="a"
            href={journalCsvUrl(monthUpTo(date))}
            download
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            aria-describedby="csv-range"
          >
            Descargar CSV
          </Button>
          <Typography id="csv-range" variant="body2" color="text.secondary">
            El libro diario del mes hasta ese día, para el contador.
          </Typography>
        </Stack>
        {trial.isPending ? (
          <Typography role="status">Cargando el balance…</Typography>
        ) : trial.isError ? (
          <Alert severity="error" role="alert">
            {trial.error.message}
          </Alert>
        ) : (
          <TrialBalanceTable trial={trial.data} />
        )}
      </Stack>
    </Section>
  );
}

function TrialBalanceTable({ trial }: { trial: TrialBalance }) {
  const { totals } = trial;
  return (
    <Stack spacing={2}>
      {trial.balanced ? (
        <Alert severity="success" role="status">
          Cuadrado al {formatDate(trial.date)}: débitos y créditos suman {formatLempiras(totals.debitCents)}.
        </Alert>
      ) : (
        <Alert severity="error" role="alert">
          No cuadra al {formatDate(trial.date)}: débitos {formatLempiras(totals.debitCents)}, créditos{' '}
          {formatLempiras(totals.creditCents)}.
        </Alert>
      )}
      <ScrollTable
        label={`Balance de comprobación al ${formatDate(trial.date)}`}
        head={
          <>
            <TableCell>Cuenta</TableCell>
            <TableCell sx={amountCell}>Débitos</TableCell>
            <TableCell sx={amountCell}>Créditos</TableCell>
            <TableCell sx={amountCell}>Saldo</TableCell>
          </>
        }
      >
        {trial.accounts.map((a) => (
          <TableRow key={a.code}>
            <TableCell>
              <Link component={RouterLink} to={`/accounting/${a.code}/show`}>
                {a.code} {a.name}
              </Link>
            </TableCell>
            <TableCell sx={amountCell}>{formatLempiras(a.debitCents)}</TableCell>
            <TableCell sx={amountCell}>{formatLempiras(a.creditCents)}</TableCell>
            <TableCell sx={amountCell}>{formatLempiras(a.balanceCents)}</TableCell>
          </TableRow>
        ))}
        <TableRow>
          <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }}>
            Totales
          </TableCell>
          <TableCell sx={{ ...amountCell, fontWeight: 'bold' }}>
            {formatLempiras(totals.debitCents)}
          </TableCell>
          <TableCell sx={{ ...amountCell, fontWeight: 'bold' }}>
            {formatLempiras(totals.creditCents)}
          </TableCell>
          <TableCell />
        </TableRow>
      </ScrollTable>
    </Stack>
  );
}

/** An entry's lines, one per row inside its cell: account, and the amount on its side. */
function EntryLines({ entry }: { entry: JournalEntry }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {entry.lines.map((l, i) => (
        <li key={i}>
          {l.accountCode} {l.accountName}:{' '}
          {l.debitCents > 0
            ? `débito ${formatLempiras(l.debitCents)}`
            : `crédito ${formatLempiras(l.creditCents)}`}
        </li>
      ))}
    </Box>
  );
}

function JournalSection() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [loan, setLoan] = useState('');
  const [event, setEvent] = useState<JournalEventKind | ''>('');
  const [page, setPage] = useState(1);
  const loanId = /^\d{1,9}$/.test(loan.trim()) ? Number(loan.trim()) : undefined;
  const journal = useJournal({
    from: from || undefined,
    to: to || undefined,
    loanId,
    event: event || undefined,
    page,
    pageSize: JOURNAL_PAGE_SIZE,
  });
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  return (
    <Section title="Libro diario" id="section-journal">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <DateFilter id="journal-from" label="Desde" value={from} onChange={filter(setFrom)} />
          <DateFilter id="journal-to" label="Hasta" value={to} onChange={filter(setTo)} />
          <TextField
            id="journal-loan"
            label="Préstamo n.º"
            size="small"
            value={loan}
            onChange={(e) => filter(setLoan)(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 140 }}
          />
          <TextField
            id="journal-event"
            select
            label="Evento"
            size="small"
            value={event}
            onChange={(e) => filter((v) => setEvent(v as JournalEventKind | ''))(e.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">Todos</MenuItem>
            {JOURNAL_EVENT_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {JOURNAL_EVENT_LABELS[kind]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {journal.isPending ? (
          <Typography role="status">Cargando el libro diario…</Typography>
        ) : journal.isError ? (
          <Alert severity="error" role="alert">
            {journal.error.message}
          </Alert>
        ) : journal.data.items.length === 0 ? (
          <Typography>No hay asientos con estos filtros.</Typography>
        ) : (
          <>
            <ScrollTable
              label="Libro diario"
              head={
                <>
                  <TableCell>Fecha</TableCell>
                  <TableCell>Asiento</TableCell>
                  <TableCell>Evento</TableCell>
                  <TableCell>Préstamo</TableCell>
                  <TableCell>Descripción</TableCell>
                  <TableCell>Movimientos</TableCell>
                </>
              }
            >
              {journal.data.items.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(entry.businessDate)}</TableCell>
                  <TableCell>{entry.id}</TableCell>
                  <TableCell>{entry.eventLabel}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={`/loans/${entry.loanId}/show`}>
                      {entry.loanId}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ minWidth: 220 }}>{entry.description}</TableCell>
                  <TableCell sx={{ minWidth: 260 }}>
                    <EntryLines entry={entry} />
                  </TableCell>
                </TableRow>
              ))}
            </ScrollTable>
            <Pager
              label="Páginas del libro diario"
              page={page}
              pageSize={JOURNAL_PAGE_SIZE}
              total={journal.data.total}
              onPage={setPage}
            />
          </>
        )}
      </Stack>
    </Section>
  );
}

/**
 * 'Contabilidad' (decision 015): the trial balance of a day, with the journal of its month as CSV,
 * each account opening its ledger, and the journal with its filters.
 */
export function BooksScreen() {
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title="Contabilidad" />
      <Typography component="h1" variant="h5">
        Contabilidad
      </Typography>
      <Typography sx={{ maxWidth: 720 }}>
        Base de efectivo: los ingresos son lo que los clientes pagaron, cuando su dinero se aplica a una
        cuota. Cada desembolso, comprobante validado, pago aplicado, devolución y reversión tiene su asiento.
      </Typography>
      <TrialBalanceSection />
      <JournalSection />
    </Stack>
  );
}
