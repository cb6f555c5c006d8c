import SettingsIcon from '@mui/icons-material/Settings';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { Title, useNotify, useRedirect } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatLempiras } from '../../../lib/format';
import { STATEMENTS_PER_PAGE, useBankStatements, type StatementItem } from '../api/list-bank-statements';
import { formatIsoDate, importNotice } from '../utils/statement-texts';
import { ImportStatementDialog } from './import-statement-dialog';
import { LayoutDialog } from './layout-dialog';

const statementPath = (id: number) => `/bank-statements/${id}/show`;
const period = (s: StatementItem) => `${formatIsoDate(s.firstDate)} – ${formatIsoDate(s.lastDate)}`;
const matched = (s: StatementItem) => `${s.matchedCount} de ${s.creditsAdded}`;

/**
 * 'Conciliación': the bank statements imported, newest first; importing a new one (the bank and its
 * CSV), and each bank's statement layout. A statement opens on its own page with the matches to
 * confirm.
 */
export function ReconciliationScreen() {
  const [page, setPage] = useState(1);
  const statements = useBankStatements(page);
  const [dialog, setDialog] = useState<'import' | 'layouts' | undefined>();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Title title="Conciliación" />
      <Typography component="h1" variant="h5" gutterBottom>
        Conciliación bancaria
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: 760 }}>
        Importa el estado de cuenta que exportaste del banco (CSV). Cada depósito se compara con los
        comprobantes pendientes por referencia, monto y fecha; confirma las coincidencias y el comprobante
        queda validado con la fecha del banco.
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
        <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setDialog('import')}>
          Importar estado de cuenta
        </Button>
        <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => setDialog('layouts')}>
          Formatos de los bancos
        </Button>
      </Stack>
      {statements.isPending ? (
        <Typography role="status">Cargando los estados de cuenta…</Typography>
      ) : statements.isError ? (
        <Alert severity="error" role="alert">
          {statements.error.message}
        </Alert>
      ) : statements.data.items.length === 0 ? (
        <Typography>
          Todavía no hay estados de cuenta importados. Importa el primero con «Importar estado de cuenta».
        </Typography>
      ) : (
        <>
          <StatementTable items={statements.data.items} />
          <TablePagination
            component="div"
            count={statements.data.total}
            page={page - 1}
            rowsPerPage={STATEMENTS_PER_PAGE}
            rowsPerPageOptions={[]}
            onPageChange={(_, next) => setPage(next + 1)}
          />
        </>
      )}
      {dialog === 'import' && (
        <ImportStatementDialog
          onClose={() => setDialog(undefined)}
          onImported={(answer) => {
            setDialog(undefined);
            notify(importNotice(answer), {
              type: answer.alreadyImported ? 'info' : 'success',
              multiLine: true,
            });
            redirect('show', 'bank-statements', answer.statement.id);
          }}
        />
      )}
      {dialog === 'layouts' && <LayoutDialog onClose={() => setDialog(undefined)} />}
    </Box>
  );
}

function StatementTable({ items }: { items: StatementItem[] }) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (isSmall) {
    // On a phone, one item per statement: a table would not fit.
    return (
      <List aria-label="Estados de cuenta importados" dense>
        {items.map((s) => (
          <ListItem key={s.id} divider disableGutters>
            <ListItemText
              primary={
                <Link component={RouterLink} to={statementPath(s.id)}>
                  #{s.id} · {s.bankName} · {period(s)}
                </Link>
              }
              secondary={`${s.fileName} · conciliadas ${matched(s)} · ${formatDateTime(s.importedAt)}, ${s.importedBy}`}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Estados de cuenta importados">
        <TableHead>
          <TableRow>
            <TableCell>Estado de cuenta</TableCell>
            <TableCell>Período</TableCell>
            <TableCell>Archivo</TableCell>
            <TableCell align="right">Movimientos nuevos</TableCell>
            <TableCell align="right">Créditos</TableCell>
            <TableCell>Conciliadas</TableCell>
            <TableCell>Importado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((s) => (
            <TableRow key={s.id}>
              <TableCell>
                <Link component={RouterLink} to={statementPath(s.id)}>
                  #{s.id} · {s.bankName}
                </Link>
              </TableCell>
              <TableCell>{period(s)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{s.fileName}</TableCell>
              <TableCell align="right">
                {s.linesAdded} de {s.linesInFile}
              </TableCell>
              <TableCell align="right">{formatLempiras(s.creditCentsAdded)}</TableCell>
              <TableCell>{matched(s)}</TableCell>
              <TableCell>
                {formatDateTime(s.importedAt)} · {s.importedBy}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
