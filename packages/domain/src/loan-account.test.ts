import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDailyRate } from './default-interest.ts';
import {
  replayAccount,
  replayDebtCents,
  type AccountTerms,
  type ContractInstalment,
  type DatedMoney,
} from './loan-account.ts';
import { quoteLoan } from './loan-math.ts';
import { addDays, daysBetween } from './time.ts';

/** L 1,000 over 90 days, monthly, the seeded price list (60 % a year, 5 % fee): 3 × L 417.21. */
const quote = quoteLoan({
  amountCents: 100_000,
  termDays: 90,
  period: 'mensual',
  annualRatePct: 60,
  feeType: 'percent',
  feeValue: 5,
  startDate: '2026-11-22',
});
const schedule: ContractInstalment[] = quote.payments.map((p, k) => ({
  position: k + 1,
  dueDate: p.dueDate,
  chargeCents: p.interestCents,
  administratorFeeCents: p.feeCents,
  amountCents: p.principalCents,
}));
const seeded: AccountTerms = {
  lateFeeCents: 10_000,
  graceDays: 1,
  arrearsToleranceCents: 100,
  defaultDailyRate: defaultDailyRate(60, 'mensual'),
};
const strict: AccountTerms = { ...seeded, graceDays: 0, arrearsToleranceCents: 0 };
const replay = (money: DatedMoney[], through: string, terms = seeded) =>
  replayAccount({ startDate: '2026-11-22', schedule, terms, money }, through);

describe('replayAccount', () => {
  it('is the quote the replay starts from: three instalments of L 417.21 from 22 December', () => {
    expect(quote.payments.map((p) => [p.dueDate, p.totalCents])).toEqual([
      ['2026-12-22', 41_721],
      ['2027-01-21', 41_721],
      ['2027-02-20', 41_721],
    ]);
  });

  it('money sent at 18:30 on the due date (value date the due date) pays it on time, whenever validated', () => {
    const r = replay([{ valueDate: '2026-12-22', cents: 41_721 }], '2026-12-30');
    expect(r.charges).toEqual([]);
    expect(r.statuses).toEqual([1, 5, 2]);
  });

  it('money dated the day after the due date is within the grace day: no fee, but before it the instalment was late', () => {
    expect(replay([], '2026-12-23').statuses).toEqual([3, 5, 2]);
    const r = replay([{ valueDate: '2026-12-23', cents: 41_721 }], '2026-12-30');
    expect(r.charges).toEqual([]);
    expect(r.statuses).toEqual([1, 5, 2]);
  });

  it('without grace the same money draws the fee, charged before that day’s money and paid first', () => {
    const r = replay([{ valueDate: '2026-12-23', cents: 41_721 }], '2026-12-30', strict);
    expect(r.charges).toEqual([{ position: 1, kind: 'late_fee', businessDate: '2026-12-23', cents: 10_000 }]);
    expect(r.statuses).toEqual([3, 5, 2]);
    expect(replayDebtCents(r)).toBe(41_721 * 2 + 10_000);
  });

  it('money two days late (after the grace day) draws the fee on the second day', () => {
    const r = replay([{ valueDate: '2026-12-24', cents: 51_721 }], '2026-12-30');
    expect(r.charges).toEqual([{ position: 1, kind: 'late_fee', businessDate: '2026-12-24', cents: 10_000 }]);
    expect(r.statuses).toEqual([1, 5, 2]);
  });

  it('one centavo short is neither late nor charged; the centavo stays owed on the instalment', () => {
    const r = replay([{ valueDate: '2026-12-22', cents: 41_720 }], '2027-01-10');
    expect(r.charges).toEqual([]);
    expect(r.statuses).toEqual([5, 2, 0]);
    expect(replayDebtCents(r)).toBe(1 + 41_721 * 2);
    const short = replay([{ valueDate: '2026-12-22', cents: 41_620 }], '2027-01-10');
    expect(short.charges.map((c) => c.kind)).toEqual(['late_fee']);
  });

  it('after maturity the overdue principal accrues default interest every day, paid after the late fee', () => {
    const paidTwo = [
      { valueDate: '2026-12-22', cents: 41_721 },
      { valueDate: '2027-01-21', cents: 41_721 },
    ];
    const r = replay(paidTwo, '2027-02-23');
    const principal = schedule[2]!.amountCents;
    const day = Math.round((principal * 0.05) / 30);
    // The grace day (21 February) is free; from the 22nd the late fee, and a day of interest each day.
    expect(r.charges).toEqual([
      { position: 3, kind: 'late_fee', businessDate: '2027-02-22', cents: 10_000 },
      { position: 3, kind: 'default_interest', businessDate: '2027-02-22', cents: day },
      { position: 3, kind: 'default_interest', businessDate: '2027-02-23', cents: day },
    ]);
    // Paying it all on 23 February stops the interest from the 24th on.
    const settled = replay(
      [...paidTwo, { valueDate: '2027-02-23', cents: 41_721 + 10_000 + 2 * day }],
      '2027-03-10',
    );
    expect(replayDebtCents(settled)).toBe(0);
    expect(settled.charges.filter((c) => c.kind === 'default_interest')).toHaveLength(2);
    expect(settled.statuses).toEqual([1, 1, 6]);
  });

  it('money above the debt is the borrower’s credit', () => {
    const r = replay([{ valueDate: '2026-11-25', cents: 130_000 }], '2026-12-01');
    expect(replayDebtCents(r)).toBe(0);
    expect(r.creditCents).toBe(130_000 - 3 * 41_721);
  });
});

