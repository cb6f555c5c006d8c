import type { StaffBinaryAnswer } from '@prestamos-hn/contract';

/** A CSV cell: text (quoted when needed, guarded against formulas), a whole number, or centavos shown as lempiras. */
export type CsvCell = string | number | null | { cents: number };

/** Centavos as lempiras with two decimals and a dot, no thousands separator ('1234.50', '-0.05'). */
export function lempirasText(cents: number): string {
  const abs = Math.abs(cents);
  const sign = cents < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'object') return lempirasText(cell.cents);
  // A text starting like a formula would run in a spreadsheet: a leading apostrophe keeps it text.
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV file as a staff row answers it: UTF-8 with a byte-order mark (so Excel reads the accents),
 * comma-separated, CRLF line ends, a header line, dates as YYYY-MM-DD and amounts in lempiras.
 */
export function csvFile(
  filename: string,
  header: readonly string[],
  rows: readonly CsvCell[][],
): StaffBinaryAnswer {
  const lines = [header.map(cellText), ...rows.map((row) => row.map(cellText))].map((cells) =>
    cells.join(','),
  );
  const text = `\uFEFF${lines.join('\r\n')}\r\n`;
  return { contentType: 'text/csv; charset=utf-8', data: new TextEncoder().encode(text), filename };
}
