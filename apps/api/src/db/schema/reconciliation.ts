/**
 * Bank reconciliation (issue 31, point 5): each bank's statement layout, the statements imported and
 * their lines, each credit line matched to at most one receipt and each receipt to at most one line.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  StatementAmountMode,
  StatementDateFormat,
  StatementDecimalSeparator,
  StatementDelimiter,
  StatementThousandsSeparator,
} from '@prestamos-hn/domain';
import { cents } from './columns.ts';
import { receipts } from './payments.ts';
import { banks } from './reference-data.ts';
import { staffAccounts } from './staff.ts';

/**
 * How one bank writes its statement's CSV (the domain's `BankStatementLayout`): columns counted from
 * 1, one amount column with negative debits (`signed`) or a credit and a debit column (`split`).
 * Seeded for BAC Credomatic, Banco Atlántida and Banco Ficohsa; kept by `reconciliation.manage`.
 */
export const bankStatementLayouts = pgTable(
  'bank_statement_layouts',
  {
    bankCode: smallint('bank_code')
      .primaryKey()
      .references(() => banks.code),
    delimiter: text('delimiter').$type<StatementDelimiter>().notNull(),
    skipRows: smallint('skip_rows').notNull(),
    dateColumn: smallint('date_column').notNull(),
    referenceColumn: smallint('reference_column').notNull(),
    descriptionColumn: smallint('description_column').notNull(),
    amountMode: text('amount_mode').$type<StatementAmountMode>().notNull(),
    amountColumn: smallint('amount_column'),
    creditColumn: smallint('credit_column'),
    debitColumn: smallint('debit_column'),
    dateFormat: text('date_format').$type<StatementDateFormat>().notNull(),
    decimalSeparator: text('decimal_separator').$type<StatementDecimalSeparator>().notNull(),
    thousandsSeparator: text('thousands_separator').$type<StatementThousandsSeparator>().notNull(),
    /** Who saved it last; null for the shipped layouts. */
    updatedByStaffId: integer('updated_by_staff_id').references(() => staffAccounts.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'bank_statement_layouts_amount_check',
      sql`(${t.amountMode} = 'signed' and ${t.amountColumn} is not null and ${t.creditColumn} is null and ${t.debitColumn} is null)
        or (${t.amountMode} = 'split' and ${t.amountColumn} is null and ${t.creditColumn} is not null and ${t.debitColumn} is not null)`,
    ),
    check(
      'bank_statement_layouts_format_check',
      sql`${t.delimiter} in (',', ';', E'\\t') and ${t.dateFormat} in ('dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd-mm-yyyy')
        and ${t.decimalSeparator} in ('.', ',') and ${t.thousandsSeparator} in (',', '.', ' ', '')
        and ${t.thousandsSeparator} <> ${t.decimalSeparator} and ${t.skipRows} between 0 and 50`,
    ),
  ],
);

/**
 * A statement file imported: which bank, the file's name and SHA-256 (the same file twice at one bank
 * is one import: a unique index), who imported it and when, and what it brought.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: serial('id').primaryKey(),
    bankCode: smallint('bank_code')
      .notNull()
      .references(() => banks.code),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    importedByStaffId: integer('imported_by_staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull(),
    /** The first and last dates of its movements. */
    firstDate: date('first_date', { mode: 'string' }).notNull(),
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    /** Movements in the file, and how many were new (the others were in an earlier statement). */
    linesInFile: integer('lines_in_file').notNull(),
    linesAdded: integer('lines_added').notNull(),
    /** The new credit lines, and their total. */
    creditsAdded: integer('credits_added').notNull(),
    creditCentsAdded: cents('credit_cents_added').notNull(),
  },
  (t) => [
    uniqueIndex('bank_statements_bank_file_key').on(t.bankCode, t.fileSha256),
    // For the lines' foreign key: a line is at its statement's bank.
    uniqueIndex('bank_statements_id_bank_key').on(t.id, t.bankCode),
    index('bank_statements_imported_idx').on(t.importedAt, t.id),
    check('bank_statements_sha256_check', sql`${t.fileSha256} ~ '^[0-9a-f]{64}$'`),
    check(
      'bank_statements_counts_check',
      sql`${t.linesAdded} between 0 and ${t.linesInFile} and ${t.creditsAdded} between 0 and ${t.linesAdded}
        and ${t.creditCentsAdded} >= 0 and ${t.firstDate} <= ${t.lastDate}`,
    ),
  ],
);

/**
 * One movement of a bank's statement, stored once per bank (its `fingerprint`, the SHA-256 of its
 * date, reference, amount, description and occurrence in the file, is unique per bank): a statement
 * that overlaps an earlier one adds only its new movements. A credit line (amount > 0) may be matched
 * to one receipt, and a receipt to one line (`matched_receipt_id` unique).
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id').notNull(),
    bankCode: smallint('bank_code').notNull(),
    /** The row of the file it was read from (the first row is 1). */
    rowNumber: integer('row_number').notNull(),
    /** The bank's date of the movement. */
    postedOn: date('posted_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    canonicalReference: text('canonical_reference').notNull(),
    /** Signed centavos: a credit (money in) is positive, a debit negative. */
    amountCents: cents('amount_cents').notNull(),
    description: text('description').notNull(),
    occurrence: integer('occurrence').notNull(),
    fingerprint: text('fingerprint').notNull(),
    matchedReceiptId: integer('matched_receipt_id').references(() => receipts.id),
    matchedByStaffId: integer('matched_by_staff_id').references(() => staffAccounts.id),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'bank_statement_lines_statement_fk',
      columns: [t.statementId, t.bankCode],
      foreignColumns: [bankStatements.id, bankStatements.bankCode],
    }),
    uniqueIndex('bank_statement_lines_fingerprint_key').on(t.bankCode, t.fingerprint),
    // A receipt is matched to one line at most.
    uniqueIndex('bank_statement_lines_matched_receipt_key')
      .on(t.matchedReceiptId)
      .where(sql`${t.matchedReceiptId} is not null`),
    index('bank_statement_lines_statement_idx').on(t.statementId, t.rowNumber),
    index('bank_statement_lines_reference_idx').on(t.bankCode, t.canonicalReference),
    check('bank_statement_lines_amount_check', sql`${t.amountCents} <> 0 and ${t.occurrence} >= 1`),
    check('bank_statement_lines_fingerprint_check', sql`${t.fingerprint} ~ '^[0-9a-f]{64}$'`),
    check(
      'bank_statement_lines_match_check',
      sql`(${t.matchedReceiptId} is null) = (${t.matchedByStaffId} is null)
        and (${t.matchedReceiptId} is null) = (${t.matchedAt} is null)
        and (${t.matchedReceiptId} is null or ${t.amountCents} > 0)`,
    ),
  ],
);
