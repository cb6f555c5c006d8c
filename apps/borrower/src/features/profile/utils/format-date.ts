import { format, isValid, parseISO } from 'date-fns';

/** A YYYY-MM-DD date as dd/MM/yyyy, or '—' when there is none. */
export function formatDate(isoDate: string): string {
  if (!isoDate) return '—';
  const date = parseISO(isoDate.slice(0, 10));
  return isValid(date) ? format(date, 'dd/MM/yyyy') : isoDate;
}
