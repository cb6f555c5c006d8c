import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatMoney,
  fromCents,
  parseDecimal,
  roundHalfUp,
  roundMoney,
  sumMoney,
  toCents,
} from './money.ts';

describe('toCents', () => {
  it.each<[number | string, number]>([
    [0, 0],
    [1, 100],
    [1234.5, 123450],
    ['1234.56', 123456],
    [0.1, 10],
    [0.1 + 0.2, 30],
    [2.675, 268],
    ['2.675', 268],
    ['2.665', 267],
    [1.005, 101],
    [-1.005, -101],
    [999999999.99, 99999999999],
    ['1e3', 100000],
    [1e-7, 0],
    [' 12.3 ', 1230],
    ['.5', 50],
    ['5.', 500],
  ])('%s lempiras are %s centavos', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each(['', 'abc', '1,000.00', '1.2.3', '-'])('rejects the text %j', (text) => {
    expect(() => toCents(text)).toThrow(TypeError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e300])('rejects %s', (value) => {
    expect(() => toCents(value)).toThrow(RangeError);
  });
});

describe('fromCents', () => {
  it.each<[number | bigint, number]>([
    [0, 0],
    [41721, 417.21],
    [10, 0.1],
    [125163n, 1251.63],
    [-5, -0.05],
  ])('%s centavos are %s lempiras', (cents, amount) => {
    expect(fromCents(cents)).toBe(amount);
  });

  it('rejects a fraction of a centavo', () => {
    expect(() => fromCents(0.5)).toThrow(RangeError);
  });
});

describe('roundHalfUp', () => {
  it.each<[bigint, bigint, bigint]>([
    [5n, 2n, 3n],
    [3n, 2n, 2n],
    [7n, 3n, 2n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [0n, 7n, 0n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
  ])('%s / %s rounds to %s', (num, den, expected) => {
    expect(roundHalfUp(num, den)).toBe(expected);
  });

  it('refuses a zero denominator', () => {
    expect(() => roundHalfUp(1n, 0n)).toThrow(RangeError);
  });
});

describe('parseDecimal', () => {
  it.each<[number | string, bigint, bigint]>([
    [52.13, 5213n, 100n],
    ['26.0714', 260714n, 10000n],
    [12, 12n, 1n],
    ['1.5e2', 150n, 1n],
  ])('%s is %s/%s', (value, num, den) => {
    expect(parseDecimal(value)).toEqual({ num, den });
  });
});

describe('formatMoney', () => {
  it.each<[number, string]>([
    [1234.5, '1,234.50'],
    [0, '0.00'],
    [1, '1.00'],
    [0.05, '0.05'],
    [999.999, '1,000.00'],
    [1000000, '1,000,000.00'],
    [999999999.99, '999,999,999.99'],
    [-1234.5, '-1,234.50'],
  ])('formats %s as %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('formats centavos', () => {
    expect(formatCents(125163)).toBe('1,251.63');
  });
});

describe('roundMoney and sumMoney', () => {
  it('rounds half-up on the decimal text', () => {
    expect(roundMoney(2.675)).toBe(2.68);
  });

  it('sums exactly where floating point does not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([417.21, 417.21, '417.21'])).toBe(1251.63);
    expect(sumMoney([])).toBe(0);
  });
});