const moneyArb = fc.array(
  fc.record({ day: fc.integer({ min: 0, max: 120 }), cents: fc.integer({ min: 1, max: 60_000 }) }),
  { maxLength: 8 },
);
const termsArb = fc.record({
  graceDays: fc.integer({ min: 0, max: 5 }),
  arrearsToleranceCents: fc.integer({ min: 0, max: 500 }),
});
const dated = (list: { day: number; cents: number }[]): DatedMoney[] =>
  list.map((m) => ({ valueDate: addDays('2026-11-22', m.day), cents: m.cents }));

describe('replayAccount, for any receipts and run dates', () => {
  it('conserves the money: applied + credit = received, and what is owed is what was charged less what was applied', () => {
    fc.assert(
      fc.property(moneyArb, termsArb, fc.integer({ min: 0, max: 140 }), (list, t, through) => {
        const terms = { ...seeded, ...t };
        const r = replay(dated(list), addDays('2026-11-22', through), terms);
        expect(r.appliedCents + r.creditCents).toBe(r.receivedCents);
        const contractual = schedule.reduce(
          (s, i) => s + i.chargeCents + i.administratorFeeCents + i.amountCents,
          0,
        );
        const charged = r.charges.reduce((s, c) => s + c.cents, 0);
        expect(replayDebtCents(r)).toBe(contractual + charged - r.appliedCents);
        expect(r.creditCents === 0 || replayDebtCents(r) === 0).toBe(true);
      }),
    );
  });

  it('charges no late fee for an instalment whose money is dated in time (by its due date plus grace)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 29 }), { minLength: 3, maxLength: 3 }),
        termsArb,
        fc.integer({ min: 0, max: 3 }),
        (earlier, t, paidCount) => {
          const terms = { ...seeded, ...t };
          // Instalments 1..paidCount are each paid in full some days before (or on) their due date + grace.
          const money = schedule.slice(0, paidCount).map((i, k) => ({
            valueDate: addDays(i.dueDate, terms.graceDays - earlier[k]!),
            cents: i.chargeCents + i.administratorFeeCents + i.amountCents,
          }));
          const r = replay(money, '2027-04-30', terms);
          const charged = new Set(r.charges.filter((c) => c.kind === 'late_fee').map((c) => c.position));
          for (let p = 1; p <= paidCount; p += 1) expect(charged.has(p)).toBe(false);
          for (let p = paidCount + 1; p <= 3; p += 1) expect(charged.has(p)).toBe(true);
        },
      ),
    );
  });

  it('more money, or the same money earlier, never costs the borrower more in charges', () => {
    fc.assert(
      fc.property(
        moneyArb,
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: 1, max: 20 }),
        (list, which, sooner) => {
          const through = '2027-04-30';
          const base = replay(dated(list), through);
          const total = (r: ReturnType<typeof replay>) => r.charges.reduce((s, c) => s + c.cents, 0);
          const more = replay([...dated(list), { valueDate: '2026-12-01', cents: 5_000 }], through);
          expect(total(more)).toBeLessThanOrEqual(total(base));
          if (list.length > 0) {
            const moved = list.map((m, k) =>
              k === which % list.length ? { ...m, day: Math.max(0, m.day - sooner) } : m,
            );
            expect(total(replay(dated(moved), through))).toBeLessThanOrEqual(total(base));
          }
        },
      ),
    );
  });

  it('keeps every day in order: a charge is dated after the disbursement and never after the last day replayed', () => {
    const r = replay([], '2027-03-05');
    for (const c of r.charges) {
      expect(daysBetween('2026-11-22', c.businessDate)).toBeGreaterThan(0);
      expect(c.businessDate <= '2027-03-05').toBe(true);
    }
  });
});
