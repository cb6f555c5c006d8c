/** Payments (issue 12): bank receipts, the wallet ledger, forwarding receipts to the payment partner. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PaymentSplit, ReceiptForwardStatus, ReceiptState } from '@prestamos-hn/domain';
import { cents, createdAt, updatedAt } from './columns.ts';
import { borrowerReference, sessions } from './accounts.ts';
import { instalmentReference, loanReference } from './loans.ts';
import { banks } from './reference-data.ts';
import { staffAccounts } from './staff.ts';

/**
 * A photo of a bank deposit a borrower sent as proof of payment (send_recipemail.php), against the
 * first unpaid instalment of one of their loans. One receipt per customer, loan and reference is a
 * unique index, so a double tap or a retry can never store two. While `pending` a resend with the
 * same reference replaces the photo (`photo_version` counts the photos); a cashier then validates it
 * with the amount actually received (which credits the wallet ledger) or rejects it with a reason the
 * borrower reads.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    borrowerId: borrowerReference(),
    loanId: loanReference(),
    /** The instalment it was sent against (`idpago`): the first one not paid at the time. */
    instalmentId: instalmentReference(),
    /** 'Número de Referencia' with every whitespace removed. */
    reference: text('reference').notNull(),
    /**
     * The reference as the bank knows it (the domain's `canonicalReference`: upper case, letters and
     * digits only, leading zeros dropped): unique per bank among validated receipts (issue 31).
     */
    canonicalReference: text('canonical_reference').notNull(),
    /** The bank the deposit was made at (the lender's account): BAC Credomatic (2) for 'Enviar comprobante BAC'. */
    bankCode: smallint('bank_code')
      .notNull()
      .default(2)
      .references(() => banks.code),
    /** 'Monto a Pagar' as the borrower typed it, in centavos. */
    declaredAmountCents: cents('declared_amount_cents').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the photo: the same photo sent twice is one send. */
    photoSha256: text('photo_sha256').notNull(),
    /** 1 for the first photo, +1 each time a resend replaces it. */
    photoVersion: integer('photo_version').notNull().default(1),
    state: text('state').$type<ReceiptState>().notNull().default('pending'),
    /** The amount the cashier found on the bank's side (validated only); may differ from the declared one. */
    receivedAmountCents: cents('received_amount_cents'),
    /**
     * The money's value date (validated only): the Tegucigalpa date the borrower sent it, or an
     * earlier bank date the cashier read off the photo (decision 014, point 1).
     */
    valueDate: date('value_date', { mode: 'string' }),
    /** Why it was rejected, as the borrower reads it. */
    rejectionReason: text('rejection_reason'),
    /**
     * The cashier who decided it (validated, rejected, or sent for a second approval) and when. A
     * validation that waits as 'Por aprobar' keeps the amount and value date the cashier entered.
     */
    decidedByStaffId: integer('decided_by_staff_id').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The photo's SHA-256 the deciding cashier saw (a changed photo refuses the decision, issue 31). */
    decidedPhotoSha256: text('decided_photo_sha256'),
    /** Why the validation needs a second person: codes of `RECEIPT_APPROVAL_REASONS` (awaiting_approval and after). */
    approvalReasons: jsonb('approval_reasons').$type<string[]>(),
    /** The second person who confirmed a validation that waited as 'Por aprobar' (never the decider). */
    approvedByStaffId: integer('approved_by_staff_id').references(() => staffAccounts.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * The last time a second person sent a validation that waited as 'Por aprobar' back to the
     * cashier ('Devolver', back to pending): who, when, and the reason the cashier reads.
     */
    returnedByStaffId: integer('returned_by_staff_id').references(() => staffAccounts.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason'),
    /** A reversal (state reversed): who, when, why. */
    reversedByStaffId: integer('reversed_by_staff_id').references(() => staffAccounts.id),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
    /** The session, IP and time of the first send; `photo_updated_at` the last photo's. */
    sessionId: bigint('session_id', { mode: 'number' }).references(() => sessions.id),
    ip: text('ip').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    photoUpdatedAt: timestamp('photo_updated_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // customerId_loanId_reference (getPagosReference.php's key) is unique.
    uniqueIndex('receipts_borrower_loan_reference_key').on(t.borrowerId, t.loanId, t.reference),
    uniqueIndex('receipts_storage_key_key').on(t.storageKey),
    index('receipts_state_idx').on(t.state, t.sentAt, t.id),
    index('receipts_reference_idx').on(t.reference),
    index('receipts_loan_idx').on(t.loanId, t.id),
    index('receipts_borrower_idx').on(t.borrowerId, t.id),
    index('receipts_canonical_reference_idx').on(t.bankCode, t.canonicalReference),
    index('receipts_photo_sha256_idx').on(t.photoSha256),
    // One deposit is validated once: the same canonical reference at the same bank, whoever sent it.
    uniqueIndex('receipts_validated_reference_key')
      .on(t.bankCode, t.canonicalReference)
      .where(sql`${t.state} = 'validated'`),
    check(
      'receipts_state_check',
      sql`${t.state} in ('pending', 'awaiting_approval', 'validated', 'rejected', 'reversed')`,
    ),
    check('receipts_reference_check', sql`${t.reference} <> '' and ${t.reference} !~ '\\s'`),
    check('receipts_declared_check', sql`${t.declaredAmountCents} > 0`),
    check('receipts_sha256_check', sql`${t.photoSha256} ~ '^[0-9a-f]{64}$'`),
    check(
      'receipts_decision_check',
      sql`(${t.state} = 'pending') = (${t.decidedAt} is null)
        and (${t.decidedAt} is null) = (${t.decidedByStaffId} is null)
        and (${t.state} in ('awaiting_approval', 'validated', 'reversed')) = (${t.receivedAmountCents} is not null)
        and (${t.state} = 'rejected') = (${t.rejectionReason} is not null)
        and coalesce(${t.receivedAmountCents}, 1) > 0`,
    ),
    check(
      'receipts_value_date_check',
      sql`(${t.state} in ('awaiting_approval', 'validated', 'reversed')) = (${t.valueDate} is not null)`,
    ),
    check(
      'receipts_approval_check',
      sql`(${t.approvedByStaffId} is null) = (${t.approvedAt} is null)
        and (${t.approvedByStaffId} is null or ${t.state} in ('validated', 'reversed'))
        and (${t.approvedByStaffId} is null or ${t.approvedByStaffId} <> ${t.decidedByStaffId})
        and (${t.state} <> 'awaiting_approval' or ${t.approvalReasons} is not null)`,
    ),
    check(
      'receipts_return_check',
      sql`(${t.returnedAt} is null) = (${t.returnedByStaffId} is null)
        and (${t.returnedAt} is null) = (${t.returnReason} is null)`,
    ),
    check(
      'receipts_reversal_check',
      sql`(${t.state} = 'reversed') = (${t.reversedAt} is not null)
        and (${t.reversedAt} is null) = (${t.reversedByStaffId} is null)
        and (${t.reversedAt} is null) = (${t.reversalReason} is null)`,
    ),
  ],
);

