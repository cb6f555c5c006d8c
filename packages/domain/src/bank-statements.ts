/**
 * Bank reconciliation (issue 31, point 5): a bank's statement, exported as CSV, read with the column
 * layout saved for that bank; its credit lines matched to pending receipts by canonical reference,
 * amount and date. Pure: the API reads the file, hashes it, stores the lines and confirms the matches.
 * Amounts are integer centavos read digit by digit from the text, never through a float.
 */
import { canonicalReference } from './payments.ts';
import { addDays, isIsoDate, type IsoDate } from './time.ts';

/** What separates the columns of a row. */
export const STATEMENT_DELIMITERS = [',', ';', '\t'] as const;
export type StatementDelimiter = (typeof STATEMENT_DELIMITERS)[number];
export const STATEMENT_DELIMITER_LABELS: Readonly<Record<StatementDelimiter, string>> = {
  ',': 'Coma (,)',
  ';': 'Punto y coma (;)',
  '\t': 'Tabulador',
};

/** How the statement writes a date (day and month may have one or two digits; a time after it is ignored). */
export const STATEMENT_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd-mm-yyyy'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];
export const STATEMENT_DATE_FORMAT_LABELS: Readonly<Record<StatementDateFormat, string>> = {
  'dd/mm/yyyy': 'dd/mm/aaaa (31/12/2026)',
  'mm/dd/yyyy': 'mm/dd/aaaa (12/31/2026)',
  'yyyy-mm-dd': 'aaaa-mm-dd (2026-12-31)',
  'dd-mm-yyyy': 'dd-mm-aaaa (31-12-2026)',
};

export const STATEMENT_DECIMAL_SEPARATORS = ['.', ','] as const;
export type StatementDecimalSeparator = (typeof STATEMENT_DECIMAL_SEPARATORS)[number];
/** '' is none: amounts written without grouping (1234.50). */
export const STATEMENT_THOUSANDS_SEPARATORS = [',', '.', ' ', ''] as const;
export type StatementThousandsSeparator = (typeof STATEMENT_THOUSANDS_SEPARATORS)[number];
export const STATEMENT_SEPARATOR_LABELS: Readonly<Record<StatementThousandsSeparator, string>> = {
  ',': 'Coma (,)',
  '.': 'Punto (.)',
  ' ': 'Espacio',
  '': 'Ninguno',
};

/**
 * Where credits and debits are: one amount column where a debit is negative (`signed`), or a credit
 * column and a debit column (`split`), one of them filled on each row.
 */
export const STATEMENT_AMOUNT_MODES = ['signed', 'split'] as const;
export type StatementAmountMode = (typeof STATEMENT_AMOUNT_MODES)[number];
export const STATEMENT_AMOUNT_MODE_LABELS: Readonly<Record<StatementAmountMode, string>> = {
  signed: 'Una columna de monto (los débitos en negativo)',
  split: 'Una columna de créditos y otra de débitos',
};

/** Columns are counted from 1, as in a spreadsheet, up to this one. */
export const STATEMENT_MAX_COLUMN = 50;
/** At most this many rows before the first movement (the bank's title, account, period and header). */
export const STATEMENT_MAX_SKIP_ROWS = 50;
/** A statement has at most this many movements; a longer one is imported in parts. */
export const STATEMENT_MAX_LINES = 5000;
export const STATEMENT_REFERENCE_MAX = 100;
/** A longer description is cut to this many characters (it only helps a person read the line). */
export const STATEMENT_DESCRIPTION_MAX = 300;
/** At most this many line errors are named in the refusal; the rest are counted. */
export const STATEMENT_ERRORS_SHOWN = 10;

/** How one bank writes its statement: which column holds what, and how dates and amounts are written. */
export interface BankStatementLayout {
  delimiter: StatementDelimiter;
  /** Rows before the first movement, the header row included (blank rows count). */
  skipRows: number;
  dateColumn: number;
  referenceColumn: number;
  descriptionColumn: number;
  amountMode: StatementAmountMode;
  /** `signed`: the one amount column. Null for `split`. */
  amountColumn: number | null;
  /** `split`: the credit and the debit columns. Null for `signed`. */
  creditColumn: number | null;
  debitColumn: number | null;
  dateFormat: StatementDateFormat;
  decimalSeparator: StatementDecimalSeparator;
  thousandsSeparator: StatementThousandsSeparator;
}

