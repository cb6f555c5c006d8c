/** The loan products a borrower chooses from (SPEC section 3), with their price lists. */
import type { Period } from './constants.ts';
import { fromCents } from './money.ts';
import type { LoanRequestLimits } from './schemas/loan-request.ts';

/**
 * A product a borrower can request and its price list: amounts in centavos, terms in days, the
 * annual rate in percent. The contract maps it to getApplicationProfilev2.php's `Products` and
 * `PriceList` (`ProCod`, `PriMntDes`...).
 */
export type LoanProduct = {
  id: number;
  period: Period;
  name: string;
  description: string;
  minAmountCents: number;
  maxAmountCents: number;
  minDays: number;
  maxDays: number;
  annualRatePct: number;
  /** `fixed`: `feeValue` centavos per instalment; `percent`: `feeValue` percent of the amount (as `QuoteInput`'s). */
  feeType: 'fixed' | 'percent';
  feeValue: number;
};

/** What the loan application loads: the products, and the ids of those the borrower may request now. */
export type LoanProductOffer = {
  products: LoanProduct[];
  allowedProductIds: number[];
};

/** A product's limits for the request form and the calculator (lempiras, as the SPEC's messages say them). */
export function productRequestLimits(product: LoanProduct): LoanRequestLimits {
  return {
    minAmount: fromCents(product.minAmountCents),
    maxAmount: fromCents(product.maxAmountCents),
    minDays: product.minDays,
    maxDays: product.maxDays,
    period: product.period,
  };
}