/**
 * A wallet ledger entry's kind: money in (credit, from a validated receipt), money applied to
 * instalments (debit), a correction (reversal); money given back to the wallet from instalment parts
 * that stopped being owed (release: a waived fee already paid, interest paid ahead at a payoff),
 * money paid back to the borrower (refund), a credit balance moved to the borrower's next loan
 * (transfer: out of one loan, into the other). Decision 014.
 */
export const WALLET_ENTRY_KINDS = ['credit', 'debit', 'reversal', 'release', 'refund', 'transfer'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/** How a debit was split over the instalments it covered. */
export interface WalletDebitAllocation {
  instalments: { instalmentId: number; position: number; covered: PaymentSplit; fullyCovered: boolean }[];
  split: PaymentSplit;
}

/**
 * The wallet ledger, per borrower and loan, in integer centavos and append-only (a trigger refuses
 * UPDATE and DELETE): a validated receipt is a credit (> 0, at most one per receipt), applying money
 * to instalments a debit (< 0, with its split), a correction a reversal of one earlier entry (at most
 * one per entry). 'Deposito por aplicar' is the sum of a loan's entries: no balance is stored.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: borrowerReference(),
    loanId: loanReference(),
    kind: text('kind').$type<WalletEntryKind>().notNull(),
    /** Signed centavos: credits add, debits subtract. */
    amountCents: cents('amount_cents').notNull(),
    receiptId: integer('receipt_id').references(() => receipts.id),
    reversesEntryId: bigint('reverses_entry_id', { mode: 'number' }),
    allocation: jsonb('allocation').$type<WalletDebitAllocation>(),
    /** The Tegucigalpa business date the entry counts on. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** When the money counts as arrived (credits and transfers in): a receipt's value date. */
    valueDate: date('value_date', { mode: 'string' }),
    /** A refund's bank reference (refunds only). */
    reference: text('reference'),
    /** A transfer's other loan (of the same borrower). */
    relatedLoanId: integer('related_loan_id'),
    /** The staff member behind a credit or a reversal; null for the system's applications. */
    staffId: integer('staff_id').references(() => staffAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'wallet_entries_reverses_entry_fk',
      columns: [t.reversesEntryId],
      foreignColumns: [t.id],
    }),
    uniqueIndex('wallet_entries_one_credit_per_receipt_key')
      .on(t.receiptId)
      .where(sql`${t.kind} = 'credit'`),
    uniqueIndex('wallet_entries_one_reversal_per_entry_key').on(t.reversesEntryId),
    index('wallet_entries_loan_idx').on(t.loanId, t.id),
    index('wallet_entries_borrower_idx').on(t.borrowerId, t.id),
    index('wallet_entries_related_loan_idx')
      .on(t.relatedLoanId)
      .where(sql`${t.relatedLoanId} is not null`),
    check(
      'wallet_entries_kind_check',
      sql`${t.kind} in ('credit', 'debit', 'reversal', 'release', 'refund', 'transfer')`,
    ),
    check(
      'wallet_entries_amount_check',
      sql`(${t.kind} = 'credit' and ${t.amountCents} > 0 and ${t.receiptId} is not null and ${t.valueDate} is not null)
        or (${t.kind} = 'debit' and ${t.amountCents} < 0 and ${t.allocation} is not null)
        or (${t.kind} = 'reversal' and ${t.amountCents} <> 0 and ${t.reversesEntryId} is not null)
        or (${t.kind} = 'release' and ${t.amountCents} > 0 and ${t.allocation} is not null)
        or (${t.kind} = 'refund' and ${t.amountCents} < 0 and ${t.reference} is not null and ${t.staffId} is not null)
        or (${t.kind} = 'transfer' and ${t.amountCents} <> 0 and ${t.relatedLoanId} is not null and ${t.valueDate} is not null)`,
    ),
  ],
);

