import {
  componentFields,
  isLateInstalmentStatus,
  LOAN_PAID_STATUS,
  LOAN_STATUS,
  missingCharges,
  RECEIPT_STATE_LABELS,
  receiptReversalPlan,
  replayAccount,
  scheduleStatuses,
  todayInTegucigalpa,
  type InstalmentAmounts,
  type PaymentSplit,
} from '@prestamos-hn/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  instalments,
  liveInstalment,
  loanCharges,
  loans,
  receipts,
  walletEntries,
  type WalletDebitAllocation,
} from '../../db/schema/index.ts';
import { postJournal } from '../accounting/post-journal.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { notifyBorrower } from '../notifications.ts';
import { conflict, notFound } from '../shared/refusals.ts';
import { readStaffReason } from '../shared/validation.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { applyWallet } from './apply-wallet.ts';
import { loanWalletBalanceCents } from './ledger.ts';
import { receiptStaffMessages, reversalMessages, reversalNotice } from './messages.ts';
import { accountTermsOf, loanMoneyByValueDate } from './undue-charges.ts';

type InstalmentRow = typeof instalments.$inferSelect;

const readReversalReason = (reason: string): string =>
  readStaffReason(reason, {
    required: reversalMessages.reasonRequired,
    tooLong: reversalMessages.reasonTooLong,
  });

const COVERED_FIELDS = {
  lateFee: 'lateFeeCoveredCents',
  penalty: 'penaltyCoveredCents',
  charge: 'chargeCoveredCents',
  administratorFee: 'administratorFeeCoveredCents',
  amount: 'amountCoveredCents',
} as const satisfies Record<keyof PaymentSplit, keyof InstalmentAmounts>;

/** Moves an allocation's covered parts on the instalments (`sign` -1 undoes a debit, +1 a release). */
function undoAllocation(rows: Map<number, InstalmentRow>, allocation: WalletDebitAllocation, sign: 1 | -1) {
  for (const part of allocation.instalments) {
    const row = rows.get(part.instalmentId);
    if (!row) continue;
    for (const [component, field] of Object.entries(COVERED_FIELDS) as [
      keyof PaymentSplit,
      keyof InstalmentAmounts,
    ][]) {
      row[field] += sign * (part.covered[component] ?? 0);
    }
  }
}

/**
 * Reverses a validated receipt (issue 31 point 4, POST /api/backoffice/receipts/:id/reversal,
 * decision 016): the loan's account is put back as if the receipt had never been validated, in one
 * transaction with the loan and the receipt locked (the loan first, as every application does):
 *
 * 1. `reversal` entries for the receipt's credit and for every application (debit) and release
 *    written after it and still standing (`receiptReversalPlan`): the instalments' covered parts go
 *    back by those allocations. Refused (409) when part of the money already left the wallet.
 * 2. The waivers it brought on are reinstated (`reinstatement` rows of the charges ledger): its own
 *    (fees waived because the money arrived in time, interest waived because it closed the loan) and
 *    any written since its credit.
 * 3. The charges the daily run would have made without that money are charged now with their own
 *    business dates (`missingCharges` of the domain's `replayAccount` without the receipt); a day of
 *    default interest charged on the smaller balance the receipt had left is topped up
 *    (`interest_top_up`, with the receipt's id).
 * 4. The loan's remaining money (other receipts, credit moved in) is applied again by `applyWallet`,
 *    which waives again what its value dates make undue and closes the loan again if it still covers
 *    the payoff; a loan 4 Pagado is paying again first.
 * 5. Every instalment's status and the loan's (3 ↔ 8) follow, the receipt is `reversed` with who,
 *    when and why (its canonical reference is free again), an audit row, and the borrower is told.
 *
 * Twenty reversals at once: the receipt's row lock makes them queue; the first reverses it, the
 * others read `reversed` and are refused (409).
 */
