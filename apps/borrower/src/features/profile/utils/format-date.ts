import { parseIsoDate } from '@prestamos-hn/domain';

/**
 * A YYYY-MM-DD date (a time after it is ignored) as dd/MM/yyyy, '—' when there is none, or the text
 * as it came when it is not a real date. Without date-fns: /perfil's first load does not need it.
 */
export function formatDate(isoDate: string): string {
  if (!isoDate) return '—';
  const parts = parseIsoDate(isoDate.slice(0, 10));
  if (!parts) return isoDate;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(parts.day)}/${pad(parts.month)}/${pad(parts.year, 4)}`;
}
