import {
  componentFields,
  defaultDailyRate,
  emptySplit,
  payoffQuote,
  replayAccount,
  type AccountTerms,
  type DatedMoney,
  type InstalmentAmounts,
  type Period,
} from '@prestamos-hn/domain';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { loans } from '../../db/schema/index.ts';
import {
  instalments,
  loanCharges,
  walletEntries,
  type LoanChargeComponent,
  type LoanWaiverReason,
  type WalletDebitAllocation,
} from '../../db/schema/index.ts';

type LoanRow = typeof loans.$inferSelect;
type InstalmentRow = typeof instalments.$inferSelect;

/** The loan's terms that make charges, as the domain's replay reads them. */
export function accountTermsOf(loan: LoanRow): AccountTerms {
  return {
    lateFeeCents: loan.lateFeeCents,
    graceDays: loan.graceDays,
    arrearsToleranceCents: loan.arrearsToleranceCents,
    defaultDailyRate: defaultDailyRate(loan.annualRateBp / 100, loan.periodType as Period),
  };
}

/** Money that reached a loan with its value date: validated receipts (not reversed) and credit moved in from another loan. */
export async function loanMoneyByValueDate(tx: Tx, loanId: number): Promise<DatedMoney[]> {
  const rows = await tx
    .select({ valueDate: walletEntries.valueDate, cents: walletEntries.amountCents })
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.loanId, loanId),
        inArray(walletEntries.kind, ['credit', 'transfer']),
        gt(walletEntries.amountCents, 0),
        // A reversed credit (issue 31 point 4) is money that never counted.
        sql`not exists (select 1 from wallet_entries r where r.reverses_entry_id = ${walletEntries.id})`,
      ),
    );
  return rows.map((r) => ({ valueDate: r.valueDate!, cents: r.cents }));
}

/** One waiver to write: which instalment, which part, how many centavos. */
export interface Waiver {
  instalment: InstalmentRow;
  component: LoanChargeComponent;
  cents: number;
}

/**
 * Writes waivers, inside the caller's transaction (the loan and its instalments locked): a
 * `loan_charges` row per waiver (negative, with its reason), the instalment's part lowered by it, and
 * where money already covered more than is now owed, that money goes back to the wallet as one
 * `release` entry (its allocation says from which parts), to be applied again. Returns the centavos
 * released. `rows` is updated in place.
 */
export async function writeWaivers(
  tx: Tx,
  loan: LoanRow,
  waivers: readonly Waiver[],
  context: { businessDate: string; reason: LoanWaiverReason; receiptId: number | null; now: Date },
): Promise<number> {
  const released: WalletDebitAllocation['instalments'] = [];
  const split = emptySplit();
  let total = 0;
  for (const { instalment, component, cents } of waivers) {
    if (cents <= 0) continue;
    const [dueField, coveredField] = componentFields(component) as [
      keyof InstalmentAmounts,
      keyof InstalmentAmounts,
    ];
    await tx.insert(loanCharges).values({
      loanId: loan.id,
      instalmentId: instalment.id,
      kind: 'waiver',
      component,
      amountCents: -cents,
      businessDate: context.businessDate,
      reason: context.reason,
      receiptId: context.receiptId,
      createdAt: context.now,
    });
    const due = instalment[dueField] - cents;
    const covered = instalment[coveredField];
    const giveBack = Math.max(0, covered - due);
    instalment[dueField] = due;
    instalment[coveredField] = covered - giveBack;
    if (giveBack > 0) {
      const covering = emptySplit();
      covering[component] = giveBack;
      split[component] += giveBack;
      total += giveBack;
      released.push({
        instalmentId: instalment.id,
        position: instalment.position,
        covered: covering,
        fullyCovered: false,
      });
    }
    await tx
      .update(instalments)
      .set({ [dueField]: due, [coveredField]: covered - giveBack, updatedAt: context.now })
      .where(eq(instalments.id, instalment.id));
  }
  if (total > 0) {
    await tx.insert(walletEntries).values({
      borrowerId: loan.borrowerId,
      loanId: loan.id,
      kind: 'release',
      amountCents: total,
      allocation: { instalments: released, split },
      businessDate: context.businessDate,
      createdAt: context.now,
    });
  }
  return total;
}

