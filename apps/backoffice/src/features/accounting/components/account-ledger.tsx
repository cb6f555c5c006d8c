import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import { Facts, ScrollTable, Section } from '../../../components/file-section';
import { formatDate, formatLempiras } from '../../../lib/format';
import { useAccountLedger } from '../api/get-account-ledger';
import { DateFilter, Pager } from './books-parts';

const LEDGER_PAGE_SIZE = 50;
const amountCell = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** An account's ledger ('Mayor'): its lines in date order with the balance after each, for a date range. */
export function AccountLedgerScreen() {
  const { id: code = '' } = useParams();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const ledger = useAccountLedger(code, {
    from: from || undefined,
    to: to || undefined,
    page,
    pageSize: LEDGER_PAGE_SIZE,
  });
  const name = ledger.data ? `${ledger.data.account.code} ${ledger.data.account.name}` : code;
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={`Mayor ${name}`} />
      <div>
        <Button component={RouterLink} to="/accounting" startIcon={<ArrowBackIcon />} size="small">
          Volver a Contabilidad
        </Button>
      </div>
      <Typography component="h1" variant="h5">
        Mayor de la cuenta {name}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <DateFilter
          id="ledger-from"
          label="Desde"
          value={from}
          onChange={(v) => {
            setFrom(v);
            setPage(1);
          }}
        />
        <DateFilter
          id="ledger-to"
          label="Hasta"
          value={to}
          onChange={(v) => {
            setTo(v);
            setPage(1);
          }}
        />
      </Stack>
      {ledger.isPending ? (
        <Typography role="status">Cargando el mayor…</Typography>
      ) : ledger.isError ? (
        <Alert severity="error" role="alert">
          {ledger.error.message}
        </Alert>
      ) : (
        <Section title="Movimientos" id="section-ledger">
          <Stack spacing={2}>
            <Facts
              pairsPerRow={1}
              items={[
                ['Saldo inicial', formatLempiras(ledger.data.openingBalanceCents)],
                ['Saldo final', formatLempiras(ledger.data.closingBalanceCents)],
                [
                  'Saldo normal',
                  ledger.data.account.normalSide === 'debit'
                    ? 'Deudor (débitos − créditos)'
                    : 'Acreedor (créditos − débitos)',
                ],
              ]}
            />
            {ledger.data.items.length === 0 ? (
              <Typography>No hay movimientos en estas fechas.</Typography>
            ) : (
              <>
                <ScrollTable
                  label={`Movimientos de ${name}`}
                  head={
                    <>
                      <TableCell>Fecha</TableCell>
                      <TableCell>Asiento</TableCell>
                      <TableCell>Evento</TableCell>
                      <TableCell>Préstamo</TableCell>
                      <TableCell>Descripción</TableCell>
                      <TableCell sx={amountCell}>Débito</TableCell>
                      <TableCell sx={amountCell}>Crédito</TableCell>
                      <TableCell sx={amountCell}>Saldo</TableCell>
                    </>
                  }
                >
                  {ledger.data.items.map((line, i) => (
                    <TableRow key={`${line.entryId}-${i}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(line.businessDate)}</TableCell>
                      <TableCell>{line.entryId}</TableCell>
                      <TableCell>{line.eventLabel}</TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/loans/${line.loanId}/show`}>
                          {line.loanId}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ minWidth: 220 }}>{line.description}</TableCell>
                      <TableCell sx={amountCell}>
                        {line.debitCents ? formatLempiras(line.debitCents) : ''}
                      </TableCell>
                      <TableCell sx={amountCell}>
                        {line.creditCents ? formatLempiras(line.creditCents) : ''}
                      </TableCell>
                      <TableCell sx={amountCell}>{formatLempiras(line.balanceCents)}</TableCell>
                    </TableRow>
                  ))}
                </ScrollTable>
                <Pager
                  label="Páginas del mayor"
                  page={page}
                  pageSize={LEDGER_PAGE_SIZE}
                  total={ledger.data.total}
                  onPage={setPage}
                />
              </>
            )}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
