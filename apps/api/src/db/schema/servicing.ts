/** Servicing (issue 13): the daily run per business date, the schedule's history, reminders, collections. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
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
  loansLate: number;
  loansCaughtUp: number;
  requestsExpired: number;
  remindersSent: number;
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
 */
export const instalmentStatusChanges = pgTable(
  'instalment_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instalmentId: instalmentReference(),
    loanId: loanReference(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    /** Centavos of late fee charged by this change (0 when none). */
    lateFeeCents: cents('late_fee_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('instalment_status_changes_loan_idx').on(t.loanId, t.id),
    index('instalment_status_changes_date_idx').on(t.businessDate),
  ],
);

/**
 * A reminder sent: one row per instalment and event, so that no event is ever sent twice, whichever
 * run or server gets there (the primary key decides).
 */
export const instalmentReminders = pgTable(
  'instalment_reminders',
  {
    instalmentId: instalmentReference(),
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
