import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteLoan } from './loan-math.ts';
import { componentDueCents, instalmentRemainingCents } from './payments.ts';
import { payoffQuote, PAYOFF_COMPONENTS, type PayoffInstalment } from './payoff.ts';
import { addDays, type IsoDate } from './time.ts';

// The acceptance case: L 10,000 over 90 days, monthly, at the seeded monthly price list (60 % a year,
// an administrative fee of 5 % of the amount per period), disbursed on 1 December 2026.
const DISBURSED_ON = '2026-12-01';
const quote = quoteLoan({
  amountCents: 1_000_000,
  termDays: 90,
  period: 'mensual',
  annualRatePct: 60,
  feeType: 'percent',
  feeValue: 5,
  startDate: DISBURSED_ON,
});

const uncovered = (): PayoffInstalment[] =>
  quote.payments.map((p, index) => ({
    position: index + 1,
    dueDate: p.dueDate,
    lateFeeCents: 0,
    lateFeeCoveredCents: 0,
    chargeCents: p.interestCents,
    chargeCoveredCents: 0,
    administratorFeeCents: p.feeCents,
    administratorFeeCoveredCents: 0,
    amountCents: p.principalCents,
    amountCoveredCents: 0,
    penaltyFeeCents: 0,
    penaltyCoveredCents: 0,
  }));

const covered = (instalment: PayoffInstalment): PayoffInstalment => ({
  ...instalment,
  lateFeeCoveredCents: instalment.lateFeeCents,
  chargeCoveredCents: instalment.chargeCents,
  administratorFeeCoveredCents: instalment.administratorFeeCents,
  amountCoveredCents: instalment.amountCents,
});

