import { describe, expect, it } from 'vitest';
import { dailyDefaultRatePercent, daysText } from './arrears-terms.ts';

describe('dailyDefaultRatePercent', () => {
  it.each<[number, 'semanal' | 'quincenal' | 'mensual', number]>([
    [60, 'mensual', 0.1667],
    [60, 'semanal', 0.1644],
    [60, 'quincenal', 0.1534],
    [36, 'mensual', 0.1],
    [0, 'mensual', 0],
  ])('%s %% a year, %s, gives %s %% a day', (annual, period, daily) => {
    expect(dailyDefaultRatePercent(annual, period)).toBe(daily);
  });

  it('refuses a negative rate', () => {
    expect(() => dailyDefaultRatePercent(-1, 'mensual')).toThrow(RangeError);
  });
});

describe('daysText', () => {
  it.each<[number, string]>([
    [0, '0 días'],
    [1, '1 día'],
    [2, '2 días'],
    [30, '30 días'],
  ])('writes %i as %s', (days, text) => {
    expect(daysText(days)).toBe(text);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s', (days) => {
    expect(() => daysText(days)).toThrow(RangeError);
  });
});
