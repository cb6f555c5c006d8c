/**
 * Loan arithmetic: periods, period rates, term options, the quote (summary and calculator), its
 * annual total cost (CAT) and the amount due on an instalment, all money in integer centavos. See
 * docs/decisions/007-loan-quote.md.
 */
import {
  CALCULATOR_RATE_DIVISORS,
  PERIOD_DAYS,
  PERIODS,
  PLAN_RATE_DIVISORS,
  TERM_MAX_PAYMENTS,
  type Period,
} from './constants.ts';
import { fromCents, parseDecimal, roundHalfUp, toSafeNumber, type Rational } from './money.ts';
import { instalmentRemainingCents, type InstalmentAmounts } from './payments.ts';
import type { ServicedInstalment } from './servicing.ts';
import { addDays, daysBetween, isIsoDate, type IsoDate } from './time.ts';
import { holidaySet, instalmentDueDate } from './working-days.ts';

/** Whether a value is one of the three periods. */
export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

/** Days in a period: `semanal` 7, `quincenal` 15, `mensual` 30. */
export function periodDays(period: Period): number {
  if (!isPeriod(period)) throw new RangeError(`Unknown period: ${JSON.stringify(period)}`);
  return PERIOD_DAYS[period];
}

/** Which divisors: the calculator and summary's, or the plan screen's. */
export type RateVariant = 'calculator' | 'plan';

/** The period rate as an exact fraction (not a percent): annualPct / 100 / divisor. */
export function periodRate(annualPct: number, period: Period, variant: RateVariant = 'calculator'): Rational {
  periodDays(period);
  const annual = parseDecimal(annualPct);
  if (annual.num < 0n) throw new RangeError(`Negative annual rate: ${annualPct}`);
  const divisor = parseDecimal((variant === 'plan' ? PLAN_RATE_DIVISORS : CALCULATOR_RATE_DIVISORS)[period]);
  return { num: annual.num * divisor.den, den: annual.den * 100n * divisor.num };
}

/**
 * The period rate in percent, rounded half-up to 2 decimals: the annual rate divided by
 * 52.13 / 26.07 / 12 (calculator) or 52.1429 / 26.0714 / 12 (plan screen).
 */
export function periodRatePercent(annualPct: number, period: Period, variant: RateVariant): number {
  const rate = periodRate(annualPct, period, variant);
  // percent = rate * 100; two decimals = percent * 100 in hundredths.
  return Number(roundHalfUp(rate.num * 10_000n, rate.den)) / 100;
}

/** A term the loan form offers: its length in days and its number of payments. */
export type TermOption = { days: number; payments: number };

/**
 * SPEC section 5: weekly terms in 7-day steps up to 4 payments, biweekly in 15-day steps up to 2,
 * monthly in 30-day steps up to ceil(maxDays / 30); each from ceil(minDays / period days), and never
 * outside [minDays, maxDays].
 */
export function termOptions(period: Period, minDays: number, maxDays: number): TermOption[] {
  const days = periodDays(period);
  const first = Math.max(1, Math.ceil(minDays / days));
  const last = TERM_MAX_PAYMENTS[period] ?? Math.ceil(maxDays / days);
  const options: TermOption[] = [];
  for (let payments = first; payments <= last; payments += 1) {
    const termDays = payments * days;
    if (termDays >= minDays && termDays <= maxDays) options.push({ days: termDays, payments });
  }
  return options;
}

/** What the summary and the calculator are computed from. */
export type QuoteInput = {
  /** Centavos, more than 0. */
  amountCents: number;
  termDays: number;
  period: Period;
  annualRatePct: number;
  /** `fixed`: `feeValue` centavos per instalment; `percent`: `feeValue` percent of the amount. */
  feeType: 'fixed' | 'percent';
  feeValue: number;
  /** The day the loan starts; instalment k is due k periods later (on a day off, the next working day). */
  startDate: IsoDate;
  /**
   * The holiday calendar (decision 014, point 3): with it, a due date on a Sunday or one of these
   * dates moves to the next working day, amounts unchanged. Left out, no date moves (the quotes
   * stored before the calendar, and callers without one).
   */
  holidays?: readonly IsoDate[];
};

