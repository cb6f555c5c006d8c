/** Servicing (issue 13): the daily run per business date, the schedule's history, reminders, collections. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ReminderEvent } from '@prestamos-hn/domain';
import { cents, createdAt } from './columns.ts';
import { instalmentReference, loanReference } from './loans.ts';
import { staffAccounts } from './staff.ts';

/** What one daily run did, step by step (counts of rows each step changed). */
export interface ServicingRunCounts {
  walletsApplied: number;
  instalmentsChanged: number;
  lateFeesCharged: number;
  /** Instalments charged a day of default interest (decision 014); absent in runs before it. */
  defaultInterestCharged?: number;
  loansLate: number;
  loansCaughtUp: number;
  requestsExpired: number;
  remindersSent: number;
  /** Loans the books' step journaled late, and the staff alerts it raised (decision 015); absent before it. */
  booksLoansJournaled?: number;
  booksAlerts?: number;
}

/**
 * One row per Tegucigalpa business date the daily run has finished: its primary key is what makes a
 * date run once. A run holds the date's row lock (inserted in its own transaction, 'running') while
 * it works; a second server finds the row and skips the date, a run killed half way leaves 'running'
 * behind with a stale `heartbeat_at`, and the next attempt takes it over and runs every step again
 * (each step is idempotent, so the result equals one clean run).
 */
export const servicingRuns = pgTable(
  'servicing_runs',
  {
    businessDate: date('business_date', { mode: 'string' }).primaryKey(),
    status: text('status').notNull().default('running'),
    attempts: integer('attempts').notNull().default(1),
    /** Which process holds it ("host:pid:random"). */
    runner: text('runner').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    counts: jsonb('counts').$type<ServicingRunCounts>(),
    lastError: text('last_error'),
  },
  (t) => [
    check('servicing_runs_status_check', sql`${t.status} in ('running', 'done')`),
    check('servicing_runs_finished_check', sql`(${t.status} = 'done') = (${t.finishedAt} is not null)`),
  ],
);

/**
 * The schedule's history: every status an instalment moved to, on which business date, and the late
 * fee charged with it. The daily run writes these rows in the same statement as the change (its audit
 * trail, one row per instalment changed); a payment's own changes are in the audit log.
 *
 * Its ids name the instalment and loan the same statement updated, and neither table ever loses a
 * row (migration 0030 refuses a delete), so they are not checked one by one by foreign keys: at
 * 1,000,000 borrowers an ordinary day writes 580,000 of these, and the two lookups each cost more
 * than the row (decision 019).
 */
export const instalmentStatusChanges = pgTable(
  'instalment_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instalmentId: bigint('instalment_id', { mode: 'number' }).notNull(),
    loanId: integer('loan_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    /** Centavos of late fee charged by this change (0 when none). */
    lateFeeCents: cents('late_fee_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // By loan only (the schedule's history). No index by date: nothing reads by it, and each of an
    // ordinary day's 580,000 rows at 1,000,000 borrowers paid for one more entry (migration 0030).
    index('instalment_status_changes_loan_idx').on(t.loanId, t.id),
  ],
);

/**
 * What a `loan_charges` row is: a late fee, a day of default interest, a waiver of part of one, the
 * reinstatement of a waiver a reversed receipt had caused (issue 31 point 4), or the top-up of a day
 * of default interest that was charged on the smaller balance a reversed receipt had left.
 */
export const LOAN_CHARGE_KINDS = [
  'late_fee',
  'default_interest',
  'waiver',
  'reinstatement',
  'interest_top_up',
] as const;
export type LoanChargeKind = (typeof LOAN_CHARGE_KINDS)[number];
/** Which part of an instalment a charge or waiver changes (the domain's payment components). */
export const LOAN_CHARGE_COMPONENTS = ['lateFee', 'penalty', 'charge', 'administratorFee'] as const;
export type LoanChargeComponent = (typeof LOAN_CHARGE_COMPONENTS)[number];
/** Why a waiver was written. */
export const LOAN_WAIVER_REASONS = ['value_date', 'payoff'] as const;
export type LoanWaiverReason = (typeof LOAN_WAIVER_REASONS)[number];

/**
 * The loans whose schedule changed since the daily run last looked at them (decision 019): a
 * statement-level trigger on `instalments` (every insert and update) and on `loans` (a change of
 * status or of a term the run reads) marks the loan, outside the run's own statements. The run's
 * ordinary day takes these loans and those whose due dates cross a threshold on the date, instead
 * of every open instalment, and clears the marks it saw (`mark`: a mark renewed meanwhile stays).
 */
export const servicingDirtyLoans = pgTable('servicing_dirty_loans', {
  loanId: integer('loan_id').primaryKey(),
  mark: bigserial('mark', { mode: 'number' }).notNull(),
});

/**
 * The charges ledger (decision 014), append-only like the wallet's: every late fee and every day of
 * default interest the daily run charges (> 0), and every waiver of what an instalment owes (< 0):
 * a fee that a receipt's value date made undue, the unearned interest and fees of a payoff. The
 * instalment's `late_fee_cents`, `penalty_fee_cents`, `charge_cents` and `administrator_fee_cents`
 * are what these rows leave owed, written in the same transaction. One late fee per instalment and
 * one day of default interest per instalment and date are unique indexes: two runs, of one date or of
 * two, can never charge anything twice.
 */
