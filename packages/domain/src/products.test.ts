import { describe, expect, it } from 'vitest';
import { productRequestLimits, type LoanProduct } from './products.ts';

describe('productRequestLimits', () => {
  it("gives the request form the price list's amounts in lempiras, its days and the product's period", () => {
    const product: LoanProduct = {
      id: 3,
      period: 'mensual',
      name: 'Préstamo mensual',
      description: 'Pagos cada mes.',
      minAmountCents: 100_000,
      maxAmountCents: 1_000_050,
      minDays: 30,
      maxDays: 90,
      annualRatePct: 60,
      feeType: 'percent',
      feeValue: 5,
    };
    expect(productRequestLimits(product)).toEqual({
      minAmount: 1000,
      maxAmount: 10000.5,
      minDays: 30,
      maxDays: 90,
      period: 'mensual',
    });
  });
});