export type LayoutField = keyof BankStatementLayout;

const COLUMN_LABELS = {
  dateColumn: 'de la fecha',
  referenceColumn: 'de la referencia',
  descriptionColumn: 'de la descripción',
  amountColumn: 'del monto',
  creditColumn: 'de los créditos',
  debitColumn: 'de los débitos',
} as const;
type ColumnField = keyof typeof COLUMN_LABELS;

export const layoutMessages = {
  column: (field: ColumnField) =>
    `La columna ${COLUMN_LABELS[field]} debe ser un número del 1 al ${STATEMENT_MAX_COLUMN}.`,
  skipRows: `Las filas de encabezado deben ser un número del 0 al ${STATEMENT_MAX_SKIP_ROWS}.`,
  delimiter: 'Elige el separador de columnas: coma, punto y coma o tabulador.',
  dateFormat: 'Elige el formato de la fecha.',
  decimalSeparator: 'Elige el separador decimal: punto o coma.',
  thousandsSeparator: 'Elige el separador de miles: coma, punto, espacio o ninguno.',
  amountMode:
    'Elige dónde están los montos: una columna con débitos en negativo, o créditos y débitos aparte.',
  sameSeparators: 'El separador de miles no puede ser el mismo que el decimal.',
  sameColumns: 'Cada dato debe estar en una columna distinta.',
} as const;

const isColumn = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= STATEMENT_MAX_COLUMN;

/**
 * What is wrong with a layout, in Spanish, each with the field it is about (empty when it can be
 * saved): every column from 1 to 50 and each in its own column, the amount column for `signed` or the
 * credit and debit columns for `split`, known separators and date format, different decimal and
 * thousands separators.
 */
export function statementLayoutProblems(
  layout: BankStatementLayout,
): { field: LayoutField; message: string }[] {
  const problems: { field: LayoutField; message: string }[] = [];
  if (!(STATEMENT_DELIMITERS as readonly string[]).includes(layout.delimiter)) {
    problems.push({ field: 'delimiter', message: layoutMessages.delimiter });
  }
  if (
    !Number.isInteger(layout.skipRows) ||
    layout.skipRows < 0 ||
    layout.skipRows > STATEMENT_MAX_SKIP_ROWS
  ) {
    problems.push({ field: 'skipRows', message: layoutMessages.skipRows });
  }
  if (!(STATEMENT_AMOUNT_MODES as readonly string[]).includes(layout.amountMode)) {
    problems.push({ field: 'amountMode', message: layoutMessages.amountMode });
  }
  const used: ColumnField[] = [
    'dateColumn',
    'referenceColumn',
    'descriptionColumn',
    ...(layout.amountMode === 'split'
      ? (['creditColumn', 'debitColumn'] as const)
      : (['amountColumn'] as const)),
  ];
  for (const field of used) {
    if (!isColumn(layout[field])) problems.push({ field, message: layoutMessages.column(field) });
  }
  const columns = used.map((field) => layout[field]).filter(isColumn);
  if (columns.length === used.length && new Set(columns).size !== columns.length) {
    problems.push({ field: used[0]!, message: layoutMessages.sameColumns });
  }
  if (!(STATEMENT_DATE_FORMATS as readonly string[]).includes(layout.dateFormat)) {
    problems.push({ field: 'dateFormat', message: layoutMessages.dateFormat });
  }
  if (!(STATEMENT_DECIMAL_SEPARATORS as readonly string[]).includes(layout.decimalSeparator)) {
    problems.push({ field: 'decimalSeparator', message: layoutMessages.decimalSeparator });
  }
  if (!(STATEMENT_THOUSANDS_SEPARATORS as readonly string[]).includes(layout.thousandsSeparator)) {
    problems.push({ field: 'thousandsSeparator', message: layoutMessages.thousandsSeparator });
  } else if (layout.thousandsSeparator === layout.decimalSeparator) {
    problems.push({ field: 'thousandsSeparator', message: layoutMessages.sameSeparators });
  }
  return problems;
}

