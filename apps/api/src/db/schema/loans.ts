/** Loans (issue 11): one row from request to closing, the accepted documents, the instalments. */
import { LOAN_STATUS, REQUEST_BLOCKING_LOAN_STATUSES, type LoanQuote } from '@prestamos-hn/domain';
import { isNull, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sqlList } from '../sql-literals.ts';
import { cents, createdAt, updatedAt } from './columns.ts';
import { borrowerReference, sessions } from './accounts.ts';
import {
  amountAndTermWindowColumns,
  documentTemplateVersions,
  graceAndToleranceColumns,
  loanPurposes,
  products,
  rateAndFeeColumns,
} from './reference-data.ts';
import { bankAccounts } from './profile.ts';
import { staffAccounts } from './staff.ts';

/**
 * The quote computed once at request: the domain's `LoanQuote` as it is, in centavos
 * (docs/decisions/007-loan-quote.md). getFactura answers it, the schedule is made from it; its due
 * dates count from the request date (the schedule recounts them from the disbursement). Changing
 * `LoanQuote` changes what this column holds.
 */
export type StoredQuote = LoanQuote;

/** Statuses only an approved loan reaches: it has an approval date. */
const APPROVED_LOAN_STATUSES = [
  LOAN_STATUS.approved,
  LOAN_STATUS.paying,
  LOAN_STATUS.paid,
  LOAN_STATUS.late,
  LOAN_STATUS.bailiff,
  LOAN_STATUS.court,
  LOAN_STATUS.preTrial,
];

/**
 * A loan from the request (the SPEC's "offer", `container_id` on the wire) to its closing. It keeps
 * its own copy of the price-list terms it was requested under, so a later price change never alters
 * it, and the quote computed at request. `status` is the SPEC's code: 0 Enviado, 1 Reuniendo,
 * 5 Reunido, 2 Rechazado, 3 Pagando, 4 Pagado, 7 El tiempo se acabo, 8 Atrasado, 9 Alguacil, 10 Corte,
 * 11 Recuperación previa al juicio.
 * One blocking loan per borrower is a unique partial index, so two requests cannot both win.
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    borrowerId: borrowerReference(),
    productId: smallint('product_id')
      .notNull()
      .references(() => products.id),
    // The price-list terms used, as they were at request.
    periodType: text('period_type').notNull(),
    ...rateAndFeeColumns(),
    ...amountAndTermWindowColumns(),
    /** The late fee per instalment (centavos), as the price list said at request. */
    lateFeeCents: cents('late_fee_cents').notNull().default(0),
    /** Grace days and arrears tolerance, as the price list said at request (decision 014). */
    ...graceAndToleranceColumns(),
    // What was asked for.
    amountCents: cents('amount_cents').notNull(),
    termDays: smallint('term_days').notNull(),
    payments: smallint('payments').notNull(),
    purposeId: smallint('purpose_id')
      .notNull()
      .references(() => loanPurposes.id),
    status: smallint('status').notNull().default(0),
    /** The Tegucigalpa date of the request: the quote's start date. */
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    quote: jsonb('quote').$type<StoredQuote>().notNull(),
    /** The quote's total (centavos): what is owed until the schedule exists. */
    totalCents: cents('total_cents').notNull(),
    /** The annual total cost (CAT) of the quote, percent with one decimal. */
    annualCostPercent: numeric('annual_cost_percent', { precision: 10, scale: 1, mode: 'number' }).notNull(),
    // Where and how the request was made.
    requestCity: text('request_city'),
    requestLatitude: numeric('request_latitude', { precision: 7, scale: 4, mode: 'number' }),
    requestLongitude: numeric('request_longitude', { precision: 8, scale: 4, mode: 'number' }),
    requestLocationAt: timestamp('request_location_at', { withTimezone: true }),
    requestIp: text('request_ip').notNull(),
    requestUserAgent: text('request_user_agent'),
    requestSessionId: bigint('request_session_id', { mode: 'number' }).references(() => sessions.id),
    // Staff decisions.
    takenByStaffId: integer('taken_by_staff_id').references(() => staffAccounts.id),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    decidedByStaffId: integer('decided_by_staff_id').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * The Tegucigalpa date it was approved (0|1 → 5); kept if it is rejected later. An approved
     * request expires OFFER_EXPIRY_DAYS after it (decision 014).
     */
    approvedOn: date('approved_on', { mode: 'string' }),
    /** Why it was rejected, as the borrower reads it (status 2). */
    rejectionReason: text('rejection_reason'),
    /**
     * The bank account the borrower accepted with the contract (issue 31 point 1): the disbursement
     * pays this one, whatever the profile's current account says later.
     */
    payoutBankAccountId: integer('payout_bank_account_id').references(() => bankAccounts.id),
    disbursedByStaffId: integer('disbursed_by_staff_id').references(() => staffAccounts.id),
    /** When the disbursement was recorded. */
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    /** The day the money was sent: instalment k is due k periods later. */
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    disbursementReference: text('disbursement_reference'),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('loans_one_blocking_per_borrower_key')
      .on(t.borrowerId)
      // The statuses that block a new request on the server (0, 1, 3, 5, 8 and the collections
      // stages 9, 10, 11: decision 014), written in as literals: changing the domain's list changes
      // this index, and so needs a migration (`npm run db:generate -w apps/api`).
      .where(sql`${t.status} in (${sqlList(REQUEST_BLOCKING_LOAN_STATUSES)})`),
    index('loans_borrower_idx').on(t.borrowerId, t.id),
    index('loans_status_idx').on(t.status, t.createdAt, t.id),
    check('loans_status_check', sql`${t.status} between 0 and 11`),
    check('loans_period_check', sql`${t.periodType} in ('semanal', 'quincenal', 'mensual')`),
    check('loans_fee_type_check', sql`${t.feeType} in ('fixed', 'percent')`),
    check('loans_amount_check', sql`${t.amountCents} > 0 and ${t.totalCents} >= ${t.amountCents}`),
    check('loans_term_check', sql`${t.termDays} > 0 and ${t.payments} > 0`),
    check('loans_rejection_check', sql`${t.status} <> 2 or ${t.rejectionReason} is not null`),
    check(
      'loans_approved_on_check',
      sql`${t.status} not in (${sqlList(APPROVED_LOAN_STATUSES)}) or ${t.approvedOn} is not null`,
    ),
    check(
      'loans_disbursement_check',
      sql`(${t.disbursedOn} is null) = (${t.disbursedAt} is null) and (${t.disbursedAt} is null) = (${t.disbursementReference} is null)`,
    ),
  ],
);