export async function reverseReceipt(deps: Deps, staff: StaffMember, id: number, input: { reason: string }) {
  const reason = readReversalReason(input.reason);
  if (!Number.isSafeInteger(id)) throw notFound(receiptStaffMessages.receiptNotFound);
  const [peek] = await deps.db
    .select({ loanId: receipts.loanId })
    .from(receipts)
    .where(eq(receipts.id, id))
    .limit(1);
  if (!peek) throw notFound(receiptStaffMessages.receiptNotFound);

  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const today = todayInTegucigalpa(now);
    const [loan] = await tx.select().from(loans).where(eq(loans.id, peek.loanId)).for('no key update');
    const [receipt] = await tx.select().from(receipts).where(eq(receipts.id, id)).for('update');
    if (!loan || !receipt) throw notFound(receiptStaffMessages.receiptNotFound);
    if (receipt.state === 'reversed') throw conflict(reversalMessages.alreadyReversed);
    if (receipt.state !== 'validated') throw conflict(reversalMessages.notValidated);

    const entries = await tx
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.loanId, loan.id))
      .orderBy(asc(walletEntries.id));
    const plan = receiptReversalPlan(
      entries.map((e) => ({
        id: e.id,
        kind: e.kind,
        amountCents: e.amountCents,
        receiptId: e.receiptId,
        reversesEntryId: e.reversesEntryId,
      })),
      receipt.id,
    );
    if (!plan) throw conflict(reversalMessages.alreadyReversed);
    if (plan.balanceAfterCents < 0) throw conflict(reversalMessages.moneyLeft);
    const walletBefore = await loanWalletBalanceCents(tx, loan.id);

    // 1. The credit and the applications, reversed; the instalments' coverage undone.
    const schedule = await liveSchedule(tx, loan.id);
    const before = schedule.map((row) => ({ ...row }));
    const rows = new Map(schedule.map((row) => [row.id, row]));
    const byId = new Map(entries.map((e) => [e.id, e]));
    await tx.insert(walletEntries).values(
      plan.reverse.map((e) => ({
        borrowerId: loan.borrowerId,
        loanId: loan.id,
        kind: 'reversal' as const,
        amountCents: -e.amountCents,
        reversesEntryId: e.id,
        receiptId: e.id === plan.creditEntryId ? receipt.id : null,
        businessDate: today,
        staffId: staff.id,
        createdAt: now,
      })),
    );
    for (const e of plan.reverse) {
      const allocation = byId.get(e.id)!.allocation;
      if (e.kind === 'debit' && allocation) undoAllocation(rows, allocation, -1);
      if (e.kind === 'release' && allocation) undoAllocation(rows, allocation, 1);
    }

    // 2. The waivers it brought on, reinstated.
    const charges = await tx.select().from(loanCharges).where(eq(loanCharges.loanId, loan.id));
    const reinstated = new Set(
      charges.filter((c) => c.reinstatesChargeId !== null).map((c) => c.reinstatesChargeId),
    );
    // The waivers this money brought on: its own (value date, payoff) and any written since its
    // credit (an application it shaped, by the daily run after an after-hours validation too).
    const creditAt = byId.get(plan.creditEntryId)!.createdAt.getTime();
    const standingWaivers = charges.filter(
      (c) =>
        c.kind === 'waiver' &&
        !reinstated.has(c.id) &&
        (c.receiptId === receipt.id || c.createdAt.getTime() >= creditAt),
    );
    for (const waiver of standingWaivers) {
      const row = rows.get(waiver.instalmentId);
      if (!row) continue;
      const [dueField] = componentFields(waiver.component) as [
        keyof InstalmentAmounts,
        keyof InstalmentAmounts,
      ];
      row[dueField] += -waiver.amountCents;
    }
    if (standingWaivers.length > 0) {
      await tx.insert(loanCharges).values(
        standingWaivers.map((w) => ({
          loanId: loan.id,
          instalmentId: w.instalmentId,
          kind: 'reinstatement' as const,
          component: w.component,
          amountCents: -w.amountCents,
          businessDate: today,
          receiptId: receipt.id,
          reinstatesChargeId: w.id,
          createdAt: now,
        })),
      );
    }

    // 3. What the run would have charged without this money.
    const money = await loanMoneyByValueDate(tx, loan.id);
    const replay = loan.disbursedOn
      ? replayAccount({ startDate: loan.disbursedOn, schedule, terms: accountTermsOf(loan), money }, today)
      : null;
    const byPosition = new Map(schedule.map((row) => [row.position, row]));
    const toCharge = replay
      ? missingCharges(
          replay.charges,
          charges
            .filter(
              (c) => c.kind === 'late_fee' || c.kind === 'default_interest' || c.kind === 'interest_top_up',
            )
            .map((c) => ({
              position: rows.get(c.instalmentId)?.position ?? 0,
              kind: c.kind === 'late_fee' ? ('late_fee' as const) : ('default_interest' as const),
              businessDate: c.businessDate,
              cents: c.amountCents,
            })),
        )
      : [];
    for (const charge of toCharge) {
      const row = byPosition.get(charge.position)!;
      if (charge.kind === 'late_fee') row.lateFeeCents += charge.cents;
      else row.penaltyFeeCents += charge.cents;
    }
    if (toCharge.length > 0) {
      await tx.insert(loanCharges).values(
        toCharge.map((c) => ({
          loanId: loan.id,
          instalmentId: byPosition.get(c.position)!.id,
          // A day already charged keeps its one row; what it lacked is a top-up of that day.
          kind: c.topUp ? ('interest_top_up' as const) : c.kind,
          component: c.kind === 'late_fee' ? ('lateFee' as const) : ('penalty' as const),
          amountCents: c.cents,
          businessDate: c.businessDate,
          receiptId: c.topUp ? receipt.id : null,
          createdAt: now,
        })),
      );
    }
    for (const [index, row] of schedule.entries()) {
      const old = before[index]!;
      const changed = (Object.keys(row) as (keyof InstalmentRow)[]).some((k) => row[k] !== old[k]);
      if (!changed) continue;
      await tx
        .update(instalments)
        .set({
          lateFeeCents: row.lateFeeCents,
          lateFeeCoveredCents: row.lateFeeCoveredCents,
          penaltyFeeCents: row.penaltyFeeCents,
          penaltyCoveredCents: row.penaltyCoveredCents,
          chargeCents: row.chargeCents,
          chargeCoveredCents: row.chargeCoveredCents,
          administratorFeeCents: row.administratorFeeCents,
          administratorFeeCoveredCents: row.administratorFeeCoveredCents,
          amountCoveredCents: row.amountCoveredCents,
          updatedAt: now,
        })
        .where(eq(instalments.id, row.id));
    }

    // 4. The receipt is reversed; a paid loan is being paid again; the rest of the money applied again.
    const [after] = await tx
      .update(receipts)
      .set({
        state: 'reversed',
        reversedByStaffId: staff.id,
        reversedAt: now,
        reversalReason: reason,
        updatedAt: now,
      })
      .where(and(eq(receipts.id, receipt.id), eq(receipts.state, 'validated')))
      .returning();
    if (!after) throw conflict(reversalMessages.alreadyReversed);
    if (loan.status === LOAN_PAID_STATUS) {
      await tx.update(loans).set({ status: LOAN_STATUS.paying, updatedAt: now }).where(eq(loans.id, loan.id));
    }
    const application = await applyWallet(deps, tx, loan.id, now, null);

    // 5. Every status follows (the application writes only the rows it touched).
    const statusAfter = await settleStatuses(tx, loan.id, loan.arrearsToleranceCents, today, now);
    const walletAfter = await loanWalletBalanceCents(tx, loan.id);
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'receipt.reverse',
      entity: 'receipt',
      entityId: receipt.id,
      before: {
        state: receipt.state,
        loanStatus: loan.status,
        walletBalanceCents: walletBefore,
        receivedAmountCents: receipt.receivedAmountCents,
        valueDate: receipt.valueDate,
      },
      after: {
        state: after.state,
        reason,
        loanStatus: statusAfter,
        walletBalanceCents: walletAfter,
        reversedEntries: plan.reverse.map((e) => e.id),
        reinstatedWaivers: standingWaivers.map((w) => w.id),
        chargesAdded: toCharge,
        reappliedCents: application?.appliedCents ?? 0,
      },
    });
    await notifyBorrower(deps, tx, {
      borrowerId: loan.borrowerId,
      ...reversalNotice(receipt.reference, receipt.receivedAmountCents!, reason),
      channel: 'sms',
    });
    // The books, in the same transaction: every reversal entry mirrors the entry it reverses.
    await postJournal(deps, tx, loan.id);
    return {
      id: after.id,
      state: after.state,
      stateLabel: RECEIPT_STATE_LABELS[after.state],
      reversedAt: now.toISOString(),
      reversalReason: reason,
      loanStatus: statusAfter,
      walletBalanceCents: walletAfter,
    };
  });
}