/** One row of a CSV file: its number (the first row is 1, as a spreadsheet counts) and its cells. */
export interface CsvRow {
  row: number;
  cells: string[];
}

/**
 * Splits CSV text into rows and cells (RFC 4180): a cell in double quotes may hold the delimiter, line
 * breaks and `""` for a quote; rows end at CRLF, LF or CR; a quote inside an unquoted cell is kept as
 * it is. A quote left open at the end of the text is an error naming the row it opened on. A blank
 * line is a row of one empty cell, so that row numbers are the file's line numbers.
 */
export function parseCsv(
  text: string,
  delimiter: string,
): { rows: CsvRow[]; error?: { row: number; message: string } } {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteOpenedOnRow = 0;
  let atCellStart = true;
  let rowNumber = 1;
  const endRow = () => {
    cells.push(cell);
    rows.push({ row: rowNumber, cells });
    rowNumber += 1;
    cells = [];
    cell = '';
    atCellStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else cell += ch;
      continue;
    }
    if (ch === '"' && atCellStart) {
      quoted = true;
      quoteOpenedOnRow = rowNumber;
      atCellStart = false;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
      atCellStart = true;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else {
      cell += ch;
      atCellStart = false;
    }
  }
  if (quoted) return { rows, error: { row: quoteOpenedOnRow, message: 'hay comillas sin cerrar' } };
  // The last row, unless the text ended with a line break.
  if (cell !== '' || cells.length > 0) endRow();
  return { rows };
}

const TIME_SUFFIX = /\s+\d{1,2}:\d{2}(:\d{2})?(\s*[ap]\.?\s*m\.?)?$/i;
const DATE_PATTERNS: Readonly<Record<StatementDateFormat, { re: RegExp; order: [number, number, number] }>> =
  {
    // Groups: the positions of year, month and day among the captures.
    'dd/mm/yyyy': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 2, 1] },
    'mm/dd/yyyy': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: [3, 1, 2] },
    'yyyy-mm-dd': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: [1, 2, 3] },
    'dd-mm-yyyy': { re: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: [3, 2, 1] },
  };

/** A statement's date in `format` as `YYYY-MM-DD`, or null when it is not a real calendar date. */
export function parseStatementDate(text: string, format: StatementDateFormat): IsoDate | null {
  const pattern = DATE_PATTERNS[format];
  const match = pattern.re.exec(text.trim().replace(TIME_SUFFIX, ''));
  if (!match) return null;
  const [y, m, d] = pattern.order.map((group) => match[group]!);
  const date = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  return isIsoDate(date) ? date : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CURRENCY_MARK = /^(HNL|LPS\.?|L\.?)\s*/i;

/**
 * A statement's amount as signed integer centavos, or null when it is not one: digits with at most
 * two decimals after `decimalSeparator`, thousands grouped by `thousandsSeparator` (or not grouped),
 * a currency mark (L, L., Lps., HNL) and a sign allowed before it, a trailing minus or parentheses for
 * a negative amount (`(1,234.50)`, `1,234.50-`). Read from the text's digits, never through a float.
 */
export function parseStatementAmount(
  text: string,
  decimalSeparator: StatementDecimalSeparator,
  thousandsSeparator: StatementThousandsSeparator,
): number | null {
  let s = text.trim().replace(/\u00a0/g, ' ');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  const takeSign = () => {
    const sign = /^[+-]\s*/.exec(s);
    if (!sign) return;
    if (sign[0].startsWith('-')) negative = !negative;
    s = s.slice(sign[0].length);
  };
  takeSign();
  const mark = CURRENCY_MARK.exec(s);
  if (mark) {
    s = s.slice(mark[0].length);
    takeSign();
  }
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1).trim();
  }
  const d = escapeRegExp(decimalSeparator);
  const grouped = thousandsSeparator === '' ? '' : `|\\d{1,3}(?:${escapeRegExp(thousandsSeparator)}\\d{3})+`;
  const match = new RegExp(`^(\\d+${grouped})(?:${d}(\\d{1,2}))?$`).exec(s);
  if (!match) return null;
  const whole = thousandsSeparator === '' ? match[1]! : match[1]!.split(thousandsSeparator).join('');
  if (whole.replace(/^0+/, '').length > 13) return null;
  const cents = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

