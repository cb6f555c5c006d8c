import type { StaffResponseOf } from '@prestamos-hn/contract';
import Alert from '@mui/material/Alert';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { ScrollTable } from './file-section';
import { StatusChip } from './status-chip';

/** The census record (RNP) as the borrower file and the loan file both show it. */
type CensusRecord = NonNullable<StaffResponseOf<'getBorrowerFile'>['census']>;

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

export function CensusComparison({ census }: { census: CensusRecord }) {
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
            sx={row.matches === false ? { bgcolor: '#fdecea', '& td, & th': { fontWeight: 500 } } : undefined}
          >
            <TableCell component="th" scope="row">
              {row.label}
            </TableCell>
            <TableCell>{show(row.declared)}</TableCell>
            <TableCell>{show(row.census)}</TableCell>
            <TableCell>
              {row.matches === null ? (
                '—'
              ) : row.matches ? (
                <StatusChip tone="success" label="Coincide" />
              ) : (
                <StatusChip tone="error" label="Diferente" />
              )}
            </TableCell>
          </TableRow>
        ))}
      </ScrollTable>
    </>
  );
}