async function liveSchedule(tx: Tx, loanId: number): Promise<InstalmentRow[]> {
  return tx
    .select()
    .from(instalments)
    .where(and(eq(instalments.loanId, loanId), liveInstalment))
    .orderBy(asc(instalments.position))
    .for('no key update');
}

/**
 * Every instalment's status by the domain's `scheduleStatuses` on the business date, and the loan's:
 * 3 with a late instalment is 8, 8 with none is 3 (9-11 stay where collections staff put them; 4
 * when everything is covered). Returns the loan's status.
 */
async function settleStatuses(tx: Tx, loanId: number, tolerance: number, today: string, now: Date) {
  const rows = await liveSchedule(tx, loanId);
  const statuses = scheduleStatuses(today, rows, tolerance);
  for (const [index, row] of rows.entries()) {
    if (row.status === statuses[index]) continue;
    await tx
      .update(instalments)
      .set({ status: statuses[index]!, updatedAt: now })
      .where(eq(instalments.id, row.id));
  }
  const [loan] = await tx.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId));
  const late = statuses.some(isLateInstalmentStatus);
  const next =
    loan!.status === LOAN_STATUS.paying && late
      ? LOAN_STATUS.late
      : loan!.status === LOAN_STATUS.late && !late
        ? LOAN_STATUS.paying
        : loan!.status;
  if (next !== loan!.status) {
    await tx
      .update(loans)
      .set({ status: next, updatedAt: now })
      .where(and(eq(loans.id, loanId), eq(loans.status, loan!.status)));
  }
  return next;
}
