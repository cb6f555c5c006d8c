/** Disbursements reversed (issue 31 point 4): what was paid out, who undid it and why. */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { cents } from './columns.ts';
import { loanReference } from './loans.ts';
import { bankAccounts } from './profile.ts';
import { staffAccounts } from './staff.ts';

/**
 * One row per disbursement reversed while no money had reached the loan: the disbursement as it was
 * recorded (the loan's `disbursed_*` columns are cleared, so the loan reads as approved and not paid
 * out, 5 Reunido), the amount that had gone out, the account it went to, how many instalments were
 * voided (those whose `voided_at` is `reversed_at`), and the reversal's reason, person, time and
 * Tegucigalpa date. Append-only by use: the books journal it as money that came back.
 */
export const disbursementReversals = pgTable(
  'disbursement_reversals',
  {
    id: serial('id').primaryKey(),
    loanId: loanReference(),
    /** What the disbursement had paid out: the loan's amount, in centavos. */
    amountCents: cents('amount_cents').notNull(),
    disbursedByStaffId: integer('disbursed_by_staff_id').references(() => staffAccounts.id),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }).notNull(),
    disbursedOn: date('disbursed_on', { mode: 'string' }).notNull(),
    disbursementReference: text('disbursement_reference').notNull(),
    /** The account the money had been sent to (the loan's payout account). */
    payoutBankAccountId: integer('payout_bank_account_id').references(() => bankAccounts.id),
    /** Instalments voided with it. */
    instalments: smallint('instalments').notNull(),
    /** Why, as staff wrote it (1-500 characters). */
    reason: text('reason').notNull(),
    /** The Tegucigalpa date of the reversal. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    reversedByStaffId: integer('reversed_by_staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('disbursement_reversals_loan_idx').on(t.loanId, t.id),
    check('disbursement_reversals_reason_check', sql`length(${t.reason}) between 1 and 500`),
    check('disbursement_reversals_amount_check', sql`${t.amountCents} > 0 and ${t.instalments} >= 0`),
  ],
);
