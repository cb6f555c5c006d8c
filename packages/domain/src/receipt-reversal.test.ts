import { describe, expect, it } from 'vitest';
import type { AccountCharge } from './loan-account.ts';
import { missingCharges, receiptReversalPlan, type ReversibleEntry } from './receipt-reversal.ts';

describe('missingCharges', () => {
  const due: AccountCharge[] = [
    { position: 1, kind: 'late_fee', businessDate: '2026-12-05', cents: 5000 },
    { position: 2, kind: 'late_fee', businessDate: '2026-12-12', cents: 5000 },
    { position: 2, kind: 'default_interest', businessDate: '2027-01-10', cents: 37 },
    { position: 2, kind: 'default_interest', businessDate: '2027-01-11', cents: 37 },
  ];

  const recorded = (c: AccountCharge) => ({ ...c });
  const fresh = (c: AccountCharge) => ({ ...c, topUp: false });

  it('keeps what the ledger never charged, by instalment for fees and by day for interest', () => {
    const missing = missingCharges(due, [
      // A late fee charged on another day still counts: one per instalment.
      { position: 1, kind: 'late_fee', businessDate: '2026-12-07', cents: 5000 },
      { position: 2, kind: 'default_interest', businessDate: '2027-01-10', cents: 37 },
    ]);
    expect(missing).toEqual([fresh(due[1]!), fresh(due[3]!)]);
  });

  it('tops up a day of default interest charged on a smaller balance, by the difference only', () => {
    const missing = missingCharges(due, [
      ...due.slice(0, 2).map(recorded),
      { position: 2, kind: 'default_interest', businessDate: '2027-01-10', cents: 20 },
      // A day charged in two rows (a charge and an earlier top-up) counts as their sum.
      { position: 2, kind: 'default_interest', businessDate: '2027-01-11', cents: 30 },
      { position: 2, kind: 'default_interest', businessDate: '2027-01-11', cents: 7 },
    ]);
    expect(missing).toEqual([{ ...due[2]!, cents: 17, topUp: true }]);
    // More than the replay's is not undone here: the application waives it.
    expect(missingCharges(due, [...due.map(recorded), { ...due[3]!, cents: 5 }])).toEqual([]);
  });

  it('is empty when everything due was charged, and everything when nothing was', () => {
    expect(missingCharges(due, due.map(recorded))).toEqual([]);
    expect(missingCharges(due, [])).toEqual(due.map(fresh));
  });
});

describe('receiptReversalPlan', () => {
  const entry = (e: Partial<ReversibleEntry> & Pick<ReversibleEntry, 'id' | 'kind' | 'amountCents'>) =>
    ({ receiptId: null, reversesEntryId: null, ...e }) as ReversibleEntry;

  it('reverses the credit and every application and release after it still standing, newest first', () => {
    const entries = [
      entry({ id: 1, kind: 'credit', amountCents: 50_000, receiptId: 7 }),
      entry({ id: 2, kind: 'debit', amountCents: -41_721 }),
      entry({ id: 3, kind: 'credit', amountCents: 41_721, receiptId: 8 }),
      entry({ id: 4, kind: 'debit', amountCents: -41_721 }),
      entry({ id: 5, kind: 'release', amountCents: 500 }),
      entry({ id: 6, kind: 'debit', amountCents: -500 }),
    ];
    const plan = receiptReversalPlan(entries, 8)!;
    expect(plan.creditEntryId).toBe(3);
    expect(plan.reverse.map((e) => e.id)).toEqual([6, 5, 4, 3]);
    // Receipt 7's first application stands; what the later debits used is back in the wallet.
    expect(plan.balanceAfterCents).toBe(50_000 - 41_721);
  });

  it('leaves out entries already reversed, and answers null for a credit already reversed', () => {
    const entries = [
      entry({ id: 1, kind: 'credit', amountCents: 10_000, receiptId: 7 }),
      entry({ id: 2, kind: 'debit', amountCents: -10_000 }),
      entry({ id: 3, kind: 'reversal', amountCents: 10_000, reversesEntryId: 2 }),
      entry({ id: 4, kind: 'reversal', amountCents: -10_000, reversesEntryId: 1 }),
    ];
    expect(receiptReversalPlan(entries, 7)).toBeNull();
    expect(receiptReversalPlan(entries, 99)).toBeNull();
  });

  it('shows a negative wallet when part of the money was refunded or moved to another loan', () => {
    const entries = [
      entry({ id: 1, kind: 'credit', amountCents: 90_000, receiptId: 7 }),
      entry({ id: 2, kind: 'debit', amountCents: -80_000 }),
      entry({ id: 3, kind: 'refund', amountCents: -10_000 }),
    ];
    expect(receiptReversalPlan(entries, 7)!.balanceAfterCents).toBe(-10_000);
  });
});