/**
 * The job of forwarding one receipt to the payment partner (`postBacPago.php`), queued in the
 * transaction that stores the receipt, so it is never lost. A sender claims a due row for a while
 * (`next_attempt_at` moves past the call, `attempts` is the claim's fence), calls the partner outside
 * any transaction with the row's idempotency key, and records the outcome only if its claim still
 * holds: never twice from us, and a retry after a crash carries the same key for the partner to drop.
 */
export const receiptForwards = pgTable(
  'receipt_forwards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id),
    /** `identificadorPago` and the `Idempotency-Key` header: the same for every attempt. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<ReceiptForwardStatus>().notNull().default('pending'),
    /** Claims made (each attempt's fence). */
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts in a row; at the limit the row is `failed`. */
    failures: integer('failures').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The receipt's photo version the partner last accepted. */
    sentPhotoVersion: integer('sent_photo_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('receipt_forwards_receipt_key').on(t.receiptId),
    uniqueIndex('receipt_forwards_idempotency_key').on(t.idempotencyKey),
    index('receipt_forwards_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('receipt_forwards_status_check', sql`${t.status} in ('pending', 'sent', 'refused', 'failed')`),
  ],
);

/**
 * Where borrowers deposit their instalments (issue 35, point 1): the lender's own bank accounts, kept
 * by admins in the back-office ('Cuentas de cobro'). The active ones, in `sort_order`, are shown on
 * /plan under 'Plan de pagos', named in the disbursement SMS and in the contract; the reference a
 * borrower writes is the loan's number. Never deleted: an account no longer used is deactivated, so
 * the audit trail and old receipts keep their bank.
 */
export const collectionAccounts = pgTable(
  'collection_accounts',
  {
    id: serial('id').primaryKey(),
    bankCode: smallint('bank_code')
      .notNull()
      .references(() => banks.code),
    accountNumber: text('account_number').notNull(),
    /** The account holder as the bank shows it (the lender's legal name). */
    holderName: text('holder_name').notNull(),
    active: boolean('active').notNull().default(true),
    /** The order borrowers see them in (smaller first; ties by id). */
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per account: the same number at the same bank is edited, not added twice.
    uniqueIndex('collection_accounts_number_key').on(t.bankCode, t.accountNumber),
    check('collection_accounts_number_check', sql`${t.accountNumber} ~ '^[0-9-]{4,30}$'`),
    check('collection_accounts_holder_check', sql`length(${t.holderName}) between 1 and 120`),
  ],
);
