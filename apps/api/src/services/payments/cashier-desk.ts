import {
  emptySplit,
  instalmentRemainingCents,
  isIsoDate,
  isLoanPayable,
  isPaymentApplicationOpen,
  loanStatusLabel,
  RECEIPT_FORWARD_STATUS_LABELS,
  RECEIPT_STATE_LABELS,
  RECEIPT_STATES,
  todayInTegucigalpa,
  type PaymentSplit,
  type ReceiptState,
} from '@prestamos-hn/domain';
import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  borrowers,
  instalments,
  loans,
  receiptForwards,
  receipts,
  staffAccounts,
  walletEntries,
  type WalletDebitAllocation,
} from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { getLoanSchedule } from '../shared/schedule.ts';
import { notifyBorrower } from '../notifications.ts';
import { conflict, notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { postJournal } from '../accounting/post-journal.ts';
import { applyWallet, type WalletApplication } from './apply-wallet.ts';
import { toStaffInstalment } from '../shared/staff-instalment.ts';
import { borrowerFullName } from './names.ts';
import { paymentNotices, receiptStaffMessages } from './messages.ts';
import { readStaffAmountCents } from './payoff.ts';
import {
  approvalReasonItems,
  approvalReasonsFor,
  duplicatesOf,
  guardValidatedReference,
  refuseChangedPhoto,
  refuseValidatedTwin,
  type ReceiptDuplicate,
} from './receipt-controls.ts';
import { readStaffReason } from '../shared/validation.ts';

export interface ReceiptListQuery {
  /** Only receipts in this state; all when absent. */
  state?: ReceiptState;
  page: number;
  pageSize: number;
}

type ReceiptRow = typeof receipts.$inferSelect;

/** The same reference on a receipt for another loan (of anyone): worth a second look before validating. */
const seenOnOtherLoan = sql<boolean>`exists (select 1 from ${receipts} as other where other.reference = ${receipts.reference} and other.loan_id <> ${receipts.loanId})`;

const approver = alias(staffAccounts, 'approver');
const returner = alias(staffAccounts, 'returner');
const reverser = alias(staffAccounts, 'reverser');

const receiptColumns = {
  receipt: receipts,
  borrower: {
    id: borrowers.id,
    firstName: borrowers.firstName,
    secondName: borrowers.secondName,
    firstSurname: borrowers.firstSurname,
    secondSurname: borrowers.secondSurname,
    personCode: borrowers.personCode,
    mobPhone: borrowers.mobPhone,
  },
  loanStatus: loans.status,
  instalmentPosition: instalments.position,
  instalmentDueDate: instalments.dueDate,
  forward: {
    status: receiptForwards.status,
    attempts: receiptForwards.attempts,
    lastError: receiptForwards.lastError,
    sentAt: receiptForwards.sentAt,
  },
  decidedBy: staffAccounts.name,
  approvedBy: approver.name,
  returnedBy: returner.name,
  reversedBy: reverser.name,
  referenceSeenOnOtherLoan: seenOnOtherLoan,
};

function selectReceipts(deps: Pick<Deps, 'db'>, where: SQL | undefined) {
  return deps.db
    .select(receiptColumns)
    .from(receipts)
    .innerJoin(borrowers, eq(borrowers.id, receipts.borrowerId))
    .innerJoin(loans, eq(loans.id, receipts.loanId))
    .innerJoin(instalments, eq(instalments.id, receipts.instalmentId))
    .leftJoin(receiptForwards, eq(receiptForwards.receiptId, receipts.id))
    .leftJoin(staffAccounts, eq(staffAccounts.id, receipts.decidedByStaffId))
    .leftJoin(approver, eq(approver.id, receipts.approvedByStaffId))
    .leftJoin(returner, eq(returner.id, receipts.returnedByStaffId))
    .leftJoin(reverser, eq(reverser.id, receipts.reversedByStaffId))
    .where(where);
}

type ListedRow = Awaited<ReturnType<typeof selectReceipts>>[number];

function toReceiptItem(
  deps: Pick<Deps, 'config'>,
  row: ListedRow,
  duplicates: Map<number, ReceiptDuplicate[]>,
) {
  const r = row.receipt;
  return {
    id: r.id,
    state: r.state,
    stateLabel: RECEIPT_STATE_LABELS[r.state],
    reference: r.reference,
    canonicalReference: r.canonicalReference,
    declaredAmountCents: r.declaredAmountCents,
    receivedAmountCents: r.receivedAmountCents,
    valueDate: r.valueDate,
    loanId: r.loanId,
    loanStatus: row.loanStatus,
    loanStatusLabel: loanStatusLabel(row.loanStatus),
    instalmentId: r.instalmentId,
    instalmentPosition: row.instalmentPosition,
    instalmentDueDate: row.instalmentDueDate,
    borrowerId: row.borrower.id,
    borrowerName: borrowerFullName(row.borrower),
    personCode: row.borrower.personCode,
    mobPhone: row.borrower.mobPhone,
    sentAt: r.sentAt.toISOString(),
    photoUpdatedAt: r.photoUpdatedAt.toISOString(),
    photoVersion: r.photoVersion,
    photoSha256: r.photoSha256,
    contentType: r.contentType,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    decidedByStaffId: r.decidedByStaffId,
    rejectionReason: r.rejectionReason,
    approvalReasons: approvalReasonItems(deps, r.approvalReasons),
    approvedAt: r.approvedAt?.toISOString() ?? null,
    approvedBy: row.approvedBy,
    reversedAt: r.reversedAt?.toISOString() ?? null,
    reversedBy: row.reversedBy,
    reversalReason: r.reversalReason,
    returned:
      r.returnedAt && r.returnReason !== null
        ? { reason: r.returnReason, by: row.returnedBy ?? '', at: r.returnedAt.toISOString() }
        : null,
    /** The same reference was sent for another loan too. */
    referenceSeenOnOtherLoan: Boolean(row.referenceSeenOnOtherLoan),
    duplicates: duplicates.get(r.id) ?? [],
    forward: row.forward
      ? {
          status: row.forward.status,
          statusLabel: RECEIPT_FORWARD_STATUS_LABELS[row.forward.status],
          attempts: row.forward.attempts,
          lastError: row.forward.lastError,
          sentAt: row.forward.sentAt?.toISOString() ?? null,
        }
      : null,
  };
}
/** Rows as the desk shows them, each with its possible duplicates. */
async function toReceiptItems(deps: Pick<Deps, 'db' | 'config'>, rows: ListedRow[]) {
  const duplicates = await duplicatesOf(
    deps.db,
    rows.map((row) => row.receipt.id),
  );
  return rows.map((row) => toReceiptItem(deps, row, duplicates));
}

/**
 * The cashier's queue: one page of receipts, oldest sent first, each with the declared amount, the
 * reference, the loan and instalment, the borrower, its possible duplicates (the same canonical
 * reference at the bank or the same photo), why it waits for a second approval, and how its
 * forwarding to the payment partner stands; the total and the count per state.
 */
export async function listReceipts(deps: Pick<Deps, 'db' | 'config'>, query: ReceiptListQuery) {
  const where = query.state === undefined ? undefined : eq(receipts.state, query.state);
  const rows = await selectReceipts(deps, where)
    .orderBy(asc(receipts.sentAt), asc(receipts.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const countRows = await deps.db
    .select({ state: receipts.state, n: count() })
    .from(receipts)
    .groupBy(receipts.state);
  const counts = Object.fromEntries(RECEIPT_STATES.map((s) => [s, 0])) as Record<ReceiptState, number>;
  for (const row of countRows) counts[row.state] = Number(row.n);
  const total =
    query.state === undefined ? RECEIPT_STATES.reduce((sum, s) => sum + counts[s], 0) : counts[query.state];
  return {
    items: await toReceiptItems(deps, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
    counts,
  };
}

export async function loadReceiptRow(deps: Pick<Deps, 'db'>, id: number): Promise<ReceiptRow> {
  const [row] = Number.isSafeInteger(id)
    ? await deps.db.select().from(receipts).where(eq(receipts.id, id)).limit(1)
    : [];
  if (!row) throw notFound(receiptStaffMessages.receiptNotFound);
  return row;
}

/**
 * One receipt for the cashier: everything the queue shows, the loan's schedule with what each
 * instalment still owes, and the other receipts with the same reference (any loan, any borrower).
 * The photo is a separate call (`readReceiptImage`), audited.
 */
export async function getReceipt(deps: Pick<Deps, 'db' | 'config'>, id: number) {
  const receipt = await loadReceiptRow(deps, id);
  const [row] = await selectReceipts(deps, eq(receipts.id, receipt.id));
  const schedule = await getLoanSchedule(deps.db, receipt.loanId);
  const sameReference = await deps.db
    .select({
      id: receipts.id,
      borrowerId: receipts.borrowerId,
      loanId: receipts.loanId,
      state: receipts.state,
      declaredAmountCents: receipts.declaredAmountCents,
      sentAt: receipts.sentAt,
    })
    .from(receipts)
    .where(and(eq(receipts.reference, receipt.reference), ne(receipts.id, receipt.id)))
    .orderBy(asc(receipts.sentAt), asc(receipts.id));
  const [item] = await toReceiptItems(deps, [row!]);
  return {
    ...item!,
    schedule: schedule.map(toStaffInstalment),
    debtCents: schedule.reduce((sum, i) => sum + instalmentRemainingCents(i), 0),
    sameReference: sameReference.map((r) => ({
      ...r,
      stateLabel: RECEIPT_STATE_LABELS[r.state],
      sentAt: r.sentAt.toISOString(),
    })),
  };
}

/** The photo of a receipt for staff, with an audit row 'receipt.view' (who, when, which photo). */
export async function readReceiptImage(
  deps: Deps,
  staff: StaffMember,
  id: number,
): Promise<{ data: Buffer; contentType: string }> {
  const receipt = await loadReceiptRow(deps, id);
  const file = await deps.integrations.fileStorage.get(receipt.storageKey);
  if (!file) throw notFound(receiptStaffMessages.photoMissing);
  await writeAudit(deps, deps.db, {
    actor: { type: 'staff', id: staff.id },
    action: 'receipt.view',
    entity: 'receipt',
    entityId: receipt.id,
    after: { borrowerId: receipt.borrowerId, loanId: receipt.loanId, photoVersion: receipt.photoVersion },
  });
  return { data: file.data, contentType: receipt.contentType };
}

/**
 * A cashier's decision: validate with the amount actually received (lempiras as text), or reject
 * with a reason; either names the SHA-256 of the photo the cashier saw (`photoSha256`, the receipt
 * answer's), and is refused (409) when the borrower replaced the photo meanwhile.
 */
export type ReceiptDecision =
  | { decision: 'validate'; amount: string; valueDate?: string | undefined; photoSha256: string }
  | { decision: 'reject'; reason: string; photoSha256: string };

/**
 * The money's value date (decision 014, point 1): the Tegucigalpa day the borrower sent the receipt,
 * or an earlier bank date the cashier read off the photo; never after the day sent or today, never
 * before the loan's disbursement.
 */
function readValueDate(
  typed: string | undefined,
  receipt: ReceiptRow,
  disbursedOn: string | null,
  today: string,
): string {
  const sentOn = todayInTegucigalpa(receipt.sentAt);
  if (typed === undefined || typed.trim() === '') return sentOn;
  const date = typed.trim();
  if (!isIsoDate(date)) throw new UserError(receiptStaffMessages.valueDateInvalid, { field: 'valueDate' });
  if (date > today) throw new UserError(receiptStaffMessages.valueDateFuture, { field: 'valueDate' });
  if (date > sentOn) throw new UserError(receiptStaffMessages.valueDateAfterSent, { field: 'valueDate' });
  if (disbursedOn !== null && date < disbursedOn) {
    throw new UserError(receiptStaffMessages.valueDateBeforeDisbursement(disbursedOn), {
      field: 'valueDate',
    });
  }
  return date;
}

/** The amount the cashier typed, in centavos: digits with up to two decimals, above zero. */
const readReceivedAmount = (amount: string): number =>
  readStaffAmountCents(amount, {
    required: receiptStaffMessages.amountRequired,
    tooLarge: receiptStaffMessages.amountTooLarge,
  });

const readRejectionReason = (reason: string): string =>
  readStaffReason(reason, {
    required: receiptStaffMessages.reasonRequired,
    tooLong: receiptStaffMessages.reasonTooLong,
  });

/** What an audit row keeps of a receipt's decision. */
export const decisionSnapshot = (r: ReceiptRow) => ({
  state: r.state,
  declaredAmountCents: r.declaredAmountCents,
  receivedAmountCents: r.receivedAmountCents,
  valueDate: r.valueDate,
  rejectionReason: r.rejectionReason,
  decidedByStaffId: r.decidedByStaffId,
  decidedPhotoSha256: r.decidedPhotoSha256,
  approvalReasons: r.approvalReasons,
  approvedByStaffId: r.approvedByStaffId,
});

/** A validation's credit in the wallet ledger. */
export interface ReceiptCredit {
  creditEntryId: number;
  /** Validated after 19:59 (or before 8:00): the money waits in the wallet for the next day's run. */
  appliesLater: boolean;
}

/**
 * The first half of crediting a receipt that just became validated (its row already says so, with
 * the amount received and the value date), inside the caller's transaction with the loan locked:
 * one `credit` ledger entry by `staffId` (the person whose act moved the money: the cashier of a
 * direct validation, the second person of a confirmed one). The caller writes its audit row, then
 * `applyValidatedReceipt`. A direct validation and a confirmed second approval both come here.
 */
export async function creditValidatedReceipt(
  tx: Tx,
  staffId: number,
  receipt: ReceiptRow,
  now: Date,
): Promise<ReceiptCredit> {
  const [credit] = await tx
    .insert(walletEntries)
    .values({
      borrowerId: receipt.borrowerId,
      loanId: receipt.loanId,
      kind: 'credit',
      amountCents: receipt.receivedAmountCents!,
      receiptId: receipt.id,
      businessDate: todayInTegucigalpa(now),
      valueDate: receipt.valueDate,
      staffId,
      createdAt: now,
    })
    .returning({ id: walletEntries.id });
  return { creditEntryId: credit!.id, appliesLater: !isPaymentApplicationOpen(now) };
}

/**
 * The second half: the borrower's notice and, from 8:00 to 19:59 Tegucigalpa time, the wallet's
 * application (`applyWallet`: value-date waivers, a payoff's closing...); later the next day's run
 * applies it (null here).
 */
export async function applyValidatedReceipt(
  deps: Deps,
  tx: Tx,
  receipt: ReceiptRow,
  credit: ReceiptCredit,
  now: Date,
): Promise<WalletApplication | null> {
  await notifyBorrower(deps, tx, {
    borrowerId: receipt.borrowerId,
    ...paymentNotices.validated(
      receipt.reference,
      receipt.receivedAmountCents!,
      receipt.declaredAmountCents,
      credit.appliesLater,
    ),
    // Applied at once, the application's own notice goes by SMS with the split; otherwise this one does.
    channel: credit.appliesLater ? 'sms' : 'none',
  });
  const application = credit.appliesLater
    ? null
    : await applyWallet(deps, tx, receipt.loanId, now, receipt.id);
  // The books, in the same transaction: the credit (and the application, if any) as journal entries.
  await postJournal(deps, tx, receipt.loanId);
  return application;
}

/** The loan a decision is about, locked as `applyWallet` locks it. */
export async function lockReceiptLoan(tx: Tx, loanId: number) {
  // The loan first, as applyWallet locks it: decisions on two receipts of one loan queue here
  // instead of each holding a key-share lock (the credit's foreign key) the other waits on.
  const [loan] = await tx
    .select({ id: loans.id, status: loans.status, disbursedOn: loans.disbursedOn })
    .from(loans)
    .where(eq(loans.id, loanId))
    .for('no key update');
  return loan!;
}

/**
 * A cashier decides on a pending receipt, in one transaction with its audit row and the borrower's
 * notification. The UPDATE is conditional on `state = 'pending'` and on the photo the cashier saw
 * (`photoSha256`) being the current one, so of two simultaneous decisions exactly one changes the
 * receipt; the other gets 409 'Otro cajero ya decidió sobre este comprobante.' and writes nothing
 * (and the ledger takes one credit per receipt at most); a photo the borrower replaced meanwhile
 * gets 409 'La foto del comprobante cambió…'.
 *
 * Validating records the amount actually received (it may differ from the declared one) and its
 * value date (`readValueDate`); it is refused (409) for a loan no longer being paid, and for
 * everyone when the same deposit (canonical reference at the same bank) is already validated (the
 * unique index settles a race the same way). When the validation needs a second person (the
 * domain's `receiptApprovalReasons`: the amount differs from the declared one, exceeds what pays
 * the loan off as of the value date, is above `RECEIPT_SECOND_APPROVAL_CENTS`, or the receipt is a
 * possible duplicate and the cashier lacks `receipts.approve`), the receipt waits as
 * 'awaiting_approval' ('Por aprobar') with the reasons, the proposed amount and value date, and
 * no money moves ('receipt.submit_for_approval'; `decideReceiptApproval` confirms or returns it).
 * Otherwise the loan's wallet is credited (`creditValidatedReceipt`) and, from 8:00 to 19:59
 * Tegucigalpa time, applied at once. Rejecting records the reason the borrower reads (in-app and SMS).
 */
export async function decideReceipt(deps: Deps, staff: StaffMember, id: number, input: ReceiptDecision) {
  const received = input.decision === 'validate' ? readReceivedAmount(input.amount) : null;
  const reason = input.decision === 'reject' ? readRejectionReason(input.reason) : null;
  const before = await loadReceiptRow(deps, id);
  if (before.state !== 'pending') throw conflict(receiptStaffMessages.otherCashierDecided);
  refuseChangedPhoto(before, input.photoSha256);

  const decide = () =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const loan = await lockReceiptLoan(tx, before.loanId);
      // Money is taken only for a loan being paid (decision 014): a receipt for a loan already paid,
      // rejected or expired is rejected with a reason, never credited to a closed wallet.
      if (received !== null && !isLoanPayable(loan.status)) {
        throw conflict(receiptStaffMessages.loanNotPayable(loanStatusLabel(loan.status)));
      }
      const valueDate =
        input.decision === 'validate'
          ? readValueDate(input.valueDate, before, loan.disbursedOn, todayInTegucigalpa(now))
          : null;
      let approvalReasons: string[] = [];
      if (received !== null) {
        await refuseValidatedTwin(tx, before);
        approvalReasons = await approvalReasonsFor(deps, tx, staff, before, received, valueDate!);
      }
      const waits = approvalReasons.length > 0;
      const state = input.decision === 'reject' ? 'rejected' : waits ? 'awaiting_approval' : 'validated';
      const [after] = await tx
        .update(receipts)
        .set({
          state,
          receivedAmountCents: received,
          valueDate,
          rejectionReason: reason,
          decidedByStaffId: staff.id,
          decidedAt: now,
          decidedPhotoSha256: before.photoSha256,
          approvalReasons: waits ? approvalReasons : null,
          updatedAt: now,
        })
        .where(
          and(
            eq(receipts.id, before.id),
            eq(receipts.state, 'pending'),
            eq(receipts.photoSha256, before.photoSha256),
          ),
        )
        .returning();
      if (!after) {
        const [current] = await tx.select().from(receipts).where(eq(receipts.id, before.id));
        if (current?.state === 'pending') refuseChangedPhoto(current, before.photoSha256);
        throw conflict(receiptStaffMessages.otherCashierDecided);
      }

      const credit = state === 'validated' ? await creditValidatedReceipt(tx, staff.id, after, now) : null;
      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: staff.id },
        action:
          state === 'rejected'
            ? 'receipt.reject'
            : state === 'awaiting_approval'
              ? 'receipt.submit_for_approval'
              : 'receipt.validate',
        entity: 'receipt',
        entityId: after.id,
        before: decisionSnapshot(before),
        after: {
          ...decisionSnapshot(after),
          creditEntryId: credit?.creditEntryId ?? null,
          appliesLater: credit?.appliesLater ?? false,
        },
      });
      const application = credit ? await applyValidatedReceipt(deps, tx, after, credit, now) : null;
      if (state === 'rejected') {
        await notifyBorrower(deps, tx, {
          borrowerId: after.borrowerId,
          ...paymentNotices.rejected(after.reference, after.declaredAmountCents, reason!),
          channel: 'sms',
        });
      }
      return {
        id: after.id,
        state: after.state,
        stateLabel: RECEIPT_STATE_LABELS[after.state],
        receivedAmountCents: after.receivedAmountCents,
        valueDate: after.valueDate,
        rejectionReason: after.rejectionReason,
        approvalReasons: approvalReasonItems(deps, after.approvalReasons),
        decidedAt: now.toISOString(),
        /** Validated after 19:59: the money waits in the wallet for the next day's run. */
        appliesLater: credit?.appliesLater ?? false,
        application,
      };
    });
  return received === null ? decide() : guardValidatedReference(deps, before, decide);
}