describe('payoffQuote on the acceptance loan (L 10,000, 90 days, monthly)', () => {
  it('is the quote the test reads: 12,516.26 in all, L 500 interest and L 500 fee in the first month', () => {
    expect(quote.totalCents).toBe(1_251_626);
    expect(quote.payments.map((p) => [p.dueDate, p.interestCents, p.feeCents, p.principalCents])).toEqual([
      ['2026-12-31', 50_000, 50_000, 317_209],
      ['2027-01-30', 34_140, 50_000, 333_069],
      ['2027-03-01', 17_486, 50_000, 349_722],
    ]);
  });

  it('on the disbursement day: principal and the current fee, nothing else', () => {
    const result = payoffQuote({ disbursedOn: DISBURSED_ON, schedule: uncovered() }, DISBURSED_ON);
    expect(result).toEqual({
      asOf: DISBURSED_ON,
      validUntil: DISBURSED_ON,
      payoffCents: 1_050_000,
      principalCents: 1_000_000,
      interestCents: 0,
      feesCents: 50_000,
      lateFeesCents: 0,
      creditedBackCents: 0,
      waivers: [
        { position: 1, component: 'charge', cents: 50_000 },
        { position: 2, component: 'charge', cents: 34_140 },
        { position: 2, component: 'administratorFee', cents: 50_000 },
        { position: 3, component: 'charge', cents: 17_486 },
        { position: 3, component: 'administratorFee', cents: 50_000 },
      ],
      releases: [],
      currentPosition: 1,
    });
  });

  it('on day 1: principal plus one day of interest plus the current fee (10,516.67, not 12,516.26)', () => {
    const result = payoffQuote({ disbursedOn: DISBURSED_ON, schedule: uncovered() }, '2026-12-02');
    // One day of 30: 50,000 / 30 = 1,666.67 centavos, rounded half-up to 1,667.
    expect(result).toMatchObject({
      payoffCents: 1_051_667,
      principalCents: 1_000_000,
      interestCents: 1_667,
      feesCents: 50_000,
      creditedBackCents: 0,
      validUntil: '2026-12-02',
    });
    expect(result.waivers[0]).toEqual({ position: 1, component: 'charge', cents: 48_333 });
  });

  it('on the first due date: the first period is earned in full, the others not at all', () => {
    const result = payoffQuote({ disbursedOn: DISBURSED_ON, schedule: uncovered() }, '2026-12-31');
    expect(result).toMatchObject({
      payoffCents: 1_100_000,
      interestCents: 50_000,
      feesCents: 50_000,
      currentPosition: 1,
    });
    expect(result.waivers.map((w) => w.position)).toEqual([2, 2, 3, 3]);
  });

  it('the day after a missed due date: that period in full with its late fee, one day of the next', () => {
    const schedule = uncovered().map((i) => (i.position === 1 ? { ...i, lateFeeCents: 10_000 } : i));
    const result = payoffQuote({ disbursedOn: DISBURSED_ON, schedule }, '2027-01-01');
    // Period 2 runs 31 Dec (exclusive) to 30 Jan: one day of 30 of L 341.40 is 11.38.
    expect(result).toMatchObject({
      principalCents: 1_000_000,
      interestCents: 50_000 + 1_138,
      feesCents: 100_000,
      lateFeesCents: 10_000,
      payoffCents: 1_000_000 + 51_138 + 100_000 + 10_000,
      currentPosition: 2,
    });
  });

  it('mid-period after paying ahead: the unearned interest already paid is credited back', () => {
    // The first two instalments paid in full; on 15 January, 15 of the second period's 30 days.
    const schedule = uncovered().map((i) => (i.position <= 2 ? covered(i) : i));
    const result = payoffQuote({ disbursedOn: DISBURSED_ON, schedule }, '2027-01-15');
    expect(result).toEqual({
      asOf: '2027-01-15',
      validUntil: '2027-01-15',
      principalCents: 349_722,
      interestCents: 0,
      feesCents: 0,
      lateFeesCents: 0,
      creditedBackCents: 17_070,
      payoffCents: 349_722 - 17_070,
      waivers: [
        { position: 3, component: 'charge', cents: 17_486 },
        { position: 3, component: 'administratorFee', cents: 50_000 },
      ],
      releases: [{ position: 2, component: 'charge', cents: 17_070 }],
      currentPosition: 2,
    });
  });

  it('credits back interest and fees paid for a period not yet started', () => {
    // The first instalment and the third one's interest and fee paid (as a cashier could have).
    const schedule = uncovered().map((i) =>
      i.position === 1
        ? covered(i)
        : i.position === 3
          ? { ...i, chargeCoveredCents: 17_486, administratorFeeCoveredCents: 50_000 }
          : i,
    );
    const result = payoffQuote({ disbursedOn: DISBURSED_ON, schedule }, '2027-01-10');
    // Period 2: 10 of 30 days of 341.40 = 113.80 earned, and its fee.
    expect(result).toMatchObject({
      principalCents: 333_069 + 349_722,
      interestCents: 11_380,
      feesCents: 50_000,
      creditedBackCents: 67_486,
      payoffCents: 333_069 + 349_722 + 11_380 + 50_000 - 67_486,
      releases: [
        { position: 3, component: 'charge', cents: 17_486 },
        { position: 3, component: 'administratorFee', cents: 50_000 },
      ],
    });
  });

  it('after maturity: everything is earned, the whole contract plus the late fees and default interest', () => {
    const schedule = uncovered().map((i) => ({ ...i, lateFeeCents: 10_000, penaltyFeeCents: 250 }));
    const result = payoffQuote({ disbursedOn: DISBURSED_ON, schedule }, '2027-03-10');
    expect(result).toMatchObject({
      payoffCents: 1_251_626 + 30_000 + 750,
      interestCents: quote.interestCents,
      feesCents: quote.feesCents,
      lateFeesCents: 30_750,
      creditedBackCents: 0,
      waivers: [],
      releases: [],
      currentPosition: null,
    });
  });

  it('a loan already covered owes nothing', () => {
    const result = payoffQuote(
      { disbursedOn: DISBURSED_ON, schedule: uncovered().map(covered) },
      '2027-03-02',
    );
    expect(result).toMatchObject({ payoffCents: 0, principalCents: 0, creditedBackCents: 0 });
  });

  it('reads the schedule by position, whatever the order given', () => {
    const inOrder = payoffQuote({ disbursedOn: DISBURSED_ON, schedule: uncovered() }, '2027-01-20');
    const reversed = payoffQuote(
      { disbursedOn: DISBURSED_ON, schedule: uncovered().reverse() },
      '2027-01-20',
    );
    expect(reversed).toEqual(inOrder);
  });

  it('uses the due dates as stored (moved to a working day)', () => {
    // The first due date moved from Thursday 31 December to Saturday 2 January: 32 days.
    const schedule = uncovered().map((i) => (i.position === 1 ? { ...i, dueDate: '2027-01-02' } : i));
    const result = payoffQuote({ disbursedOn: DISBURSED_ON, schedule }, '2026-12-17');
    // 16 of 32 days of L 500.
    expect(result.interestCents).toBe(25_000);
  });

  it('refuses dates that are not dates and parts covered above what they owe', () => {
    expect(() => payoffQuote({ disbursedOn: DISBURSED_ON, schedule: uncovered() }, '2027-02-30')).toThrow(
      RangeError,
    );
    const bad = uncovered().map((i) => ({ ...i, chargeCoveredCents: i.chargeCents + 1 }));
    expect(() => payoffQuote({ disbursedOn: DISBURSED_ON, schedule: bad }, DISBURSED_ON)).toThrow(RangeError);
  });
});

