/**
 * How the documents state a loan's arrears terms (decision 014, point 8): the default interest's
 * daily rate and the grace period in words. The charging itself is the servicing run's.
 */
import type { Period } from './constants.ts';
import { defaultDailyRate } from './default-interest.ts';
import { roundHalfUp } from './money.ts';

/**
 * The daily rate of default interest ("interés moratorio") in percent, rounded half-up to 4
 * decimals: the loan's own rate, its period rate (the annual rate over the calculator's divisor, as
 * the quote uses it) divided by the period's days. 60 % a year gives 0.1667 monthly (5 % / 30),
 * 0.1644 weekly (1.1510 % / 7) and 0.1534 biweekly (2.3015 % / 15).
 */
export function dailyDefaultRatePercent(annualPct: number, period: Period): number {
  // The rate the daily run charges (`defaultDailyRate`); percent with four decimals = rate × 10⁶.
  const rate = defaultDailyRate(annualPct, period);
  return Number(roundHalfUp(rate.num * 1_000_000n, rate.den)) / 10_000;
}

/** A number of days as the documents write it: '1 día', '0 días', '3 días'. */
export function daysText(days: number): string {
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`Not a number of days: ${days}`);
  return days === 1 ? '1 día' : `${days} días`;
}
