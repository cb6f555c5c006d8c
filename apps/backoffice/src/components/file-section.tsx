import { auditActionLabel } from '@prestamos-hn/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Show, type ShowProps } from 'react-admin';
import { formatActor, formatDateTime } from '../lib/format';
import { AuditChange } from './audit-change';

/**
 * The page of one file (a borrower's, a loan's, a receipt's, a collections file, a conversation):
 * react-admin's Show for the record in the address, without its card and its action bar, since the
 * file draws its own head and actions.
 */
export function FilePage({
  title,
  sx,
  children,
}: {
  title: string;
  sx?: ShowProps['sx'];
  children: ReactNode;
}) {
  return (
    <Show title={title} component="div" actions={false} sx={sx}>
      {children}
    </Show>
  );
}

/** A titled block of a file (the borrower file, the loan file), labelled by its heading. */
export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    // `contain: inline-size`: a wide table scrolls inside the block instead of widening the page.
    <Card variant="outlined" component="section" aria-labelledby={id} sx={{ contain: 'inline-size' }}>
      <CardContent>
        <Typography id={id} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The head of a file (a borrower's, a loan's, a receipt's): its title and key facts, the actions beside them. */
export function FileHeader({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardContent
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box>
          <Typography component="h1" variant="h5">
            {title}
          </Typography>
          {children}
        </Box>
        {actions}
      </CardContent>
    </Card>
  );
}

/** One fact of a file as a term and its value, inside a `dl` grid of two columns (or four). */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The grid of a `Facts` list: one label-value pair per row, or two side by side on a desktop. */
const FACT_COLUMNS = {
  1: { xs: 'minmax(120px, 55%) minmax(0, 1fr)', md: 'minmax(200px, 30%) minmax(0, 1fr)' },
  2: { xs: 'minmax(120px, 45%) minmax(0, 1fr)', md: 'repeat(2, minmax(160px, 25%) minmax(0, 1fr))' },
} as const;

/** Label and value pairs as a description list (`Fact`s), one or two pairs wide on a desktop. */
export function Facts({ items, pairsPerRow = 2 }: { items: [string, ReactNode][]; pairsPerRow?: 1 | 2 }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: FACT_COLUMNS[pairsPerRow],
        rowGap: 0.5,
        columnGap: 2,
      }}
    >
      {items.map(([label, value]) => (
        <Fact key={label} label={label}>
          {value}
        </Fact>
      ))}
    </Box>
  );
}

/** A table of a file, labelled; it scrolls sideways on a narrow screen, focusable so the keyboard can scroll it too. */
export function ScrollTable({
  label,
  head,
  children,
}: {
  label: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>{head}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** A small table of rows, or 'Sin registros.' when there are none. */
export function SimpleTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <Typography>Sin registros.</Typography>;
  return (
    <ScrollTable
      label={label}
      head={head.map((h) => (
        <TableCell key={h}>{h}</TableCell>
      ))}
    >
      {rows.map((row, i) => (
        <TableRow key={i}>
          {row.map((cell, j) => (
            <TableCell key={j}>{cell}</TableCell>
          ))}
        </TableRow>
      ))}
    </ScrollTable>
  );
}

/** An audit row as a file shows it (the borrower's, a loan's). */
export interface AuditRow {
  at: string;
  actorType: string;
  actorId: string | null;
  actorName?: string | null;
  action: string;
  before?: unknown;
  after: unknown;
}

/** A file's audit trail: when, who, what, and what changed (each field in words). */
export function AuditSection({ title, rows }: { title: string; rows: AuditRow[] }) {
  return (
    <Section title={title} id="section-audit">
      <SimpleTable
        label={title}
        head={['Fecha', 'Quién', 'Acción', 'Cambio']}
        rows={rows.map((a) => [
          formatDateTime(a.at),
          formatActor(a.actorType, a.actorId, a.actorName),
          auditActionLabel(a.action),
          <AuditChange key="change" before={a.before} after={a.after} />,
        ])}
      />
    </Section>
  );
}