/** One movement of a statement as read from the file. */
export interface StatementLine {
  /** The row of the file it was read from (the first row is 1). */
  row: number;
  postedOn: IsoDate;
  /** As written, spaces collapsed. */
  reference: string;
  /** The domain's `canonicalReference` of it: what receipts are matched by. */
  canonicalReference: string;
  /** Signed centavos: a credit (money in) is positive, a debit negative. */
  amountCents: number;
  description: string;
  /** 1 for the first row with this date, reference, amount and description in the file, 2 for the next… */
  occurrence: number;
}

export type StatementParse = { ok: true; lines: StatementLine[] } | { ok: false; errors: string[] };

const clean = (text: string) => text.trim().replace(/\s+/g, ' ');

export const statementMessages = {
  empty: 'El archivo no tiene movimientos: revisa que sea el estado de cuenta de este banco.',
  tooManyLines: `El archivo tiene más de ${STATEMENT_MAX_LINES.toLocaleString('en-US')} movimientos; impórtalo en partes.`,
  row: (row: number, what: string) => `Línea ${row}: ${what}.`,
  missingColumns: (needed: number) => `faltan columnas (se esperaban al menos ${needed})`,
  badDate: 'la fecha no es válida',
  badAmount: 'el monto no es válido',
  badCredit: 'el crédito no es válido',
  badDebit: 'el débito no es válido',
  zeroAmount: 'el monto no puede ser cero',
  noMovement: 'no tiene ni crédito ni débito',
  bothMovements: 'tiene crédito y débito a la vez',
  negativeCredit: 'el crédito no puede ser negativo',
  referenceTooLong: `la referencia tiene más de ${STATEMENT_REFERENCE_MAX} caracteres`,
  nul: 'tiene caracteres no válidos',
} as const;

/** A movement's identity in its bank's statements: the same movement imported again is recognised by it. */
export function statementLineKey(line: Omit<StatementLine, 'row' | 'canonicalReference'>): string {
  return [
    line.postedOn,
    line.reference,
    String(line.amountCents),
    line.description,
    String(line.occurrence),
  ].join('\u001f');
}

/**
 * Reads a statement's CSV text with its bank's layout: every row after the header rows, blank rows
 * skipped, becomes a line (date, reference, signed amount in centavos, description, and its
 * occurrence among identical rows). Any row that cannot be read makes the whole file refused, with
 * one Spanish error per row ('Línea 4: la fecha no es válida.'): a statement is imported whole or not
 * at all.
 */