/** A split as the ledger answers it: every part named (a debit written before decision 014 has no `penalty`). */
const everyPart = (split: Partial<PaymentSplit>): PaymentSplit =>
  Object.keys(emptySplit()).every((part) => part in split)
    ? (split as PaymentSplit)
    : { ...emptySplit(), ...split };
const withEveryPart = (allocation: WalletDebitAllocation): WalletDebitAllocation => ({
  split: everyPart(allocation.split),
  instalments: allocation.instalments.map((i) => ({ ...i, covered: everyPart(i.covered) })),
});

/**
 * The money side of a borrower's file: the wallet balance; every ledger entry oldest first with the
 * loan's balance after it; every receipt; and each loan's schedule with the covered amounts.
 */
export async function getBorrowerLedger(deps: Pick<Deps, 'db' | 'config'>, borrowerId: number) {
  const [borrower] = Number.isSafeInteger(borrowerId)
    ? await deps.db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.id, borrowerId)).limit(1)
    : [];
  if (!borrower) throw notFound(receiptStaffMessages.borrowerNotFound);

  const entries = await deps.db
    .select({ entry: walletEntries, staffName: staffAccounts.name })
    .from(walletEntries)
    .leftJoin(staffAccounts, eq(staffAccounts.id, walletEntries.staffId))
    .where(eq(walletEntries.borrowerId, borrowerId))
    .orderBy(asc(walletEntries.id));
  const balanceOfLoan = new Map<number, number>();
  const ledger = entries.map(({ entry: e, staffName }) => {
    const balance = (balanceOfLoan.get(e.loanId) ?? 0) + e.amountCents;
    balanceOfLoan.set(e.loanId, balance);
    return {
      id: e.id,
      loanId: e.loanId,
      kind: e.kind,
      amountCents: e.amountCents,
      receiptId: e.receiptId,
      reversesEntryId: e.reversesEntryId,
      allocation: e.allocation && withEveryPart(e.allocation),
      businessDate: e.businessDate,
      valueDate: e.valueDate,
      reference: e.reference,
      relatedLoanId: e.relatedLoanId,
      staffName,
      createdAt: e.createdAt.toISOString(),
      /** The loan's wallet balance after this entry. */
      loanBalanceCents: balance,
    };
  });

  const receiptRows = await selectReceipts(deps, eq(receipts.borrowerId, borrowerId)).orderBy(
    asc(receipts.sentAt),
    asc(receipts.id),
  );
  const loanRows = await deps.db
    .select()
    .from(loans)
    .where(eq(loans.borrowerId, borrowerId))
    .orderBy(asc(loans.id));
  const loanViews = [];
  for (const loan of loanRows) {
    const schedule = await getLoanSchedule(deps.db, loan.id);
    loanViews.push({
      id: loan.id,
      status: loan.status,
      statusLabel: loanStatusLabel(loan.status),
      amountCents: loan.amountCents,
      disbursedOn: loan.disbursedOn,
      walletBalanceCents: balanceOfLoan.get(loan.id) ?? 0,
      debtCents: schedule.reduce((sum, i) => sum + instalmentRemainingCents(i), 0),
      instalments: schedule.map(toStaffInstalment),
    });
  }
  return {
    borrowerId,
    walletBalanceCents: [...balanceOfLoan.values()].reduce((sum, b) => sum + b, 0),
    entries: ledger,
    receipts: await toReceiptItems(deps, receiptRows),
    loans: loanViews,
  };
}