/**
 * Decision 014, point 1: the charges a loan's money makes undue by its value dates. The domain's
 * `replayAccount` replays the loan through `businessDate` with every validated payment on the day
 * its money arrived; a late fee the run charged that the replay does not, and default interest
 * charged on a day the replay charges less, were charged only because the money was validated
 * later than it arrived. Compared with the charges ledger, not with the instalment's columns, so a
 * fee already waived is never waived twice.
 */
export async function undueCharges(
  tx: Tx,
  loan: LoanRow,
  schedule: readonly InstalmentRow[],
  money: readonly DatedMoney[],
  businessDate: string,
): Promise<Waiver[]> {
  if (!loan.disbursedOn || schedule.length === 0) return [];
  const charged = await tx
    .select({
      instalmentId: loanCharges.instalmentId,
      kind: loanCharges.kind,
      component: loanCharges.component,
      businessDate: loanCharges.businessDate,
      cents: sql<number>`sum(${loanCharges.amountCents})`.mapWith(Number),
    })
    .from(loanCharges)
    .where(eq(loanCharges.loanId, loan.id))
    .groupBy(loanCharges.instalmentId, loanCharges.kind, loanCharges.component, loanCharges.businessDate);
  if (charged.length === 0) return [];

  const replay = replayAccount(
    {
      startDate: loan.disbursedOn,
      schedule,
      terms: accountTermsOf(loan),
      money,
    },
    businessDate,
  );
  const waivers: Waiver[] = [];
  for (const instalment of schedule) {
    const mine = charged.filter((c) => c.instalmentId === instalment.id);
    const due = replay.charges.filter((c) => c.position === instalment.position);
    const net = (component: LoanChargeComponent) =>
      mine.filter((c) => c.component === component).reduce((sum, c) => sum + c.cents, 0);
    // The late fee: owed only if the replay charges it.
    const lateFeeDue = due.filter((c) => c.kind === 'late_fee').reduce((sum, c) => sum + c.cents, 0);
    const lateFeeExcess = net('lateFee') - lateFeeDue;
    if (lateFeeExcess > 0) waivers.push({ instalment, component: 'lateFee', cents: lateFeeExcess });
    // Default interest: on the days the run charged, what the replay charges on those days.
    const chargedDays = new Set(mine.filter((c) => c.kind === 'default_interest').map((c) => c.businessDate));
    const interestDue = due
      .filter((c) => c.kind === 'default_interest' && chargedDays.has(c.businessDate))
      .reduce((sum, c) => sum + c.cents, 0);
    const interestExcess = net('penalty') - interestDue;
    if (interestExcess > 0) waivers.push({ instalment, component: 'penalty', cents: interestExcess });
  }
  return waivers;
}

/**
 * Decision 014, point 4: a wallet that covers the loan's payoff closes it. The payoff is quoted as of
 * the newest money's value date (`payoffQuote`): outstanding principal, interest earned to that day,
 * the fees of periods started, unpaid late fees and default interest. When the wallet holds at least
 * that, the interest and fees not yet earned are waived (reason 'payoff'); what of them was already
 * paid ahead goes back to the wallet (`writeWaivers` releases it), so the money then covers every
 * instalment and what is left is the borrower's credit. Returns the centavos waived, 0 when the
 * wallet does not cover the payoff (the money then pays instalments in order, as always) or when
 * nothing is unearned.
 */
export async function settleIfPayoffCovered(
  tx: Tx,
  loan: LoanRow,
  schedule: readonly InstalmentRow[],
  money: readonly DatedMoney[],
  balanceCents: number,
  context: { businessDate: string; receiptId: number | null; now: Date },
): Promise<number> {
  if (!loan.disbursedOn || schedule.length === 0 || balanceCents <= 0) return 0;
  const newest = money.reduce<string>(
    (last, m) => (m.valueDate > last ? m.valueDate : last),
    loan.disbursedOn,
  );
  const asOf = newest > context.businessDate ? context.businessDate : newest;
  const quote = payoffQuote({ disbursedOn: loan.disbursedOn, schedule }, asOf);
  if (balanceCents < quote.payoffCents) return 0;
  const byPosition = new Map(schedule.map((i) => [i.position, i]));
  const waivers: Waiver[] = [...quote.waivers, ...quote.releases]
    .filter((a) => a.cents > 0)
    .map((a) => ({ instalment: byPosition.get(a.position)!, component: a.component, cents: a.cents }));
  if (waivers.length === 0) return 0;
  await writeWaivers(tx, loan, waivers, { ...context, reason: 'payoff' });
  return waivers.reduce((sum, w) => sum + w.cents, 0);
}
