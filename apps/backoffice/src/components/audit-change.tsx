import Box from '@mui/material/Box';
import { auditChangeLines } from '../lib/audit-changes';

/**
 * What an audit row changed, readable: one line per field, 'Estado: 0 → 5' when the row kept the
 * value before, 'Correo: ana@correo.hn' otherwise; '—' when it recorded nothing.
 */
export function AuditChange({ before, after }: { before?: unknown; after: unknown }) {
  const lines = auditChangeLines(before, after);
  if (lines.length === 0) return '—';
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, maxWidth: 480, overflowWrap: 'anywhere' }}>
      {lines.map((line) => (
        <li key={line.label}>
          {line.label}:{' '}
          {line.before === undefined ? (
            line.after
          ) : (
            <>
              {line.before} → {line.after}
            </>
          )}
        </li>
      ))}
    </Box>
  );
}
