import {
  allocatePayment,
  isIsoDate,
  isLateInstalmentStatus,
  isLoanPayable,
  LOAN_PAID_STATUS,
  LOAN_STATUS,
  PAYABLE_LOAN_STATUSES,
  paymentHoursStart,
  scheduleStatuses,
  todayInTegucigalpa,
  type PaymentSplit,
} from '@prestamos-hn/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { instalments, loans, walletEntries, type WalletDebitAllocation } from '../../db/schema/index.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { notifyBorrower } from '../notifications.ts';
import { loanWalletBalanceCents } from './ledger.ts';
import { paymentNotices } from './messages.ts';

/** What one application of a loan's wallet did. */
export interface WalletApplication {
  loanId: number;
  borrowerId: number;
  /** The debit entry written. */
  entryId: number;
  /** Centavos taken from the wallet and applied. */
  appliedCents: number;
  split: PaymentSplit;
  instalments: WalletDebitAllocation['instalments'];
  /** What the schedule still owes after it. */
  remainingDebtCents: number;
  /** The wallet's balance after it (money above the debt stays there). */
  walletBalanceCents: number;
  /** Every instalment is covered: the loan is now 4 Pagado. */
  loanPaid: boolean;
  businessDate: string;
}

/**
 * Applies a loan's wallet (its validated, unapplied money) to its instalments, inside the caller's
 * transaction: oldest instalment first and, within one, late fee → interest (`charge`) →
 * administrative fee → principal (`amount`), as the domain's `allocatePayment` splits it. Writes the
 * covered amounts, marks an instalment fully covered 1 Pagado (the last one 6 Ultimo Pago), makes the
 * loan 4 Pagado once every instalment is covered (so it no longer blocks a new request), writes one
 * debit entry with the split, an audit row (actor 'system') and the borrower's notification with SMS.
 *
 * The loan row is locked first (`FOR NO KEY UPDATE`: it conflicts with another application, not with
 * the key-share locks of rows that merely reference the loan), so two applications of one loan run
 * one after the other and the second sees the first's debit. Nothing happens (null) for a loan that is not being
 * paid (3, 8, 9-11), with an empty wallet, or with nothing due. `businessDateTime` is the moment the
 * application counts on: the validation's time, or the daily run's 8:00.
 */
