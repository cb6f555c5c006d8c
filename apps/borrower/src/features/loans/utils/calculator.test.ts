import { fromWireApplicationProfile } from '@prestamos-hn/contract';
import { describe, expect, it } from 'vitest';
import { applicationProfileFixture } from '../../../testing/loan-fixtures';
import { calculatorQuote, type CalculatorProduct } from './calculator';

const products: CalculatorProduct[] = fromWireApplicationProfile(applicationProfileFixture).products.map(
  (product) => ({ product }),
);
// 2026-12-31 at noon in Tegucigalpa: the quote starts then.
const now = new Date('2026-12-31T18:00:00Z');

describe('calculatorQuote', () => {
  it("gives docs/decisions/007's worked example: L 1,000, 90 days, monthly, 60 %, 5 % fee", () => {
    const result = calculatorQuote(products, { productCode: '3', amount: '1000', period: '90' }, now);
    expect(result?.quote).toMatchObject({
      startDate: '2026-12-31',
      amountCents: 100_000,
      interestCents: 10_163,
      feesCents: 15_000,
      totalCents: 125_163,
    });
    expect(result?.quote.payments.map((p) => [p.dueDate, p.totalCents])).toEqual([
      ['2027-01-30', 41_721],
      ['2027-03-01', 41_721],
      ['2027-03-31', 41_721],
    ]);
    expect(result?.annualCost).toBe(302.2);
    expect(result?.annualRate).toBe(60);
  });

  it('moves a due date on a Sunday to the Monday, as the contract does (decision 014)', () => {
    // From 27 November 2026, the first monthly date is Sunday 27 December.
    const fromFriday = new Date('2026-11-27T18:00:00Z');
    const result = calculatorQuote(products, { productCode: '3', amount: '1000', period: '90' }, fromFriday);
    expect(result?.quote.payments.map((p) => p.dueDate)).toEqual(['2026-12-28', '2027-01-26', '2027-02-25']);
  });

  it.each(['1,000', 'L 1,000', 'Lps. 1,000.00', '1000.00'])('reads %j as L 1,000', (amount) => {
    expect(
      calculatorQuote(products, { productCode: '3', amount, period: '90' }, now)?.quote.amountCents,
    ).toBe(100_000);
  });

  it.each([
    ['an amount written with a decimal comma', { productCode: '3', amount: '1.000,00', period: '30' }],
    ['an amount below the minimum', { productCode: '3', amount: '900', period: '30' }],
    ['an amount not a multiple of 10', { productCode: '3', amount: '1005', period: '30' }],
    ['no term', { productCode: '3', amount: '1000', period: '' }],
    ["a term of another product's period", { productCode: '3', amount: '1000', period: '28' }],
    ['an unknown product', { productCode: '9', amount: '1000', period: '30' }],
  ])('gives nothing for %s', (_, values) => {
    expect(calculatorQuote(products, values, now)).toBeNull();
  });
});