describe('payoffQuote, property', () => {
  const part = fc.integer({ min: 0, max: 300_000 });
  const share = fc.double({ min: 0, max: 1, noNaN: true });
  const instalmentArb = fc.record({
    gap: fc.integer({ min: 1, max: 40 }),
    lateFee: part,
    charge: part,
    fee: part,
    amount: part,
    penalty: fc.integer({ min: 0, max: 5_000 }),
    shares: fc.array(share, { minLength: 5, maxLength: 5 }),
  });
  const loanArb = fc
    .record({
      startOffset: fc.integer({ min: 0, max: 400 }),
      rows: fc.array(instalmentArb, { minLength: 1, maxLength: 8 }),
      asOfOffset: fc.integer({ min: -2, max: 400 }),
    })
    .map(({ startOffset, rows, asOfOffset }) => {
      const disbursedOn = addDays('2026-01-01', startOffset);
      let due = disbursedOn;
      const schedule: PayoffInstalment[] = rows.map((r, index) => {
        due = addDays(due, r.gap);
        const c = (total: number, s: number | undefined) => Math.floor(total * (s ?? 0));
        return {
          position: index + 1,
          dueDate: due,
          lateFeeCents: r.lateFee,
          lateFeeCoveredCents: c(r.lateFee, r.shares[0]),
          chargeCents: r.charge,
          chargeCoveredCents: c(r.charge, r.shares[1]),
          administratorFeeCents: r.fee,
          administratorFeeCoveredCents: c(r.fee, r.shares[2]),
          amountCents: r.amount,
          amountCoveredCents: c(r.amount, r.shares[3]),
          penaltyFeeCents: r.penalty,
          penaltyCoveredCents: c(r.penalty, r.shares[4]),
        };
      });
      return { disbursedOn, schedule, asOf: addDays(disbursedOn, asOfOffset) as IsoDate };
    });

  it('adds up, never waives or releases more than a part holds, never asks more than the contract', () => {
    fc.assert(
      fc.property(loanArb, ({ disbursedOn, schedule, asOf }) => {
        const result = payoffQuote({ disbursedOn, schedule }, asOf);
        const gross = result.principalCents + result.interestCents + result.feesCents + result.lateFeesCents;
        expect(result.payoffCents).toBe(Math.max(0, gross - result.creditedBackCents));
        expect(result.creditedBackCents).toBe(result.releases.reduce((s, r) => s + r.cents, 0));
        expect(result.validUntil).toBe(asOf);

        const sum = (f: (i: PayoffInstalment) => number) => schedule.reduce((s, i) => s + f(i), 0);
        expect(result.principalCents).toBe(sum((i) => componentDueCents(i, 'amount')));
        expect(result.lateFeesCents).toBe(
          sum((i) => componentDueCents(i, 'lateFee') + i.penaltyFeeCents - i.penaltyCoveredCents),
        );

        // Releases only from what was covered, waivers only from what was not.
        for (const instalment of schedule) {
          for (const component of PAYOFF_COMPONENTS) {
            const pick = (list: typeof result.waivers) =>
              list
                .filter((a) => a.position === instalment.position && a.component === component)
                .reduce((s, a) => s + a.cents, 0);
            const waived = pick(result.waivers);
            const released = pick(result.releases);
            const [due, paid] =
              component === 'charge'
                ? [instalment.chargeCents, instalment.chargeCoveredCents]
                : [instalment.administratorFeeCents, instalment.administratorFeeCoveredCents];
            expect(waived + released).toBeLessThanOrEqual(due);
            expect(waived).toBeLessThanOrEqual(due - paid);
            expect(released).toBeLessThanOrEqual(paid);
          }
        }
        const held = sum((i) => i.chargeCents + i.administratorFeeCents);
        const paid = sum((i) => i.chargeCoveredCents + i.administratorFeeCoveredCents);
        const waived = result.waivers.reduce((s, w) => s + w.cents, 0);
        // What the parts hold is owed now, or was paid (earned, or released), or is waived.
        expect(result.interestCents + result.feesCents + paid + waived).toBe(held);

        // Never more than what the contract still asks (the instalments' remainders and the unpaid penalty).
        const contractual = sum(
          (i) => instalmentRemainingCents(i) + i.penaltyFeeCents - i.penaltyCoveredCents,
        );
        expect(result.payoffCents).toBeLessThanOrEqual(contractual);

        // A day later never costs less: interest accrues, nothing earned is given back.
        const tomorrow = payoffQuote({ disbursedOn, schedule }, addDays(asOf, 1));
        expect(tomorrow.payoffCents).toBeGreaterThanOrEqual(result.payoffCents);
      }),
      { numRuns: 500 },
    );
  });
});
