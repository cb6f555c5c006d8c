import type { StaffResponseOf } from '@prestamos-hn/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ScrollTable } from './file-section';
import { StatusChip } from './status-chip';

/** The census record (RNP) as the borrower file and the loan file both show it. */
type CensusRecord = NonNullable<StaffResponseOf<'getBorrowerFile'>['census']>;

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

function Result({ matches }: { matches: boolean | null }) {
  if (matches === null) return '—';
  return matches ? (
    <StatusChip tone="success" label="Coincide" />
  ) : (
    <StatusChip tone="error" label="Diferente" />
  );
}

const DIFFERS = { bgcolor: '#fdecea', '& td, & th': { fontWeight: 500 } };

/**
 * The census record beside what the borrower declared, one row per fact. On a phone two columns
 * (the fact; declared, census and result one under the other), so the table never scrolls sideways.
 */
export function CensusComparison({ census }: { census: CensusRecord }) {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <>
      {census.status !== 'success' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          El registro del censo (RNP) no respondió con datos: {census.status}.
        </Alert>
      )}
      {census.differences > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {census.differences === 1
            ? 'Hay 1 diferencia con el censo.'
            : `Hay ${census.differences} diferencias con el censo.`}
        </Alert>
      )}
      {isPhone ? (
        <ScrollTable
          label="Censo frente a lo declarado"
          head={
            <>
              <TableCell>Dato</TableCell>
              <TableCell>Declarado y censo (RNP)</TableCell>
            </>
          }
        >
          {census.comparison.map((row) => (
            <TableRow
              key={row.field}
              data-differs={row.matches === false ? 'true' : undefined}
              sx={row.matches === false ? DIFFERS : undefined}
            >
              <TableCell component="th" scope="row" sx={{ px: 1, overflowWrap: 'anywhere' }}>
                {row.label}
              </TableCell>
              <TableCell sx={{ px: 1, overflowWrap: 'anywhere' }}>
                <Box>Declarado: {show(row.declared)}</Box>
                <Box>Censo: {show(row.census)}</Box>
                <Box sx={{ mt: 0.5 }}>
                  <Result matches={row.matches} />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      ) : (
        <ScrollTable
          label="Censo frente a lo declarado"
          head={
            <>
              <TableCell>Dato</TableCell>
              <TableCell>Declarado por el cliente</TableCell>
              <TableCell>Censo (RNP)</TableCell>
              <TableCell>Resultado</TableCell>
            </>
          }
        >
          {census.comparison.map((row) => (
            <TableRow
              key={row.field}
              data-differs={row.matches === false ? 'true' : undefined}
              sx={row.matches === false ? DIFFERS : undefined}
            >
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              <TableCell>{show(row.declared)}</TableCell>
              <TableCell>{show(row.census)}</TableCell>
              <TableCell>
                <Result matches={row.matches} />
              </TableCell>
            </TableRow>
          ))}
        </ScrollTable>
      )}
    </>
  );
}
