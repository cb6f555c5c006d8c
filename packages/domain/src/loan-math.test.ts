import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Period } from './constants.ts';
import type { InstalmentAmounts } from './payments.ts';
import {
  annualCostPercent,
  instalmentDueCents,
  levelPaymentCents,
  periodDays,
  periodRatePercent,
  quoteLoan,
  termOptions,
  type LoanQuote,
  type QuoteInput,
  type QuotePayment,
  type QuoteSummary,
} from './loan-math.ts';

/** The summary as it comes back from the wire: no start date. */
const withoutStart = ({
  amountCents,
  interestCents,
  feesCents,
  totalCents,
  payments,
}: LoanQuote): QuoteSummary => ({
  amountCents,
  interestCents,
  feesCents,
  totalCents,
  payments: payments.map(({ dueDate, totalCents: total }) => ({ dueDate, totalCents: total })),
});

const example: QuoteInput = {
  amountCents: 100_000,
  termDays: 90,
  period: 'mensual',
  annualRatePct: 60,
  feeType: 'percent',
  feeValue: 5,
  startDate: '2027-01-01',
};

describe('periodDays', () => {
  it.each<[Period, number]>([
    ['semanal', 7],
    ['quincenal', 15],
    ['mensual', 30],
  ])('%s has %i days', (period, days) => {
    expect(periodDays(period)).toBe(days);
  });

  it('rejects an unknown period', () => {
    expect(() => periodDays('anual' as Period)).toThrow(RangeError);
  });
});

describe('periodRatePercent', () => {
  it.each<[number, Period, 'calculator' | 'plan', number]>([
    [60, 'semanal', 'calculator', 1.15],
    [60, 'semanal', 'plan', 1.15],
    [60, 'quincenal', 'calculator', 2.3],
    [60, 'mensual', 'calculator', 5],
    [60, 'mensual', 'plan', 5],
    [100, 'semanal', 'calculator', 1.92],
    [3.91, 'semanal', 'calculator', 0.08], // 0.075004…
    [3.91, 'semanal', 'plan', 0.07], // 0.074985…
    [7.43, 'quincenal', 'calculator', 0.29],
    [7.43, 'quincenal', 'plan', 0.28],
    [0.3, 'mensual', 'calculator', 0.03], // exactly 0.025: half-up
    [0, 'semanal', 'plan', 0],
  ])('%s percent a year, %s (%s): %s percent', (annual, period, variant, percent) => {
    expect(periodRatePercent(annual, period, variant)).toBe(percent);
  });

  it('rejects a negative rate', () => {
    expect(() => periodRatePercent(-1, 'mensual', 'plan')).toThrow(RangeError);
  });
});

describe('termOptions', () => {
  it.each<[Period, number, number, [number, number][]]>([
    [
      'semanal',
      7,
      60,
      [
        [7, 1],
        [14, 2],
        [21, 3],
        [28, 4],
      ],
    ],
    [
      'semanal',
      10,
      21,
      [
        [14, 2],
        [21, 3],
      ],
    ],
    ['semanal', 30, 90, []],
    [
      'quincenal',
      1,
      90,
      [
        [15, 1],
        [30, 2],
      ],
    ],
    ['quincenal', 16, 90, [[30, 2]]],
    ['quincenal', 15, 29, [[15, 1]]],
    [
      'mensual',
      30,
      90,
      [
        [30, 1],
        [60, 2],
        [90, 3],
      ],
    ],
    [
      'mensual',
      45,
      100,
      [
        [60, 2],
        [90, 3],
      ],
    ],
    ['mensual', 30, 30, [[30, 1]]],
    ['mensual', 31, 59, []],
  ])('%s within %i-%i days', (period, min, max, expected) => {
    expect(termOptions(period, min, max)).toEqual(expected.map(([days, payments]) => ({ days, payments })));
  });

  it('offers up to 36 monthly payments', () => {
    const options = termOptions('mensual', 30, 1080);
    expect(options).toHaveLength(36);
    expect(options.at(-1)).toEqual({ days: 1080, payments: 36 });
  });
});

