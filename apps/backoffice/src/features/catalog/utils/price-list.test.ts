import { describe, expect, it } from 'vitest';
import {
  formatAmountRange,
  formatFee,
  formatGrace,
  formatPercent,
  hundredthsToInput,
  inputToHundredths,
} from './price-list';

describe('the price list in lempiras and percents', () => {
  it.each([
    [1500.5, 150_050],
    ['1500.50', 150_050],
    [0.1, 10],
    [1234.56, 123_456],
    [0.29, 29],
    [60, 6000],
    [100_000, 10_000_000],
  ])('%s typed is %s hundredths, exactly', (typed, hundredths) => {
    expect(inputToHundredths(typed)).toBe(hundredths);
    expect(inputToHundredths(hundredthsToInput(hundredths))).toBe(hundredths);
  });

  it.each([[''], [null], [undefined], [-5], [1.005], ['1,000'], ['abc'], [Number.NaN]])(
    '%s is not an amount',
    (typed) => {
      expect(inputToHundredths(typed as number | string | null | undefined)).toBeNull();
    },
  );

  it('reads hundredths back as the field shows them', () => {
    expect(hundredthsToInput(150_050)).toBe(1500.5);
    expect(hundredthsToInput(null)).toBe('');
  });

  it('formats rates, fees and amount windows', () => {
    expect(formatPercent(6000)).toBe('60 %');
    expect(formatPercent(1250)).toBe('12.5 %');
    expect(formatFee('percent', 500)).toBe('5 % del monto por cuota');
    expect(formatFee('fixed', 2550)).toBe('L 25.50 por cuota');
    expect(formatAmountRange(100_000, 1_000_000)).toBe('L 1,000.00 a L 10,000.00');
    expect(formatGrace(0)).toBe('sin gracia');
    expect(formatGrace(1)).toBe('1 día de gracia');
    expect(formatGrace(3)).toBe('3 días de gracia');
  });
});
