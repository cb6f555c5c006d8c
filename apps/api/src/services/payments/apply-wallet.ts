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
import {
  instalments,
  liveInstalment,
  loans,
  walletEntries,
  type WalletDebitAllocation,
} from '../../db/schema/index.ts';
import { postJournal } from '../accounting/post-journal.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { notifyBorrower } from '../notifications.ts';
import { loanWalletBalanceCents } from './ledger.ts';
import { paymentNotices } from './messages.ts';
import { loanMoneyByValueDate, settleIfPayoffCovered, undueCharges, writeWaivers } from './undue-charges.ts';

/** What one application of a loan's wallet did. */
export interface WalletApplication {
  loanId: number;
  borrowerId: number;
  /** The debit entry written (null when only charges were waived). */
  entryId: number | null;
  /** Centavos taken from the wallet and applied. */
  appliedCents: number;
  split: PaymentSplit;
  instalments: WalletDebitAllocation['instalments'];
  /** What the schedule still owes after it. */
  remainingDebtCents: number;
  /** The wallet's balance after it (money above the debt stays there). */
  walletBalanceCents: number;
  /** Charges waived because the money's value dates made them undue (decision 014). */
  waivedCents: number;
  /** Every instalment is covered: the loan is now 4 Pagado. */
  loanPaid: boolean;
  businessDate: string;
}

/**
 * Applies a loan's wallet (its validated, unapplied money) to its instalments, inside the caller's
 * transaction: oldest instalment first and, within one, late fee → default interest → interest
 * (`charge`) → administrative fee → principal (`amount`), as the domain's `allocatePayment` splits
 * it. Before that, the charges the loan's money makes undue by its value dates are waived
 * (`undueCharges`, decision 014: money that arrived in time is never charged for the day a cashier
 * validated it), and money that had covered them goes back to the wallet; and a wallet that covers
 * the loan's payoff closes it (`settleIfPayoffCovered`: interest and fees not yet earned are waived,
 * those paid ahead given back). Writes the covered
 * amounts, every instalment's status (with the loan's arrears tolerance), makes the loan 4 Pagado once
 * every instalment is covered (so it no longer blocks a new request), 8 → 3 once none is late, writes
 * one debit entry with the split, an audit row (actor 'system') and the borrower's notification
 * with SMS.
 *
 * The loan row is locked first (`FOR NO KEY UPDATE`: it conflicts with another application, not with
 * the key-share locks of rows that merely reference the loan), so two applications of one loan run
 * one after the other and the second sees the first's debit; and it is always written (`updated_at`),
 * so a daily run that read it before will not move it from a stale reading (decision 014, point 9).
 * Nothing happens (null) for a loan that is not being paid (3, 8, 9-11), or when there is nothing to
 * waive and nothing to apply. `businessDateTime` is the moment the application counts on: the
 * validation's time, or the daily run's 8:00. `receiptId` names the receipt that brought it on.
 */
export async function applyWallet(
  deps: Deps,
  tx: Tx,
  loanId: number,
  businessDateTime: Date,
  receiptId: number | null = null,
): Promise<WalletApplication | null> {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).limit(1).for('no key update');
  if (!loan || !isLoanPayable(loan.status)) return null;
  const now = deps.clock.now();
  const businessDate = todayInTegucigalpa(businessDateTime);
  const schedule = await tx
    .select()
    .from(instalments)
    .where(and(eq(instalments.loanId, loanId), liveInstalment))
    .orderBy(asc(instalments.position))
    .for('no key update');
  // The loan's money by value date, read once: the undue charges and the payoff both ask it.
  const money = await loanMoneyByValueDate(tx, loanId);
  const waivers = await undueCharges(tx, loan, schedule, money, businessDate);
  let waivedCents = waivers.reduce((sum, w) => sum + w.cents, 0);
  if (waivers.length > 0) {
    await writeWaivers(tx, loan, waivers, { businessDate, reason: 'value_date', receiptId, now });
  }
  const payoffWaived = await settleIfPayoffCovered(
    tx,
    loan,
    schedule,
    money,
    await loanWalletBalanceCents(tx, loanId),
    {
      businessDate,
      receiptId,
      now,
    },
  );
  waivedCents += payoffWaived;
  const balance = await loanWalletBalanceCents(tx, loanId);
  const allocation = allocatePayment(schedule, Math.max(0, balance));
  if (allocation.appliedCents === 0 && waivedCents === 0) return null;

  const after = schedule.map((row) => ({ ...row }));
  const covered: WalletDebitAllocation['instalments'] = [];
  for (const a of allocation.instalments) {
    const row = after[a.index]!;
    row.lateFeeCoveredCents += a.covered.lateFee;
    row.penaltyCoveredCents += a.covered.penalty;
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
  // Every status follows at once (the domain's `scheduleStatuses` with the loan's tolerance): a
  // covered instalment is 1 Pagado (the last 6 Ultimo Pago) and the next one not yet due becomes
  // 5 Pago Actual. Charges are the daily run's alone; only waivers happen here.
  const statuses = scheduleStatuses(businessDate, after, loan.arrearsToleranceCents);
  const allocated = new Set(allocation.instalments.map((a) => a.index));
  for (const [index, row] of after.entries()) {
    const status = statuses[index]!;
    if (!allocated.has(index) && status === row.status) continue;
    await tx
      .update(instalments)
      .set({
        lateFeeCoveredCents: row.lateFeeCoveredCents,
        penaltyCoveredCents: row.penaltyCoveredCents,
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
  await tx
    .update(loans)
    .set({ status: statusAfter, updatedAt: now })
    .where(and(eq(loans.id, loanId), eq(loans.status, loan.status)));
  let entryId: number | null = null;
  if (allocation.appliedCents > 0) {
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
    entryId = entry!.id;
  }
  const debtBefore = allocation.remainingDueCents + allocation.appliedCents;
  await writeAudit(deps, tx, {
    actor: { type: 'system' },
    action: 'payment.apply',
    entity: 'loan',
    entityId: loanId,
    before: { status: loan.status, walletBalanceCents: balance, debtCents: debtBefore + waivedCents },
    after: {
      status: statusAfter,
      walletBalanceCents: allocation.leftoverCents,
      debtCents: allocation.remainingDueCents,
      appliedCents: allocation.appliedCents,
      split: allocation.split,
      instalments: covered,
      waived: waivers.map((w) => ({
        position: w.instalment.position,
        component: w.component,
        cents: w.cents,
      })),
      entryId,
      businessDate,
    },
  });
  if (allocation.appliedCents > 0) {
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
  }
  await postJournal(deps, tx, loanId);
  return {
    loanId,
    borrowerId: loan.borrowerId,
    entryId,
    appliedCents: allocation.appliedCents,
    split: allocation.split,
    instalments: covered,
    remainingDebtCents: allocation.remainingDueCents,
    walletBalanceCents: allocation.leftoverCents,
    waivedCents,
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
