import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Period } from './constants.ts';
import {
  annualCostPercent,
  instalmentDue,
  levelPaymentCents,
  periodDays,
  periodRatePercent,
  quoteLoan,
  termOptions,
  type InstalmentDueItem,
  type QuoteInput,
} from './loan-math.ts';
import { toCents } from './money.ts';

/** The quote as it comes back from the wire: plain JSON, no memory of how it was made. */
const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const example: QuoteInput = {
  amount: 1000,
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
      cantidadSolicitada: 1000,
      intereses: 101.63,
      gastosAdministrativos: 150,
      totalAPagar: 1251.63,
      pagosARealizar: 3,
      pagos: [
        { fechaDePago: '2027-01-31', cantidad: 417.21, capital: 317.21, interes: 50, gastos: 50 },
        { fechaDePago: '2027-03-02', cantidad: 417.21, capital: 333.07, interes: 34.14, gastos: 50 },
        { fechaDePago: '2027-04-01', cantidad: 417.21, capital: 349.72, interes: 17.49, gastos: 50 },
      ],
    });
  });

  it('quotes a single payment (n = 1)', () => {
    expect(quoteLoan({ ...example, termDays: 30 })).toEqual({
      cantidadSolicitada: 1000,
      intereses: 50,
      gastosAdministrativos: 50,
      totalAPagar: 1100,
      pagosARealizar: 1,
      pagos: [{ fechaDePago: '2027-01-31', cantidad: 1100, capital: 1000, interes: 50, gastos: 50 }],
    });
  });

  it('quotes 36 monthly payments (n = 36), the last one corrected', () => {
    const quote = quoteLoan({
      amount: 10000,
      termDays: 1080,
      period: 'mensual',
      annualRatePct: 36,
      feeType: 'fixed',
      feeValue: 25,
      startDate: '2026-12-15',
    });
    expect(quote.pagosARealizar).toBe(36);
    expect(quote.pagos).toHaveLength(36);
    expect(quote.pagos[0]).toEqual({
      fechaDePago: '2027-01-14',
      cantidad: 483.04,
      capital: 158.04,
      interes: 300,
      gastos: 25,
    });
    expect(quote.pagos[1]).toEqual({
      fechaDePago: '2027-02-13',
      cantidad: 483.04,
      capital: 162.78,
      interes: 295.26,
      gastos: 25,
    });
    expect(quote.pagos[34]).toEqual({
      fechaDePago: '2029-10-30',
      cantidad: 483.04,
      capital: 431.75,
      interes: 26.29,
      gastos: 25,
    });
    expect(quote.pagos[35]).toEqual({
      fechaDePago: '2029-11-29',
      cantidad: 482.93,
      capital: 444.59,
      interes: 13.34,
      gastos: 25,
    });
    expect(quote).toMatchObject({
      cantidadSolicitada: 10000,
      intereses: 6489.33,
      gastosAdministrativos: 900,
      totalAPagar: 17389.33,
    });
  });

  it.each<[Period, number, number, number[], number[]]>([
    // A weekly quote whose last instalment is 2 centavos short of the level payment.
    ['semanal', 28, 36, [127.17, 127.17, 127.17, 127.15], [3.45, 2.6, 1.74, 0.87]],
    ['semanal', 28, 60, [128.62, 128.62, 128.62, 128.6], [5.75, 4.34, 2.91, 1.46]],
    ['semanal', 28, 120, [132.28, 132.28, 132.28, 132.27], [11.51, 8.73, 5.89, 2.98]],
  ])(
    'corrects the last instalment: 500, %s %i days at %i percent',
    (period, termDays, rate, amounts, interest) => {
      const quote = quoteLoan({
        ...example,
        amount: 500,
        period,
        termDays,
        annualRatePct: rate,
        feeType: 'fixed',
        feeValue: 0,
      });
      expect(quote.pagos.map((payment) => payment.cantidad)).toEqual(amounts);
      expect(quote.pagos.map((payment) => payment.interes)).toEqual(interest);
      expect(quote.pagos.reduce((sum, payment) => sum + toCents(payment.capital), 0)).toBe(50000);
      expect(quote.pagos.map((payment) => payment.fechaDePago)).toEqual([
        '2027-01-08',
        '2027-01-15',
        '2027-01-22',
        '2027-01-29',
      ]);
    },
  );

  it.each<[number, number[]]>([
    [1000, [333.33, 333.33, 333.34]],
    [100, [33.33, 33.33, 33.34]],
    [0.02, [0.01, 0.01, 0]],
  ])('splits %s at r = 0 with the remainder last', (amount, principal) => {
    const quote = quoteLoan({ ...example, amount, annualRatePct: 0, feeType: 'fixed', feeValue: 0 });
    expect(quote.pagos.map((payment) => payment.capital)).toEqual(principal);
    expect(quote.pagos.map((payment) => payment.interes)).toEqual([0, 0, 0]);
    expect(quote.intereses).toBe(0);
    expect(quote.totalAPagar).toBe(amount);
  });

  it('never lets a principal exceed what remains (tiny amounts)', () => {
    const quote = quoteLoan({
      ...example,
      amount: 0.07,
      termDays: 300,
      annualRatePct: 0,
      feeType: 'fixed',
      feeValue: 0,
    });
    expect(quote.pagos.map((payment) => payment.capital)).toEqual([
      0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0, 0, 0,
    ]);
  });

  it.each<[QuoteInput['feeType'], number, number]>([
    ['fixed', 12.5, 12.5],
    ['percent', 5, 50],
    ['percent', 2.345, 23.45],
    ['percent', 0.0005, 0.01], // 0.005 rounds half-up to one centavo
    ['fixed', 0, 0],
  ])('charges a %s fee of %s as %s per instalment', (feeType, feeValue, fee) => {
    const quote = quoteLoan({ ...example, feeType, feeValue });
    expect(quote.pagos.map((payment) => payment.gastos)).toEqual([fee, fee, fee]);
    expect(quote.gastosAdministrativos).toBe((toCents(fee) * 3) / 100);
  });

  it.each<[string, Partial<QuoteInput>]>([
    ['a term that is not whole periods', { termDays: 45 }],
    ['a term shorter than one period', { termDays: 0 }],
    ['a negative term', { termDays: -30 }],
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -100 }],
    ['a negative rate', { annualRatePct: -1 }],
    ['a negative fee', { feeValue: -1 }],
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
          amount: amountCents / 100,
          termDays: payments * periodDays(period),
          period,
          annualRatePct: rateHundredths / 100,
          feeType,
          feeValue: feeHundredths / 100,
          startDate: '2027-01-01',
        });
        const sum = (pick: (row: (typeof quote.pagos)[number]) => number) =>
          quote.pagos.reduce((total, row) => total + toCents(pick(row)), 0);
        expect(quote.pagos).toHaveLength(payments);
        expect(quote.pagosARealizar).toBe(payments);
        expect(sum((row) => row.capital)).toBe(amountCents);
        expect(toCents(quote.cantidadSolicitada)).toBe(amountCents);
        expect(toCents(quote.totalAPagar)).toBe(sum((row) => row.cantidad));
        expect(toCents(quote.intereses)).toBe(sum((row) => row.interes));
        expect(toCents(quote.gastosAdministrativos)).toBe(sum((row) => row.gastos));
        for (const row of quote.pagos) {
          expect(toCents(row.cantidad)).toBe(
            toCents(row.capital) + toCents(row.interes) + toCents(row.gastos),
          );
          expect(row.capital).toBeGreaterThanOrEqual(0);
          expect(row.interes).toBeGreaterThanOrEqual(0);
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

  it('reads the periods from the dates of a quote made elsewhere', () => {
    const copy = roundTrip(quoteLoan(example));
    expect(annualCostPercent(copy)).toBe(302.2);
    expect(annualCostPercent(copy, '2027-01-01')).toBe(302.2);
  });

  it('gives 218.9 for one payment of 1100 after 30 days on 1000', () => {
    const quote = quoteLoan({ ...example, termDays: 30 });
    expect(annualCostPercent(quote)).toBe(218.9);
    expect(annualCostPercent(roundTrip(quote), '2027-01-01')).toBe(218.9);
    expect(() => annualCostPercent(roundTrip(quote))).toThrow(RangeError);
  });

  it.each<[Partial<QuoteInput>, number]>([
    [{ annualRatePct: 0, feeType: 'fixed', feeValue: 0 }, 0],
    [
      {
        amount: 10000,
        termDays: 1080,
        annualRatePct: 36,
        feeType: 'fixed',
        feeValue: 25,
        startDate: '2026-12-15',
      },
      49.5,
    ],
  ])('gives %j a CAT of %s', (change, cat) => {
    expect(annualCostPercent(quoteLoan({ ...example, ...change }))).toBe(cat);
  });
});

