/**
 * Default interest after maturity (decision 014, point 7): once a loan's last due date has passed,
 * every day its overdue principal accrues interest at the loan's own rate (the period rate divided
 * by the period's days), charged by the daily run into the instalment's `penalty` part and paid
 * after the late fee. Pure functions of the schedule, the loan's rate and the business date.
 */
import type { Period } from './constants.ts';
import { periodDays, periodRate } from './loan-math.ts';
import { roundHalfUp, toSafeNumber, type Rational } from './money.ts';
import { instalmentRemainingCents } from './payments.ts';
import type { ArrearsTerms, ServicedInstalment } from './servicing.ts';
import { daysBetween, type IsoDate } from './time.ts';

/** The loan's daily rate: its period rate (as the quote computes interest) over the period's days. */
export function defaultDailyRate(annualRatePct: number, period: Period): Rational {
  const rate = periodRate(annualRatePct, period, 'calculator');
  return { num: rate.num, den: rate.den * BigInt(periodDays(period)) };
}

/** One day of default interest on `unpaidPrincipalCents`, rounded half-up to the centavo. */
export function defaultInterestForDay(unpaidPrincipalCents: number, dailyRate: Rational): number {
  if (!Number.isSafeInteger(unpaidPrincipalCents) || unpaidPrincipalCents < 0) {
    throw new RangeError(`Not a whole, non-negative number of centavos: ${unpaidPrincipalCents}`);
  }
  return toSafeNumber(roundHalfUp(BigInt(unpaidPrincipalCents) * dailyRate.num, dailyRate.den));
}

/** The loan's maturity: its last due date. */
export function maturityDate(schedule: readonly Pick<ServicedInstalment, 'dueDate'>[]): IsoDate {
  if (schedule.length === 0) throw new RangeError('A schedule has at least one instalment');
  return schedule.reduce((last, i) => (i.dueDate > last ? i.dueDate : last), schedule[0]!.dueDate);
}

/**
 * The default interest the run of `businessDate` charges an instalment: once the loan is more than
 * its grace days past maturity (money within the grace days is on time, as for the late fee), one
 * day at the daily rate on the instalment's principal not yet covered (by money that arrived before
 * that day); nothing for an instalment short by no more than the tolerance; else 0.
 */
export function defaultInterestToCharge(
  businessDate: IsoDate,
  instalment: ServicedInstalment,
  maturity: IsoDate,
  dailyRate: Rational,
  terms: Pick<ArrearsTerms, 'graceDays' | 'arrearsToleranceCents'> = {
    graceDays: 0,
    arrearsToleranceCents: 0,
  },
): number {
  if (daysBetween(maturity, businessDate) <= terms.graceDays) return 0;
  if (instalmentRemainingCents(instalment) <= terms.arrearsToleranceCents) return 0;
  return defaultInterestForDay(instalment.amountCents - instalment.amountCoveredCents, dailyRate);
}
