import {
  fromCents,
  quoteLoan,
  type IsoDate,
  type LoanProduct,
  type LoanQuote,
  type LoanRequestLimits,
  type Period,
} from '@prestamos-hn/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { priceLists, products } from '../../db/schema/index.ts';

/**
 * A product's price-list terms: what a request is checked and quoted against, and the snapshot a
 * loan keeps of them. Amounts in centavos, the rate in basis points; a fixed fee in centavos, a
 * percentage fee in basis points of the amount.
 */
export interface LoanTerms {
  productId: number;
  periodType: Period;
  annualRateBp: number;
  feeType: 'fixed' | 'percent';
  feeValue: number;
  minAmountCents: number;
  maxAmountCents: number;
  minDays: number;
  maxDays: number;
  /** Charged once per instalment the day it turns late (centavos). */
  lateFeeCents: number;
  /** Days after a due date before the late fee is charged (decision 014, point 2). */
  graceDays: number;
  /** An instalment short by no more than this is neither late nor charged (centavos; decision 014, point 2). */
  arrearsToleranceCents: number;
}

/** The current terms of a product and whether it is offered; null for an unknown product. */
export async function loadProductTerms(
  db: DbOrTx,
  productId: number,
): Promise<(LoanTerms & { active: boolean; name: string }) | null> {
  const [row] = await db
    .select({ product: products, price: priceLists })
    .from(products)
    .innerJoin(priceLists, eq(priceLists.productId, products.id))
    .where(eq(products.id, productId))
    .limit(1);
  return row
    ? { ...termsOf(row.product, row.price), active: row.product.active, name: row.product.name }
    : null;
}

/** The active products with their price lists, in code order. */
export async function listActiveProductTerms(db: DbOrTx) {
  const rows = await db
    .select({ product: products, price: priceLists })
    .from(products)
    .innerJoin(priceLists, eq(priceLists.productId, products.id))
    .where(eq(products.active, true))
    .orderBy(asc(products.id));
  return rows.map((row) => ({ product: row.product, terms: termsOf(row.product, row.price) }));
}

export function termsOf(
  product: typeof products.$inferSelect,
  price: typeof priceLists.$inferSelect,
): LoanTerms {
  return {
    productId: product.id,
    periodType: product.periodType as Period,
    annualRateBp: price.annualRateBp,
    feeType: price.feeType as 'fixed' | 'percent',
    feeValue: price.feeValue,
    minAmountCents: price.minAmountCents,
    maxAmountCents: price.maxAmountCents,
    minDays: price.minDays,
    maxDays: price.maxDays,
    lateFeeCents: price.lateFeeCents,
    graceDays: price.graceDays,
    arrearsToleranceCents: price.arrearsToleranceCents,
  };
}

/** Basis points as a percent number (6000 gives 60). */
export const percentOfBp = (bp: number): number => fromCents(bp);

/** The fee as the domain reads it: centavos for a fixed fee, a percent number for a percentage. */
const feeValueOf = (terms: LoanTerms): number =>
  terms.feeType === 'fixed' ? terms.feeValue : percentOfBp(terms.feeValue);

/** A product and its current terms as a borrower chooses it (the domain's product, in centavos). */
export function toLoanProduct(product: typeof products.$inferSelect, terms: LoanTerms): LoanProduct {
  return {
    id: product.id,
    period: terms.periodType,
    name: product.name,
    description: product.description,
    minAmountCents: terms.minAmountCents,
    maxAmountCents: terms.maxAmountCents,
    minDays: terms.minDays,
    maxDays: terms.maxDays,
    annualRatePct: percentOfBp(terms.annualRateBp),
    feeType: terms.feeType,
    feeValue: feeValueOf(terms),
  };
}

/** The limits the domain's request schema checks (SPEC section 5's messages). */
export function requestLimits(terms: LoanTerms): LoanRequestLimits {
  return {
    minAmount: fromCents(terms.minAmountCents),
    maxAmount: fromCents(terms.maxAmountCents),
    minDays: terms.minDays,
    maxDays: terms.maxDays,
    period: terms.periodType,
  };
}

/**
 * The quote of docs/decisions/007-loan-quote.md for an amount and term under these terms, in
 * centavos, its due dates moved off Sundays and `holidays` (the calendar, `loadHolidays` of
 * services/holidays.ts; decision 014).
 */
export function quoteFor(
  terms: LoanTerms,
  amountCents: number,
  termDays: number,
  startDate: IsoDate,
  holidays: readonly IsoDate[],
): LoanQuote {
  return quoteLoan({
    amountCents,
    termDays,
    period: terms.periodType,
    annualRatePct: percentOfBp(terms.annualRateBp),
    feeType: terms.feeType,
    feeValue: feeValueOf(terms),
    startDate,
    holidays,
  });
}
