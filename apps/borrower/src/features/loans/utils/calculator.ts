import {
  annualCostPercent,
  CALCULATOR_ADMIN_FEE_PERCENT,
  loanAmountSchema,
  loanTermSchema,
  productRequestLimits,
  quoteLoan,
  toCents,
  todayInTegucigalpa,
  type LoanProduct,
  type LoanQuote,
} from '@prestamos-hn/domain';
import { z } from 'zod';

/** A product the calculator can quote: its price list gives the limits and the annual rate. */
export interface CalculatorProduct {
  product: LoanProduct;
}

/** The calculator as typed. */
export interface CalculatorValues {
  productCode: string;
  amount: string;
  period: string;
}

/** The amount and term of the chosen product, checked with the request's own rules and messages. */
export function calculatorSchema(choice: CalculatorProduct) {
  const limits = productRequestLimits(choice.product);
  return z.object({
    productCode: z.string(),
    amount: loanAmountSchema(limits.minAmount, limits.maxAmount),
    period: loanTermSchema(limits),
  });
}

/** The quote and its annual cost, once the values are valid for the chosen product; else null. */
export function calculatorQuote(
  products: readonly CalculatorProduct[],
  values: CalculatorValues,
  now: Date,
): { quote: LoanQuote; annualCost: number; annualRate: number } | null {
  const choice = products.find((item) => String(item.product.id) === values.productCode);
  if (!choice) return null;
  const parsed = calculatorSchema(choice).safeParse(values);
  if (!parsed.success) return null;
  // SPEC sections 5 and 9: the calculator charges 5 percent of the amount per period.
  const quote = quoteLoan({
    amountCents: toCents(parsed.data.amount),
    termDays: parsed.data.period,
    period: choice.product.period,
    annualRatePct: choice.product.annualRatePct,
    feeType: 'percent',
    feeValue: CALCULATOR_ADMIN_FEE_PERCENT,
    startDate: todayInTegucigalpa(now),
    // A due date on a Sunday moves to the Monday, as the contract's does (decision 014). The
    // holiday calendar stays on the server: a date on a holiday shows here as it falls.
    holidays: [],
  });
  return { quote, annualCost: annualCostPercent(quote), annualRate: choice.product.annualRatePct };
}
