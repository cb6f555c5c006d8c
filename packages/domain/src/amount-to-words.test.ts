import { describe, expect, it } from 'vitest';
import { amountToWords, centsToWords } from './amount-to-words.ts';

describe('amountToWords', () => {
  it.each<[number | string, string]>([
    [0, 'Cero Lempiras con 00/100'],
    [0.5, 'Cero Lempiras con 50/100'],
    [1, 'Un Lempira con 00/100'],
    [1.01, 'Un Lempira con 01/100'],
    [2.5, 'Dos Lempiras con 50/100'],
    [15, 'Quince Lempiras con 00/100'],
    [16, 'Dieciséis Lempiras con 00/100'],
    [20, 'Veinte Lempiras con 00/100'],
    [21, 'Veintiún Lempiras con 00/100'],
    [22, 'Veintidós Lempiras con 00/100'],
    [23, 'Veintitrés Lempiras con 00/100'],
    [26, 'Veintiséis Lempiras con 00/100'],
    [30, 'Treinta Lempiras con 00/100'],
    [31, 'Treinta y Un Lempiras con 00/100'],
    [99, 'Noventa y Nueve Lempiras con 00/100'],
    [100, 'Cien Lempiras con 00/100'],
    [101, 'Ciento Un Lempiras con 00/100'],
    [121, 'Ciento Veintiún Lempiras con 00/100'],
    [500, 'Quinientos Lempiras con 00/100'],
    [999, 'Novecientos Noventa y Nueve Lempiras con 00/100'],
    [1000, 'Mil Lempiras con 00/100'],
    [1001, 'Mil Un Lempiras con 00/100'],
    [1100, 'Mil Cien Lempiras con 00/100'],
    [2000, 'Dos Mil Lempiras con 00/100'],
    [21000, 'Veintiún Mil Lempiras con 00/100'],
    [31000, 'Treinta y Un Mil Lempiras con 00/100'],
    [100000, 'Cien Mil Lempiras con 00/100'],
    [101000, 'Ciento Un Mil Lempiras con 00/100'],
    [1000000, 'Un Millón de Lempiras con 00/100'],
    [1000001, 'Un Millón Un Lempiras con 00/100'],
    [1001000, 'Un Millón Mil Lempiras con 00/100'],
    [1000000.5, 'Un Millón de Lempiras con 50/100'],
    [2000000, 'Dos Millones de Lempiras con 00/100'],
    [21000000, 'Veintiún Millones de Lempiras con 00/100'],
    [100000000, 'Cien Millones de Lempiras con 00/100'],
    [1234567.89, 'Un Millón Doscientos Treinta y Cuatro Mil Quinientos Sesenta y Siete Lempiras con 89/100'],
    [
      999999999.99,
      'Novecientos Noventa y Nueve Millones Novecientos Noventa y Nueve Mil Novecientos Noventa y Nueve Lempiras con 99/100',
    ],
    ['1234.5', 'Mil Doscientos Treinta y Cuatro Lempiras con 50/100'],
    ['0.1', 'Cero Lempiras con 10/100'],
  ])('spells %s as %s', (amount, words) => {
    expect(amountToWords(amount)).toBe(words);
  });

  it.each<number | string>([
    -0.01,
    -1,
    1000000000,
    999999999.995,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    'mil',
  ])('throws RangeError for %s', (amount) => {
    expect(() => amountToWords(amount)).toThrow(RangeError);
  });
});

describe('centsToWords', () => {
  it.each<[number, string]>([
    [0, 'Cero Lempiras con 00/100'],
    [100, 'Un Lempira con 00/100'],
    [125163, 'Mil Doscientos Cincuenta y Un Lempiras con 63/100'],
    [99999999999, amountToWords(999999999.99)],
  ])('spells %i centavos as %s', (cents, words) => {
    expect(centsToWords(cents)).toBe(words);
  });

  it('spells lempiras, never the legacy pesos', () => {
    for (const cents of [0, 100, 100000, 125163, 100000000]) {
      expect(centsToWords(cents)).toMatch(/ Lempiras? con \d\d\/100$/);
      expect(centsToWords(cents)).not.toMatch(/Peso|M\.N\./);
    }
  });

  it.each([-1, 100000000000, 0.5, Number.NaN])('throws RangeError for %s', (cents) => {
    expect(() => centsToWords(cents)).toThrow(RangeError);
  });
});