/** The loan a row is about: a plain reference (no cascade), so the loan stays while such rows exist. */
export function loanReference() {
  return integer('loan_id')
    .notNull()
    .references(() => loans.id);
}

/**
 * Acceptance evidence: each document exactly as the borrower accepted it (the HTML the preview
 * showed), its SHA-256, the template version, when, from which IP, device and session.
 */
export const loanDocuments = pgTable(
  'loan_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: loanReference(),
    kind: text('kind').notNull(),
    templateVersion: integer('template_version').notNull(),
    title: text('title').notNull(),
    html: text('html').notNull(),
    /** Hex SHA-256 of `html` (UTF-8). */
    sha256: text('sha256').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    sessionId: bigint('session_id', { mode: 'number' }).references(() => sessions.id),
  },
  (t) => [
    uniqueIndex('loan_documents_loan_kind_key').on(t.loanId, t.kind),
    foreignKey({
      name: 'loan_documents_template_version_fk',
      columns: [t.kind, t.templateVersion],
      foreignColumns: [documentTemplateVersions.kind, documentTemplateVersions.version],
    }),
    check('loan_documents_kind_check', sql`${t.kind} in ('contract', 'promissory_note')`),
    check('loan_documents_sha256_check', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The repayment schedule, made at disbursement from the stored quote. Money in centavos: `charge`
 * is the interest, `administrator_fee` the administrative fee, `amount` the principal, each with the
 * part already covered. `status` is the SPEC's instalment code (0 Pendiente ... 6 Ultimo Pago).
 */
export const instalments = pgTable(
  'instalments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: loanReference(),
    position: smallint('position').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    chargeCents: cents('charge_cents').notNull(),
    chargeCoveredCents: cents('charge_covered_cents').notNull().default(0),
    administratorFeeCents: cents('administrator_fee_cents').notNull(),
    administratorFeeCoveredCents: cents('administrator_fee_covered_cents').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    amountCoveredCents: cents('amount_covered_cents').notNull().default(0),
    lateFeeCents: cents('late_fee_cents').notNull().default(0),
    lateFeeCoveredCents: cents('late_fee_covered_cents').notNull().default(0),
    penaltyFeeCents: cents('penalty_fee_cents').notNull().default(0),
    penaltyCoveredCents: cents('penalty_covered_cents').notNull().default(0),
    status: smallint('status').notNull().default(0),
    /**
     * Set when a disbursement reversal voided the schedule (issue 31): the row stays for its history
     * (receipts, charges, status changes and reminders point at it) but is no longer part of the
     * loan; the reversal's `reversed_at` is this instant. Every reader of a loan's schedule takes
     * the live rows only (`liveInstalment`).
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live schedule per loan: a fresh schedule after a reversal reuses the positions.
    uniqueIndex('instalments_loan_position_key')
      .on(t.loanId, t.position)
      .where(sql`${t.voidedAt} is null`),
    index('instalments_due_idx').on(t.dueDate, t.loanId),
    // No index names the status (nor has it in a predicate): a status change, the daily run's most
    // common write, is then a heap-only-tuple update, with the table's fill factor of 90 (migration
    // 0028, decision 019) leaving room in the page for it.
    check('instalments_position_check', sql`${t.position} >= 1`),
    check('instalments_status_check', sql`${t.status} between 0 and 6`),
    check(
      'instalments_amounts_check',
      sql`${t.chargeCents} >= 0 and ${t.administratorFeeCents} >= 0 and ${t.amountCents} >= 0 and ${t.lateFeeCents} >= 0 and ${t.penaltyFeeCents} >= 0`,
    ),
    check(
      'instalments_covered_check',
      sql`${t.chargeCoveredCents} between 0 and ${t.chargeCents} and ${t.administratorFeeCoveredCents} between 0 and ${t.administratorFeeCents} and ${t.amountCoveredCents} between 0 and ${t.amountCents} and ${t.lateFeeCoveredCents} between 0 and ${t.lateFeeCents} and ${t.penaltyCoveredCents} between 0 and ${t.penaltyFeeCents}`,
    ),
  ],
);

/** The instalments of a loan's schedule: not voided by a disbursement reversal. */
export const liveInstalment = isNull(instalments.voidedAt);

/** The instalment a row is about: a plain reference, like the loan's. */
export function instalmentReference() {
  return bigint('instalment_id', { mode: 'number' })
    .notNull()
    .references(() => instalments.id);
}
