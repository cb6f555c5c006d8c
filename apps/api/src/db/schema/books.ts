/**
 * The books (issue 31, point 6; docs/decisions/015-books.md): the chart of accounts, the journal
 * (one balanced entry per movement of money, append-only) and the staff alerts the daily run raises
 * when the books and the loan book disagree.
 */
import type { JournalEventKind, LedgerAccountType, LedgerSide } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cents, createdAt } from './columns.ts';
import { borrowerReference } from './accounts.ts';
import { loanReference } from './loans.ts';
import { receipts, walletEntries } from './payments.ts';
import { staffAccounts } from './staff.ts';

/** The chart of accounts: the domain's `LEDGER_ACCOUNTS`, seeded by the migration. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<LedgerAccountType>().notNull(),
    normalSide: text('normal_side').$type<LedgerSide>().notNull(),
    /** The order statements list accounts in. */
    position: smallint('position').notNull(),
  },
  (t) => [
    check('ledger_accounts_type_check', sql`${t.type} in ('asset', 'liability', 'income')`),
    check('ledger_accounts_normal_side_check', sql`${t.normalSide} in ('debit', 'credit')`),
  ],
);

/**
 * One journal entry per movement of money, written in the event's own transaction by
 * `postJournal` (services/accounting): a wallet ledger entry (at most one journal entry each, a
 * unique index), a disbursement or its reversal (keyed by `source_key`, so each disbursement of a
 * loan is journaled once, and a re-disbursement after a reversal again), or a reclassification of a
 * loan's money between 'Depósitos por aplicar' and 'Saldos a favor de clientes'. Append-only (a
 * trigger refuses UPDATE and DELETE), and balanced: a deferred constraint trigger refuses, at
 * commit, an entry whose debits and credits differ or that has fewer than two lines.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The Tegucigalpa business date it counts on (a wallet entry's, a disbursement's date). */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    eventKind: text('event_kind').$type<JournalEventKind>().notNull(),
    loanId: loanReference(),
    borrowerId: borrowerReference(),
    walletEntryId: bigint('wallet_entry_id', { mode: 'number' }).references(() => walletEntries.id),
    /** What makes a disbursement's entries unique: `disbursement:<loan>:<disbursed_at ms>` and its reversal's. */
    sourceKey: text('source_key'),
    receiptId: integer('receipt_id').references(() => receipts.id),
    /** The staff member behind the event (the cashier of a validation, a refund, a disbursement). */
    staffId: integer('staff_id').references(() => staffAccounts.id),
    /** What happened, in the accountant's words. */
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('journal_entries_wallet_entry_key')
      .on(t.walletEntryId)
      .where(sql`${t.walletEntryId} is not null`),
    uniqueIndex('journal_entries_source_key')
      .on(t.sourceKey)
      .where(sql`${t.sourceKey} is not null`),
    index('journal_entries_date_idx').on(t.businessDate, t.id),
    index('journal_entries_loan_idx').on(t.loanId, t.id),
    check(
      'journal_entries_event_kind_check',
      sql`${t.eventKind} in ('disbursement', 'disbursement_reversal', 'credit', 'debit', 'release', 'reversal', 'refund', 'transfer', 'reclassification')`,
    ),
    check(
      'journal_entries_source_check',
      sql`(${t.eventKind} in ('credit', 'debit', 'release', 'reversal', 'refund', 'transfer')) = (${t.walletEntryId} is not null)
        and (${t.eventKind} in ('disbursement', 'disbursement_reversal')) = (${t.sourceKey} is not null)`,
    ),
  ],
);

/** The lines of a journal entry: an account and centavos on exactly one side, for one loan. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccounts.code),
    debitCents: cents('debit_cents').notNull().default(0),
    creditCents: cents('credit_cents').notNull().default(0),
    loanId: loanReference(),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_account_idx').on(t.accountCode, t.entryId),
    index('journal_lines_loan_idx').on(t.loanId, t.accountCode),
    check(
      'journal_lines_side_check',
      sql`${t.debitCents} >= 0 and ${t.creditCents} >= 0 and (${t.debitCents} > 0) <> (${t.creditCents} > 0)`,
    ),
  ],
);

/** What a staff alert is about. */
export const STAFF_ALERT_KINDS = [
  'books_unbalanced',
  'books_portfolio',
  'books_wallets',
  /** A global hourly ceiling reached (issue 32 point 2): census lookups, registration SMS. */
  'census_ceiling',
  'registration_sms_ceiling',
] as const;
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number];

/**
 * Something staff must look at, raised by the system (the daily run's check of the books, a global
 * hourly ceiling reached): once per
 * business date and kind (a unique index), shown on the back-office dashboard to the roles with
 * `accounting.read` and e-mailed to the admins when raised.
 */
export const staffAlerts = pgTable(
  'staff_alerts',
  {
    id: serial('id').primaryKey(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<StaffAlertKind>().notNull(),
    /** What is wrong, in Spanish, with the figures. */
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_alerts_date_kind_key').on(t.businessDate, t.kind),
    index('staff_alerts_created_idx').on(t.createdAt),
    check(
      'staff_alerts_kind_check',
      sql`${t.kind} in ('books_unbalanced', 'books_portfolio', 'books_wallets', 'census_ceiling', 'registration_sms_ceiling')`,
    ),
  ],
);

/**
 * The daily run's check of the books, incrementally (decision 019): what each check found, and up to
 * which journal line and wallet entry it counted them. The journal and the wallets are append-only,
 * so the next check adds the lines and entries after these to these totals instead of summing them
 * all again. A check takes an exclusive advisory lock before it reads the highest ids, and every
 * insert into either table a shared one (a statement trigger), so no line below the highest id is
 * still uncommitted when it is read.
 */
export const booksCheckpoints = pgTable(
  'books_checkpoints',
  {
    id: serial('id').primaryKey(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** The highest journal line and wallet entry counted (0: none). */
    journalLineId: bigint('journal_line_id', { mode: 'number' }).notNull(),
    walletEntryId: bigint('wallet_entry_id', { mode: 'number' }).notNull(),
    debitCents: cents('debit_cents').notNull(),
    creditCents: cents('credit_cents').notNull(),
    portfolioCents: cents('portfolio_cents').notNull(),
    walletBooksCents: cents('wallet_books_cents').notNull(),
    walletsCents: cents('wallets_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('books_checkpoints_line_idx').on(t.journalLineId)],
);

/**
 * The loans whose outstanding principal may have changed since the last check of the books: a
 * statement trigger marks a loan when its instalments are inserted, when an update changes an
 * instalment's principal, what it covers or its voiding, and when the loan's disbursement date
 * changes (outside the daily run's own statements, which write statuses and charges only). The
 * check compares these loans (and those with new 'Cartera de préstamos' lines) and clears the marks
 * it saw.
 */
export const booksDirtyLoans = pgTable('books_dirty_loans', {
  loanId: integer('loan_id').primaryKey(),
  mark: bigserial('mark', { mode: 'number' }).notNull(),
});

/**
 * The loans whose outstanding principal differs from their 'Cartera de préstamos' balance, by how
 * much (outstanding − portfolio, never 0): empty while the books agree. Loan 0 holds portfolio lines
 * that name no loan. The check's outstanding principal is the portfolio plus these differences.
 */
export const booksLoanDifferences = pgTable('books_loan_differences', {
  loanId: integer('loan_id').primaryKey(),
  differenceCents: cents('difference_cents').notNull(),
});