describe('quoteLoan', () => {
  it('quotes the decision record example', () => {
    expect(quoteLoan(example)).toEqual({
      startDate: '2027-01-01',
      amountCents: 100_000,
      interestCents: 10_163,
      feesCents: 15_000,
      totalCents: 125_163,
      payments: [
        {
          dueDate: '2027-01-31',
          totalCents: 41_721,
          principalCents: 31_721,
          interestCents: 5_000,
          feeCents: 5_000,
        },
        {
          dueDate: '2027-03-02',
          totalCents: 41_721,
          principalCents: 33_307,
          interestCents: 3_414,
          feeCents: 5_000,
        },
        {
          dueDate: '2027-04-01',
          totalCents: 41_721,
          principalCents: 34_972,
          interestCents: 1_749,
          feeCents: 5_000,
        },
      ],
    });
  });

  it('quotes a single payment (n = 1)', () => {
    expect(quoteLoan({ ...example, termDays: 30 })).toEqual({
      startDate: '2027-01-01',
      amountCents: 100_000,
      interestCents: 5_000,
      feesCents: 5_000,
      totalCents: 110_000,
      payments: [
        {
          dueDate: '2027-01-31',
          totalCents: 110_000,
          principalCents: 100_000,
          interestCents: 5_000,
          feeCents: 5_000,
        },
      ],
    });
  });

  it('quotes 36 monthly payments (n = 36), the last one corrected', () => {
    const quote = quoteLoan({
      amountCents: 1_000_000,
      termDays: 1080,
      period: 'mensual',
      annualRatePct: 36,
      feeType: 'fixed',
      feeValue: 2_500,
      startDate: '2026-12-15',
    });
    expect(quote.payments).toHaveLength(36);
    expect(quote.payments[0]).toEqual({
      dueDate: '2027-01-14',
      totalCents: 48_304,
      principalCents: 15_804,
      interestCents: 30_000,
      feeCents: 2_500,
    });
    expect(quote.payments[1]).toEqual({
      dueDate: '2027-02-13',
      totalCents: 48_304,
      principalCents: 16_278,
      interestCents: 29_526,
      feeCents: 2_500,
    });
    expect(quote.payments[34]).toEqual({
      dueDate: '2029-10-30',
      totalCents: 48_304,
      principalCents: 43_175,
      interestCents: 2_629,
      feeCents: 2_500,
    });
    expect(quote.payments[35]).toEqual({
      dueDate: '2029-11-29',
      totalCents: 48_293,
      principalCents: 44_459,
      interestCents: 1_334,
      feeCents: 2_500,
    });
    expect(quote).toMatchObject({
      amountCents: 1_000_000,
      interestCents: 648_933,
      feesCents: 90_000,
      totalCents: 1_738_933,
    });
  });

  it.each<[Period, number, number, number[], number[]]>([
    // A weekly quote whose last instalment is 2 centavos short of the level payment.
    ['semanal', 28, 36, [12_717, 12_717, 12_717, 12_715], [345, 260, 174, 87]],
    ['semanal', 28, 60, [12_862, 12_862, 12_862, 12_860], [575, 434, 291, 146]],
    ['semanal', 28, 120, [13_228, 13_228, 13_228, 13_227], [1_151, 873, 589, 298]],
  ])(
    'corrects the last instalment: 500, %s %i days at %i percent',
    (period, termDays, rate, totals, interest) => {
      const quote = quoteLoan({
        ...example,
        amountCents: 50_000,
        period,
        termDays,
        annualRatePct: rate,
        feeType: 'fixed',
        feeValue: 0,
      });
      expect(quote.payments.map((payment) => payment.totalCents)).toEqual(totals);
      expect(quote.payments.map((payment) => payment.interestCents)).toEqual(interest);
      expect(quote.payments.reduce((sum, payment) => sum + payment.principalCents, 0)).toBe(50_000);
      expect(quote.payments.map((payment) => payment.dueDate)).toEqual([
        '2027-01-08',
        '2027-01-15',
        '2027-01-22',
        '2027-01-29',
      ]);
    },
  );

  it.each<[number, number[]]>([
    [100_000, [33_333, 33_333, 33_334]],
    [10_000, [3_333, 3_333, 3_334]],
    [2, [1, 1, 0]],
  ])('splits %i centavos at r = 0 with the remainder last', (amountCents, principal) => {
    const quote = quoteLoan({ ...example, amountCents, annualRatePct: 0, feeType: 'fixed', feeValue: 0 });
    expect(quote.payments.map((payment) => payment.principalCents)).toEqual(principal);
    expect(quote.payments.map((payment) => payment.interestCents)).toEqual([0, 0, 0]);
    expect(quote.interestCents).toBe(0);
    expect(quote.totalCents).toBe(amountCents);
  });

  it('never lets a principal exceed what remains (tiny amounts)', () => {
    const quote = quoteLoan({
      ...example,
      amountCents: 7,
      termDays: 300,
      annualRatePct: 0,
      feeType: 'fixed',
      feeValue: 0,
    });
    expect(quote.payments.map((payment) => payment.principalCents)).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
  });

  it.each<[QuoteInput['feeType'], number, number]>([
    ['fixed', 1_250, 1_250],
    ['percent', 5, 5_000],
    ['percent', 2.345, 2_345],
    ['percent', 0.0005, 1], // 0.005 lempiras rounds half-up to one centavo
    ['fixed', 0, 0],
  ])('charges a %s fee of %s as %i centavos per instalment', (feeType, feeValue, fee) => {
    const quote = quoteLoan({ ...example, feeType, feeValue });
    expect(quote.payments.map((payment) => payment.feeCents)).toEqual([fee, fee, fee]);
    expect(quote.feesCents).toBe(fee * 3);
  });

  it.each<[string, Partial<QuoteInput>]>([
    ['a term that is not whole periods', { termDays: 45 }],
    ['a term shorter than one period', { termDays: 0 }],
    ['a negative term', { termDays: -30 }],
    ['a zero amount', { amountCents: 0 }],
    ['a negative amount', { amountCents: -10_000 }],
    ['an amount that is not whole centavos', { amountCents: 100.5 }],
    ['a negative rate', { annualRatePct: -1 }],
    ['a negative percent fee', { feeValue: -1 }],
    ['a negative fixed fee', { feeType: 'fixed', feeValue: -1 }],
    ['a fixed fee that is not whole centavos', { feeType: 'fixed', feeValue: 12.5 }],
    ['an unknown period', { period: 'anual' as Period }],
    ['an unknown fee type', { feeType: 'other' as QuoteInput['feeType'] }],
    ['a bad start date', { startDate: '2027-02-30' }],
  ])('throws RangeError for %s', (_, change) => {
    expect(() => quoteLoan({ ...example, ...change })).toThrow(RangeError);
  });

  it('totals exactly for random valid quotes', () => {
    const input = fc.record({
      amountCents: fc.integer({ min: 1, max: 100_000_000 }),
      period: fc.constantFrom<Period>('semanal', 'quincenal', 'mensual'),
      payments: fc.integer({ min: 1, max: 36 }),
      rateHundredths: fc.integer({ min: 0, max: 50_000 }),
      feeType: fc.constantFrom<QuoteInput['feeType']>('fixed', 'percent'),
      feeHundredths: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(input, ({ amountCents, period, payments, rateHundredths, feeType, feeHundredths }) => {
        const quote = quoteLoan({
          amountCents,
          termDays: payments * periodDays(period),
          period,
          annualRatePct: rateHundredths / 100,
          feeType,
          feeValue: feeType === 'fixed' ? feeHundredths : feeHundredths / 100,
          startDate: '2027-01-01',
        });
        const sum = (pick: (row: QuotePayment) => number) =>
          quote.payments.reduce((total, row) => total + pick(row), 0);
        expect(quote.payments).toHaveLength(payments);
        expect(sum((row) => row.principalCents)).toBe(amountCents);
        expect(quote.amountCents).toBe(amountCents);
        expect(quote.totalCents).toBe(sum((row) => row.totalCents));
        expect(quote.interestCents).toBe(sum((row) => row.interestCents));
        expect(quote.feesCents).toBe(sum((row) => row.feeCents));
        for (const row of quote.payments) {
          expect(row.totalCents).toBe(row.principalCents + row.interestCents + row.feeCents);
          for (const cents of [row.totalCents, row.principalCents, row.interestCents, row.feeCents]) {
            expect(Number.isSafeInteger(cents) && cents >= 0).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('levelPaymentCents', () => {
  it.each<[bigint, bigint, bigint, number, bigint]>([
    [100000n, 5n, 100n, 3, 36721n], // 367.2085…
    [100000n, 0n, 1n, 3, 33333n],
    [100000n, 1n, 20n, 1, 105000n],
  ])('%s centavos at %s/%s over %i periods: %s', (amount, num, den, n, payment) => {
    expect(levelPaymentCents(amount, { num, den }, n)).toBe(payment);
  });
});

describe('annualCostPercent', () => {
  it('gives 302.2 for the decision record example', () => {
    expect(annualCostPercent(quoteLoan(example))).toBe(302.2);
  });

  it('reads the periods from the dates of a summary without its start date', () => {
    const summary = withoutStart(quoteLoan(example));
    expect(annualCostPercent(summary)).toBe(302.2);
    expect(annualCostPercent(summary, '2027-01-01')).toBe(302.2);
  });

  it('gives 218.9 for one payment of 1100 after 30 days on 1000', () => {
    const quote = quoteLoan({ ...example, termDays: 30 });
    expect(annualCostPercent(quote)).toBe(218.9);
    expect(annualCostPercent(withoutStart(quote), '2027-01-01')).toBe(218.9);
    expect(() => annualCostPercent(withoutStart(quote))).toThrow(RangeError);
  });

  it.each<[Partial<QuoteInput>, number]>([
    [{ annualRatePct: 0, feeType: 'fixed', feeValue: 0 }, 0],
    [
      {
        amountCents: 1_000_000,
        termDays: 1080,
        annualRatePct: 36,
        feeType: 'fixed',
        feeValue: 2_500,
        startDate: '2026-12-15',
      },
      49.5,
    ],
  ])('gives %j a CAT of %s', (change, cat) => {
    expect(annualCostPercent(quoteLoan({ ...example, ...change }))).toBe(cat);
  });
});

describe('instalmentDueCents', () => {
  const base: InstalmentAmounts = {
    chargeCents: 5_000,
    chargeCoveredCents: 0,
    administratorFeeCents: 5_000,
    administratorFeeCoveredCents: 0,
    amountCents: 31_721,
    amountCoveredCents: 0,
    lateFeeCents: 0,
    lateFeeCoveredCents: 0,
    penaltyFeeCents: 0,
    penaltyCoveredCents: 0,
  };

  it.each<[string, Partial<InstalmentAmounts>, number]>([
    ['nothing covered', {}, 41_721],
    ['with a late fee', { lateFeeCents: 1_250 }, 42_971],
    ['partly covered', { chargeCoveredCents: 5_000, amountCoveredCents: 10_010 }, 26_711],
    [
      'all covered',
      { chargeCoveredCents: 5_000, administratorFeeCoveredCents: 5_000, amountCoveredCents: 31_721 },
      0,
    ],
    ['late fee covered', { lateFeeCents: 1_000, lateFeeCoveredCents: 1_000 }, 41_721],
  ])('%s', (_, change, due) => {
    expect(instalmentDueCents({ ...base, ...change })).toBe(due);
  });

  it('counts the default interest charged after maturity, minus what covers it (decision 014)', () => {
    expect(instalmentDueCents({ ...base, penaltyFeeCents: 9_900, penaltyCoveredCents: 900 })).toBe(50_721);
  });
});
