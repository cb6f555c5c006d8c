import { describe, expect, it } from 'vitest';
import {
  defaultDailyRate,
  defaultInterestForDay,
  defaultInterestToCharge,
  maturityDate,
} from './default-interest.ts';
import { periodRate } from './loan-math.ts';

describe('default interest after maturity', () => {
  it('is the period rate spread over the period’s days', () => {
    // 120 % a year, monthly: 10 % a month (divisor 12), so one day is 10 % / 30.
    const rate = defaultDailyRate(120, 'mensual');
    const month = periodRate(120, 'mensual', 'calculator');
    expect(Number(rate.num) / Number(rate.den)).toBeCloseTo(Number(month.num) / Number(month.den) / 30, 12);
    // L 1,000 overdue: L 100 a month, L 3.33 a day.
    expect(defaultInterestForDay(100_000, rate)).toBe(333);
    expect(defaultInterestForDay(0, rate)).toBe(0);
    expect(() => defaultInterestForDay(-1, rate)).toThrow(RangeError);
  });

  it('charges nothing up to maturity, then a day on the principal not yet covered', () => {
    const rate = defaultDailyRate(120, 'mensual');
    const schedule = [{ dueDate: '2027-01-05' }, { dueDate: '2027-02-04' }];
    const maturity = maturityDate(schedule);
    expect(maturity).toBe('2027-02-04');
    const base = {
      position: 2,
      dueDate: '2027-02-04',
      lateFeeCents: 0,
      lateFeeCoveredCents: 0,
      penaltyFeeCents: 0,
      penaltyCoveredCents: 0,
      chargeCents: 0,
      chargeCoveredCents: 0,
      administratorFeeCents: 0,
      administratorFeeCoveredCents: 0,
    };
    const owed = { ...base, amountCents: 100_000, amountCoveredCents: 40_000 };
    expect(defaultInterestToCharge('2027-02-04', owed, maturity, rate)).toBe(0);
    expect(defaultInterestToCharge('2027-02-05', owed, maturity, rate)).toBe(200);
    const covered = { ...base, amountCents: 100_000, amountCoveredCents: 100_000 };
    expect(defaultInterestToCharge('2027-02-05', covered, maturity, rate)).toBe(0);
    // With a grace day the first day after maturity is free; a tolerated shortfall draws nothing.
    const seeded = { graceDays: 1, arrearsToleranceCents: 100 };
    expect(defaultInterestToCharge('2027-02-05', owed, maturity, rate, seeded)).toBe(0);
    expect(defaultInterestToCharge('2027-02-06', owed, maturity, rate, seeded)).toBe(200);
    const short = { ...base, amountCents: 100_000, amountCoveredCents: 99_950 };
    expect(defaultInterestToCharge('2027-02-06', short, maturity, rate, seeded)).toBe(0);
  });
});