describe('instalmentDue', () => {
  const base: InstalmentDueItem = {
    charge: 50,
    charge_covered: 0,
    administrator_fee: 50,
    administrator_fee_covered: 0,
    amount: 317.21,
    amount_covered: 0,
    late_fee: 0,
    late_fee_covered: 0,
  };

  it.each<[string, Partial<InstalmentDueItem>, number]>([
    ['nothing covered', {}, 417.21],
    ['with a late fee', { late_fee: 12.5 }, 429.71],
    ['partly covered', { charge_covered: 50, amount_covered: 100.1 }, 267.11],
    ['all covered', { charge_covered: 50, administrator_fee_covered: 50, amount_covered: 317.21 }, 0],
    ['late fee covered', { late_fee: 10, late_fee_covered: 10 }, 417.21],
    ['amounts as wire text', { charge: '50.00', amount: '317.21', amount_covered: '0.01' }, 417.2],
    ['null parts', { late_fee: null, late_fee_covered: null, charge_covered: null }, 417.21],
    [
      'cinterest_covered in place of charge_covered',
      { charge_covered: undefined, cinterest_covered: 20 },
      397.21,
    ],
    ['charge_covered before cinterest_covered', { charge_covered: 10, cinterest_covered: 20 }, 407.21],
    ['floating point noise', { charge: 0.1, administrator_fee: 0.2, amount: 0, late_fee: 0 }, 0.3],
  ])('%s', (_, change, due) => {
    expect(instalmentDue({ ...base, ...change })).toBe(due);
  });

  it('ignores the penalty fee', () => {
    expect(instalmentDue({ ...base, penalty_fee: 99, penalty_covered: 0 } as InstalmentDueItem)).toBe(417.21);
  });
});