export function parseBankStatement(text: string, layout: BankStatementLayout): StatementParse {
  const csv = parseCsv(text.replace(/^\uFEFF/, ''), layout.delimiter);
  if (csv.error) return { ok: false, errors: [statementMessages.row(csv.error.row, csv.error.message)] };
  const columns =
    layout.amountMode === 'split' ? [layout.creditColumn, layout.debitColumn] : [layout.amountColumn];
  const needed = Math.max(
    layout.dateColumn,
    layout.referenceColumn,
    layout.descriptionColumn,
    ...columns.map(Number),
  );
  const errors: string[] = [];
  const lines: StatementLine[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of csv.rows) {
    if (row <= layout.skipRows || cells.every((c) => c.trim() === '')) continue;
    const fail = (what: string) => errors.push(statementMessages.row(row, what));
    if (cells.some((c) => c.includes('\u0000'))) {
      fail(statementMessages.nul);
      continue;
    }
    if (cells.length < needed) {
      fail(statementMessages.missingColumns(needed));
      continue;
    }
    const cellAt = (column: number | null) => cells[(column ?? 1) - 1]!;
    const postedOn = parseStatementDate(cellAt(layout.dateColumn), layout.dateFormat);
    if (postedOn === null) fail(statementMessages.badDate);
    const amountCents = readAmount(cellAt, layout, fail);
    const reference = clean(cellAt(layout.referenceColumn));
    if (reference.length > STATEMENT_REFERENCE_MAX) fail(statementMessages.referenceTooLong);
    if (postedOn === null || amountCents === null || reference.length > STATEMENT_REFERENCE_MAX) continue;
    const description = clean(cellAt(layout.descriptionColumn)).slice(0, STATEMENT_DESCRIPTION_MAX);
    const sameAs = [postedOn, reference, amountCents, description].join('\u001f');
    const occurrence = (seen.get(sameAs) ?? 0) + 1;
    seen.set(sameAs, occurrence);
    lines.push({
      row,
      postedOn,
      reference,
      canonicalReference: canonicalReference(reference),
      amountCents,
      description,
      occurrence,
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (lines.length === 0) return { ok: false, errors: [statementMessages.empty] };
  if (lines.length > STATEMENT_MAX_LINES) return { ok: false, errors: [statementMessages.tooManyLines] };
  return { ok: true, lines };
}

/** The row's signed amount: the one column, or the credit or the debit (as a negative). */
function readAmount(
  cellAt: (column: number | null) => string,
  layout: BankStatementLayout,
  fail: (what: string) => void,
): number | null {
  const read = (column: number | null) =>
    parseStatementAmount(cellAt(column), layout.decimalSeparator, layout.thousandsSeparator);
  if (layout.amountMode === 'signed') {
    const amount = read(layout.amountColumn);
    if (amount === null) fail(statementMessages.badAmount);
    else if (amount === 0) fail(statementMessages.zeroAmount);
    return amount === 0 ? null : amount;
  }
  const blankIsZero = (column: number | null, message: string) => {
    if (cellAt(column).trim() === '') return 0;
    const amount = read(column);
    if (amount === null) fail(message);
    return amount;
  };
  const credit = blankIsZero(layout.creditColumn, statementMessages.badCredit);
  const debit = blankIsZero(layout.debitColumn, statementMessages.badDebit);
  if (credit === null || debit === null) return null;
  if (credit < 0) {
    fail(statementMessages.negativeCredit);
    return null;
  }
  if (credit !== 0 && debit !== 0) {
    fail(statementMessages.bothMovements);
    return null;
  }
  if (credit === 0 && debit === 0) {
    fail(statementMessages.noMovement);
    return null;
  }
  // Some banks write the debit column's amounts negative, others not: a debit is money out either way.
  return credit !== 0 ? credit : -Math.abs(debit);
}

/**
 * The refusal of a file that could not be read: the first errors, one per row, and how many more
 * there were. Nothing of the file is imported.
 */
export function statementRefusal(errors: readonly string[]): string {
  const shown = errors.slice(0, STATEMENT_ERRORS_SHOWN);
  const more = errors.length - shown.length;
  const tail = more > 0 ? ` Y ${more} ${more === 1 ? 'error más' : 'errores más'}.` : '';
  return `No importamos el estado de cuenta: ${shown.join(' ')}${tail}`;
}

/**
 * When a bank's line may be a receipt's deposit: from `daysBefore` days before the day the borrower
 * sent the receipt to `daysAfter` days after it.
 *
 * - 3 days before: the borrower deposits first and sends the photo afterwards, usually the same day,
 *   sometimes after a weekend or a long day at work; a deposit sent more than three days after it was
 *   made is unusual enough for a person to look at it in 'Caja'.
 * - 5 days after: a deposit made after the bank's cut-off, on a Saturday or on a holiday is posted on
 *   the next working day; Holy Week (Thursday, Friday and Saturday off, then Sunday) is the longest
 *   such gap: a deposit on Wednesday evening is posted on Monday, five days later.
 *
 * Outside the window the line is listed as unmatched with the reason, never proposed.
 */
export const RECONCILIATION_WINDOW = { daysBefore: 3, daysAfter: 5 } as const;
export interface ReconciliationWindow {
  daysBefore: number;
  daysAfter: number;
}

export function isWithinReconciliationWindow(
  postedOn: IsoDate,
  sentOn: IsoDate,
  window: ReconciliationWindow = RECONCILIATION_WINDOW,
): boolean {
  return postedOn >= addDays(sentOn, -window.daysBefore) && postedOn <= addDays(sentOn, window.daysAfter);
}

/**
 * The value date a confirmed match gives the receipt: the bank's date of the deposit, unless the bank
 * posted it after the day the borrower sent the receipt (a weekend or holiday deposit): then that day,
 * as decision 014 never dates money after the day its receipt was sent.
 */
export const reconciledValueDate = (postedOn: IsoDate, sentOn: IsoDate): IsoDate =>
  postedOn <= sentOn ? postedOn : sentOn;

/** A credit line of a statement, not matched yet. */
export interface ReconcilableLine {
  id: number;
  postedOn: IsoDate;
  canonicalReference: string;
  /** Above zero: only credits are matched. */
  amountCents: number;
}

/** A pending receipt at the statement's bank. */
export interface ReconcilableReceipt {
  id: number;
  canonicalReference: string;
  declaredAmountCents: number;
  /** The Tegucigalpa day the borrower sent it. */
  sentOn: IsoDate;
  /** Its loan's disbursement day: a deposit before it is not a payment of that loan. */
  disbursedOn: IsoDate | null;
}

export const UNMATCHED_LINE_REASONS = [
  'no_reference',
  'no_receipt',
  'other_amount',
  'outside_window',
  'before_disbursement',
  'several_receipts',
  'receipt_has_several_lines',
] as const;
export type UnmatchedLineReason = (typeof UNMATCHED_LINE_REASONS)[number];
export const UNMATCHED_LINE_REASON_LABELS: Readonly<Record<UnmatchedLineReason, string>> = {
  no_reference: 'La línea no tiene referencia.',
  no_receipt: 'Ningún comprobante pendiente de este banco tiene esta referencia.',
  other_amount: 'Hay un comprobante pendiente con esta referencia, pero por otro monto.',
  outside_window: `Hay un comprobante pendiente con esta referencia y monto, pero enviado fuera del plazo (de ${RECONCILIATION_WINDOW.daysAfter} días antes a ${RECONCILIATION_WINDOW.daysBefore} días después de la fecha del banco).`,
  before_disbursement: 'El depósito es anterior al desembolso del préstamo del comprobante.',
  several_receipts: 'Varios comprobantes pendientes tienen esta referencia y este monto: revísalos en Caja.',
  receipt_has_several_lines:
    'El comprobante que coincide también coincide con otra línea del estado de cuenta: revísalo en Caja.',
};

export const UNMATCHED_RECEIPT_REASONS = ['no_line', 'several_lines', 'line_has_several_receipts'] as const;
export type UnmatchedReceiptReason = (typeof UNMATCHED_RECEIPT_REASONS)[number];
export const UNMATCHED_RECEIPT_REASON_LABELS: Readonly<Record<UnmatchedReceiptReason, string>> = {
  no_line: 'Ninguna línea del estado de cuenta coincide en referencia, monto y fecha.',
  several_lines: 'Varias líneas del estado de cuenta coinciden con este comprobante: revísalo en Caja.',
  line_has_several_receipts:
    'La línea que coincide también coincide con otro comprobante pendiente: revísalo en Caja.',
};

export interface MatchProposal {
  lineId: number;
  receiptId: number;
  /** What the receipt's value date becomes when the match is confirmed (`reconciledValueDate`). */
  valueDate: IsoDate;
}

export interface StatementMatching {
  /** One line with one receipt, each in one proposal at most, in the lines' order. */
  proposals: MatchProposal[];
  unmatchedLines: { lineId: number; reason: UnmatchedLineReason }[];
  unmatchedReceipts: { receiptId: number; reason: UnmatchedReceiptReason }[];
}

/**
 * Whether a credit line may be a receipt's deposit: the same canonical reference (not empty), the
 * amount the borrower declared, posted within the window around the day it was sent, and not before
 * its loan's disbursement.
 */
export function isMatchCandidate(
  line: ReconcilableLine,
  receipt: ReconcilableReceipt,
  window: ReconciliationWindow = RECONCILIATION_WINDOW,
): boolean {
  return (
    line.canonicalReference !== '' &&
    line.amountCents > 0 &&
    line.canonicalReference === receipt.canonicalReference &&
    line.amountCents === receipt.declaredAmountCents &&
    isWithinReconciliationWindow(line.postedOn, receipt.sentOn, window) &&
    (receipt.disbursedOn === null || line.postedOn >= receipt.disbursedOn)
  );
}

/**
 * Proposes matches between a statement's credit lines and the bank's pending receipts: a line and a
 * receipt are proposed together only when each is the other's one candidate (`isMatchCandidate`).
 * Anything ambiguous (two receipts for one line, two lines for one receipt) is left for a person,
 * with the reason; so is a line or receipt with no candidate. A line and a receipt are each in one
 * proposal at most.
 */
export function matchStatementLines(
  lines: readonly ReconcilableLine[],
  receipts: readonly ReconcilableReceipt[],
  window: ReconciliationWindow = RECONCILIATION_WINDOW,
): StatementMatching {
  const byReference = new Map<string, ReconcilableReceipt[]>();
  for (const receipt of receipts) {
    const same = byReference.get(receipt.canonicalReference) ?? [];
    same.push(receipt);
    byReference.set(receipt.canonicalReference, same);
  }
  const candidatesOfLine = new Map<number, ReconcilableReceipt[]>();
  const linesOfReceipt = new Map<number, number[]>();
  for (const line of lines) {
    const candidates = (byReference.get(line.canonicalReference) ?? []).filter((r) =>
      isMatchCandidate(line, r, window),
    );
    candidatesOfLine.set(line.id, candidates);
    for (const r of candidates) linesOfReceipt.set(r.id, [...(linesOfReceipt.get(r.id) ?? []), line.id]);
  }

  const result: StatementMatching = { proposals: [], unmatchedLines: [], unmatchedReceipts: [] };
  const proposed = new Set<number>();
  for (const line of lines) {
    const candidates = candidatesOfLine.get(line.id)!;
    if (candidates.length === 1 && linesOfReceipt.get(candidates[0]!.id)!.length === 1) {
      const receipt = candidates[0]!;
      proposed.add(receipt.id);
      result.proposals.push({
        lineId: line.id,
        receiptId: receipt.id,
        valueDate: reconciledValueDate(line.postedOn, receipt.sentOn),
      });
    } else {
      result.unmatchedLines.push({
        lineId: line.id,
        reason: unmatchedLineReason(line, candidates, byReference, window),
      });
    }
  }
  for (const receipt of receipts) {
    if (proposed.has(receipt.id)) continue;
    const matching = linesOfReceipt.get(receipt.id) ?? [];
    const reason: UnmatchedReceiptReason =
      matching.length === 0 ? 'no_line' : matching.length > 1 ? 'several_lines' : 'line_has_several_receipts';
    result.unmatchedReceipts.push({ receiptId: receipt.id, reason });
  }
  return result;
}

function unmatchedLineReason(
  line: ReconcilableLine,
  candidates: readonly ReconcilableReceipt[],
  byReference: ReadonlyMap<string, ReconcilableReceipt[]>,
  window: ReconciliationWindow,
): UnmatchedLineReason {
  if (candidates.length > 1) return 'several_receipts';
  if (candidates.length === 1) return 'receipt_has_several_lines';
  if (line.canonicalReference === '') return 'no_reference';
  const sameReference = byReference.get(line.canonicalReference) ?? [];
  if (sameReference.length === 0) return 'no_receipt';
  const sameAmount = sameReference.filter((r) => r.declaredAmountCents === line.amountCents);
  if (sameAmount.length === 0) return 'other_amount';
  return sameAmount.some((r) => isWithinReconciliationWindow(line.postedOn, r.sentOn, window))
    ? 'before_disbursement'
    : 'outside_window';
}