export const loanCharges = pgTable(
  'loan_charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: loanReference(),
    instalmentId: instalmentReference(),
    kind: text('kind').$type<LoanChargeKind>().notNull(),
    component: text('component').$type<LoanChargeComponent>().notNull(),
    /** Signed centavos: charges add to what is owed, waivers subtract. */
    amountCents: cents('amount_cents').notNull(),
    /** The business date charged for, or the date of the waiver. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    reason: text('reason').$type<LoanWaiverReason>(),
    /** The receipt whose value date made the charge undue (waivers for a value date). */
    receiptId: integer('receipt_id'),
    /** A reinstatement's waiver: the receipt reversal puts back exactly what it had waived, once. */
    reinstatesChargeId: bigint('reinstates_charge_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loan_charges_one_late_fee_key')
      .on(t.instalmentId)
      .where(sql`${t.kind} = 'late_fee'`),
    uniqueIndex('loan_charges_one_default_interest_per_day_key')
      .on(t.instalmentId, t.businessDate)
      .where(sql`${t.kind} = 'default_interest'`),
    index('loan_charges_loan_idx').on(t.loanId, t.id),
    foreignKey({
      name: 'loan_charges_reinstates_charge_fk',
      columns: [t.reinstatesChargeId],
      foreignColumns: [t.id],
    }),
    uniqueIndex('loan_charges_one_reinstatement_per_waiver_key').on(t.reinstatesChargeId),
    check(
      'loan_charges_kind_check',
      sql`${t.kind} in ('late_fee', 'default_interest', 'waiver', 'reinstatement', 'interest_top_up')`,
    ),
    check(
      'loan_charges_amount_check',
      sql`(${t.kind} = 'late_fee' and ${t.component} = 'lateFee' and ${t.amountCents} > 0 and ${t.reason} is null)
        or (${t.kind} = 'default_interest' and ${t.component} = 'penalty' and ${t.amountCents} > 0 and ${t.reason} is null)
        or (${t.kind} = 'waiver' and ${t.component} in ('lateFee', 'penalty', 'charge', 'administratorFee')
          and ${t.amountCents} < 0 and ${t.reason} in ('value_date', 'payoff'))
        or (${t.kind} = 'reinstatement' and ${t.component} in ('lateFee', 'penalty', 'charge', 'administratorFee')
          and ${t.amountCents} > 0 and ${t.reason} is null and ${t.reinstatesChargeId} is not null)
        or (${t.kind} = 'interest_top_up' and ${t.component} = 'penalty' and ${t.amountCents} > 0
          and ${t.reason} is null and ${t.reinstatesChargeId} is null)`,
    ),
  ],
);

/**
 * Days off besides Sunday (decision 014, point 3): national holidays, kept by admins. A due date on
 * a day off moves to the next working day.
 */
export const holidays = pgTable('holidays', {
  date: date('date', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  createdByStaffId: integer('created_by_staff_id').references(() => staffAccounts.id),
  createdAt: createdAt(),
});

/**
 * A reminder sent: one row per instalment and event, so that no event is ever sent twice, whichever
 * run or server gets there (the primary key decides). Written only by the reminders' statement, from
 * the instalments it read; as for the status changes, no foreign key checks each row (an instalment
 * is never deleted: migration 0030).
 */
export const instalmentReminders = pgTable(
  'instalment_reminders',
  {
    instalmentId: bigint('instalment_id', { mode: 'number' }).notNull(),
    event: text('event').$type<ReminderEvent>().notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instalmentId, t.event] }),
    check(
      'instalment_reminders_event_check',
      sql`${t.event} in ('due-in-3', 'due-today', 'late-1', 'late-7', 'late-30')`,
    ),
  ],
);

/** The kinds of a collections note: a plain note, a promise to pay, a stage change (8 → 9, 10 or 11). */
export const COLLECTION_NOTE_KINDS = ['note', 'promise', 'stage'] as const;
export type CollectionNoteKind = (typeof COLLECTION_NOTE_KINDS)[number];

/**
 * What collections staff wrote about a late loan: notes, promises to pay (a date and an amount) and
 * the stage changes to 9 Alguacil, 10 Corte or 11 Recuperación previa al juicio with their reason.
 * Append-only, like the audit trail it sits beside.
 */
export const collectionNotes = pgTable(
  'collection_notes',
  {
    id: serial('id').primaryKey(),
    loanId: loanReference(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    kind: text('kind').$type<CollectionNoteKind>().notNull(),
    text: text('text').notNull(),
    promisedOn: date('promised_on', { mode: 'string' }),
    promisedAmountCents: cents('promised_amount_cents'),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    createdAt: createdAt(),
  },
  (t) => [
    index('collection_notes_loan_idx').on(t.loanId, t.id),
    check('collection_notes_kind_check', sql`${t.kind} in ('note', 'promise', 'stage')`),
    check('collection_notes_text_check', sql`length(${t.text}) between 1 and 1000`),
    check(
      'collection_notes_promise_check',
      sql`(${t.kind} = 'promise') = (${t.promisedOn} is not null and ${t.promisedAmountCents} is not null)
        and coalesce(${t.promisedAmountCents}, 1) > 0`,
    ),
    check(
      'collection_notes_stage_check',
      sql`(${t.kind} = 'stage') = (${t.toStatus} is not null and ${t.fromStatus} is not null)
        and coalesce(${t.toStatus}, 9) in (3, 8, 9, 10, 11)`,
    ),
  ],
);