export async function applyWallet(
  deps: Deps,
  tx: Tx,
  loanId: number,
  businessDateTime: Date,
): Promise<WalletApplication | null> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).limit(1).for('no key update');
  if (!loan || !isLoanPayable(loan.status)) return null;
  const balance = await loanWalletBalanceCents(tx, loanId);
  if (balance <= 0) return null;
  const schedule = await tx
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loanId))
    .orderBy(asc(instalments.position))
    .for('no key update');
  const allocation = allocatePayment(schedule, balance);
  if (allocation.appliedCents === 0) return null;

  const now = deps.clock.now();
  const businessDate = todayInTegucigalpa(businessDateTime);
  const after = schedule.map((row) => ({ ...row }));
  const covered: WalletDebitAllocation['instalments'] = [];
  for (const a of allocation.instalments) {
    const row = after[a.index]!;
    row.lateFeeCoveredCents += a.covered.lateFee;
    row.chargeCoveredCents += a.covered.charge;
    row.administratorFeeCoveredCents += a.covered.administratorFee;
    row.amountCoveredCents += a.covered.amount;
    covered.push({
      instalmentId: row.id,
      position: row.position,
      covered: a.covered,
      fullyCovered: a.isFullyCovered,
    });
  }
  // Every status follows at once (the domain's `scheduleStatuses`): a covered instalment is 1 Pagado
  // (the last 6 Ultimo Pago) and the next one not yet due becomes 5 Pago Actual. Late fees are the
  // daily run's alone.
  const statuses = scheduleStatuses(businessDate, after);
  const allocated = new Set(allocation.instalments.map((a) => a.index));
  for (const [index, row] of after.entries()) {
    const status = statuses[index]!;
    if (!allocated.has(index) && status === schedule[index]!.status) continue;
    await tx
      .update(instalments)
      .set({
        lateFeeCoveredCents: row.lateFeeCoveredCents,
        chargeCoveredCents: row.chargeCoveredCents,
        administratorFeeCoveredCents: row.administratorFeeCoveredCents,
        amountCoveredCents: row.amountCoveredCents,
        status,
        updatedAt: now,
      })
      .where(eq(instalments.id, row.id));
  }

  const loanPaid = allocation.remainingDueCents === 0;
  // 8 Atrasado is caught up the moment no instalment is left late (the daily run would do the same
  // at its next date); 9-11 stay where collections staff put them.
  const caughtUp = loan.status === LOAN_STATUS.late && !statuses.some(isLateInstalmentStatus);
  const statusAfter = loanPaid ? LOAN_PAID_STATUS : caughtUp ? LOAN_STATUS.paying : loan.status;
  if (statusAfter !== loan.status) {
    await tx
      .update(loans)
      .set({ status: statusAfter, updatedAt: now })
      .where(and(eq(loans.id, loanId), eq(loans.status, loan.status)));
  }
  const [entry] = await tx
    .insert(walletEntries)
    .values({
      borrowerId: loan.borrowerId,
      loanId,
      kind: 'debit',
      amountCents: -allocation.appliedCents,
      allocation: { instalments: covered, split: allocation.split },
      businessDate,
      createdAt: now,
    })
    .returning({ id: walletEntries.id });
  const debtBefore = allocation.remainingDueCents + allocation.appliedCents;
  await writeAudit(deps, tx, {
    actor: { type: 'system' },
    action: 'payment.apply',
    entity: 'loan',
    entityId: loanId,
    before: { status: loan.status, walletBalanceCents: balance, debtCents: debtBefore },
    after: {
      status: statusAfter,
      walletBalanceCents: allocation.leftoverCents,
      debtCents: allocation.remainingDueCents,
      appliedCents: allocation.appliedCents,
      split: allocation.split,
      instalments: covered,
      entryId: entry!.id,
      businessDate,
    },
  });
  await notifyBorrower(deps, tx, {
    borrowerId: loan.borrowerId,
    ...paymentNotices.applied(
      allocation.appliedCents,
      allocation.split,
      allocation.remainingDueCents,
      loanPaid,
    ),
    channel: 'sms',
  });
  return {
    loanId,
    borrowerId: loan.borrowerId,
    entryId: entry!.id,
    appliedCents: allocation.appliedCents,
    split: allocation.split,
    instalments: covered,
    remainingDebtCents: allocation.remainingDueCents,
    walletBalanceCents: allocation.leftoverCents,
    loanPaid,
    businessDate,
  };
}

/**
 * The daily run's part (servicing calls it once per business date): every loan being paid with
 * validated money waiting in its wallet (money validated after 19:59, or on a day nothing applied
 * it) gets `applyWallet` at the business date's 8:00, each loan in its own transaction. Running it
 * again finds the wallets empty and does nothing. Returns what it applied.
 */
export async function applyPendingWallets(deps: Deps, businessDate: string): Promise<WalletApplication[]> {
  if (!isIsoDate(businessDate)) throw new RangeError(`Not a date YYYY-MM-DD: ${businessDate}`);
  const at = paymentHoursStart(businessDate);
  const waiting = await deps.db
    .select({ loanId: walletEntries.loanId })
    .from(walletEntries)
    .innerJoin(loans, eq(loans.id, walletEntries.loanId))
    .where(inArray(loans.status, [...PAYABLE_LOAN_STATUSES]))
    .groupBy(walletEntries.loanId)
    .having(sql`sum(${walletEntries.amountCents}) > 0`)
    .orderBy(asc(walletEntries.loanId));
  const applied: WalletApplication[] = [];
  for (const { loanId } of waiting) {
    const application = await deps.db.transaction((tx) => applyWallet(deps, tx, loanId, at));
    if (application) applied.push(application);
  }
  return applied;
}