/** One dated instalment of a quote, in centavos: `totalCents` = principal + interest + fee. */
export type QuotePayment = {
  dueDate: IsoDate;
  totalCents: number;
  principalCents: number;
  interestCents: number;
  feeCents: number;
};

/**
 * A loan quote in centavos (the SPEC's invoice): the amount, the totals (exact sums of the rows) and
 * the dated instalments. The API stores it with the loan as it is; the contract maps it to the wire.
 */
export type LoanQuote = {
  startDate: IsoDate;
  amountCents: number;
  interestCents: number;
  feesCents: number;
  totalCents: number;
  payments: QuotePayment[];
};

/**
 * What a summary shows of a quote, and all the wire's invoice (getFactura.php) carries: the amount,
 * the totals and each instalment's date and total. A `LoanQuote` is one.
 */
export type QuoteSummary = Pick<LoanQuote, 'amountCents' | 'interestCents' | 'feesCents' | 'totalCents'> & {
  payments: Pick<QuotePayment, 'dueDate' | 'totalCents'>[];
};

/**
 * The level (French, declining-balance) payment in centavos, rounded half-up:
 * P = A·r / (1 − (1+r)^−n) = A·p·(q+p)^n / (q·((q+p)^n − q^n)) for r = p/q, exactly; A/n when r = 0.
 */
export function levelPaymentCents(amountCents: bigint, rate: Rational, payments: number): bigint {
  const { num: p, den: q } = rate;
  const n = BigInt(payments);
  if (p === 0n) return roundHalfUp(amountCents, n);
  const grown = (q + p) ** n;
  return roundHalfUp(amountCents * p * grown, q * (grown - q ** n));
}

/** A whole number of centavos as a BigInt, or RangeError. */
function wholeCents(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value))
    throw new RangeError(`${what} is not a whole number of centavos: ${value}`);
  return BigInt(value);
}

/**
 * The summary and calculator of a loan (the decision in docs/decisions/007-loan-quote.md): a level
 * payment of principal and interest, interest on the outstanding balance each period, the last
 * instalment's principal taking what remains, and the administrative fee on every instalment.
 */
export function quoteLoan(input: QuoteInput): LoanQuote {
  const { termDays, period, annualRatePct, feeType, feeValue, startDate } = input;
  const days = periodDays(period);
  if (!Number.isInteger(termDays) || termDays < days || termDays % days !== 0) {
    throw new RangeError(`The term (${termDays} days) is not a whole number of ${period} periods`);
  }
  if (!isIsoDate(startDate)) throw new RangeError(`Not a date YYYY-MM-DD: ${JSON.stringify(startDate)}`);
  const amountCents = wholeCents(input.amountCents, 'The amount');
  if (amountCents <= 0n) throw new RangeError(`The amount must be more than 0: ${input.amountCents}`);
  const fee =
    feeType === 'fixed' ? { num: wholeCents(feeValue, 'The fee'), den: 1n } : parseDecimal(feeValue);
  if (fee.num < 0n) throw new RangeError(`Negative fee: ${feeValue}`);
  let feeCents: bigint;
  if (feeType === 'fixed') feeCents = fee.num;
  else if (feeType === 'percent') feeCents = roundHalfUp(amountCents * fee.num, fee.den * 100n);
  else throw new RangeError(`Unknown fee type: ${JSON.stringify(feeType)}`);

  const payments = termDays / days;
  const holidays = input.holidays === undefined ? null : holidaySet(input.holidays);
  const rate = periodRate(annualRatePct, period, 'calculator');
  const levelCents = levelPaymentCents(amountCents, rate, payments);

  const rows: QuotePayment[] = [];
  let outstanding = amountCents;
  let totalInterest = 0n;
  let totalFees = 0n;
  let total = 0n;
  for (let k = 1; k <= payments; k += 1) {
    const interest = roundHalfUp(outstanding * rate.num, rate.den);
    // The last principal is what remains; earlier ones never take more than remains (tiny amounts).
    const levelPrincipal = levelCents - interest;
    const principal = k === payments || levelPrincipal > outstanding ? outstanding : levelPrincipal;
    outstanding -= principal;
    const instalment = principal + interest + feeCents;
    totalInterest += interest;
    totalFees += feeCents;
    total += instalment;
    rows.push({
      dueDate: holidays ? instalmentDueDate(startDate, days, k, holidays) : addDays(startDate, k * days),
      totalCents: toSafeNumber(instalment),
      principalCents: toSafeNumber(principal),
      interestCents: toSafeNumber(interest),
      feeCents: toSafeNumber(feeCents),
    });
  }
  return {
    startDate,
    amountCents: toSafeNumber(amountCents),
    interestCents: toSafeNumber(totalInterest),
    feesCents: toSafeNumber(totalFees),
    totalCents: toSafeNumber(total),
    payments: rows,
  };
}

