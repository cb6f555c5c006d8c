import { readFileSync } from 'node:fs';

/**
 * Parses RFC 4180 CSV: comma-separated, fields optionally in double quotes (which may hold commas,
 * line breaks and doubled quotes), CRLF or LF line ends, a leading BOM ignored. Returns one object per
 * row keyed by the header row. Enough for the reference data in `apps/api/data`, which quotes fields
 * that contain commas.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows = parseCsvRows(text.startsWith('\uFEFF') ? text.slice(1) : text);
  const header = rows.shift();
  if (!header) return [];
  return rows.map((cells, index) => {
    if (cells.length !== header.length) {
      throw new Error(`Fila ${index + 2} del CSV: ${cells.length} campos, se esperaban ${header.length}.`);
    }
    return Object.fromEntries(header.map((name, i) => [name, cells[i] ?? '']));
  });
}

function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (inQuotes) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') inQuotes = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') {
      inQuotes = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (char === '\r' && text[i + 1] === '\n') i += 1;
    } else {
      field += char;
    }
    i += 1;
  }
  if (inQuotes) throw new Error('CSV: unas comillas no se cierran.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Reads a CSV file of the shipped reference data, checking it has the columns the caller needs. */
export function readCsv<K extends string>(file: string, columns: readonly K[]): Record<K, string>[] {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`No se pudo leer el archivo ${file}: ${(error as Error).message}`, { cause: error });
  }
  const missing = columns.filter((column) => rows.length > 0 && !(column in rows[0]!));
  if (missing.length > 0) throw new Error(`Al archivo ${file} le faltan las columnas ${missing.join(', ')}.`);
  return rows as Record<K, string>[];
}