/** What the annual cost is computed from: a quote, or a summary (with or without its start date). */
export type AnnualCostQuote = Pick<QuoteSummary, 'amountCents' | 'payments'> & { startDate?: IsoDate };

/**
 * Days from the start to each payment: from the quote's start date when known, else read from the
 * dates (which assumes dates a whole period apart: a quote whose dates moved off days off needs its
 * start date).
 */
function paymentDays(quote: AnnualCostQuote, startDate: IsoDate | undefined): number[] {
  const start = startDate ?? quote.startDate;
  const dates = quote.payments.map((payment) => payment.dueDate);
  if (start !== undefined) return dates.map((date) => daysBetween(start, date));
  const [first, second] = dates;
  if (first === undefined || second === undefined) {
    throw new RangeError('The start date of a one-payment quote is needed to compute its annual cost');
  }
  // Instalment k is due k periods after the start, so the start is one period before the first.
  const period = daysBetween(first, second);
  return dates.map((date) => daysBetween(first, date) + period);
}

/**
 * The CAT (costo anual total): the yearly rate i at which the amount equals the sum of the
 * payments each discounted by (1+i)^(days/365), in percent with one decimal (302.2 for the
 * decision record's example). `startDate` is needed only for a one-payment summary without its
 * own (for example, read back from the wire).
 */
export function annualCostPercent(quote: AnnualCostQuote, startDate?: IsoDate): number {
  const days = paymentDays(quote, startDate);
  // A displayed percentage, not money: solved in floating point on the amounts in lempiras.
  const flows = quote.payments.map((payment, index) => ({
    amount: fromCents(payment.totalCents),
    years: (days[index] ?? 0) / 365,
  }));
  if (flows.some((flow) => !(flow.years > 0))) throw new RangeError('Payments must fall after the start');
  const principal = fromCents(quote.amountCents);
  // Present value minus the amount: decreasing in i, from +∞ near i = −1 to −principal as i → ∞.
  const excess = (i: number): number =>
    flows.reduce((sum, flow) => sum + flow.amount / (1 + i) ** flow.years, 0) - principal;
  let low = -0.999_999;
  let high = 1;
  while (excess(high) > 0) {
    low = high;
    high *= 2;
    if (high > 1e15) throw new RangeError('The annual cost is too large to compute');
  }
  for (let step = 0; step < 200 && high - low > 1e-12 * Math.max(1, high); step += 1) {
    const middle = (low + high) / 2;
    if (excess(middle) > 0) low = middle;
    else high = middle;
  }
  const percent = Math.round(((low + high) / 2) * 1000) / 10;
  return percent === 0 ? 0 : percent; // never -0
}

/**
 * One instalment of a disbursed loan's schedule, in centavos, under the `instalments` row's names
 * (`charge` the interest, `administratorFee` the administrative fee, `amount` the principal) and
 * `status` the SPEC's instalment code. The contract maps it to getBorrowerRepaymentSchedule.php's
 * item (`schedule_position`, `charge_covered`... in lempiras).
 */
export interface Instalment extends ServicedInstalment {
  id: number;
  loanId: number;
  status: number;
  penaltyFeeCents: number;
  penaltyCoveredCents: number;
}

/**
 * SPEC section 9: what is still due on an instalment, in centavos: interest + administrative fee +
 * principal + late fee, minus their covered parts; and, unlike the SPEC's formula, the default
 * interest after maturity (`penalty`, decision 014), which the borrower owes like the rest. It is
 * `instalmentRemainingCents`, which also refuses a part covered beyond what it owes.
 */
export function instalmentDueCents(instalment: InstalmentAmounts): number {
  return instalmentRemainingCents(instalment);
}
