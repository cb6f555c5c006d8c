import { describe, expect, it } from 'vitest';
import { amountToWords, centsToWords } from './amount-to-words.ts';

describe('amountToWords', () => {
  it.each<[number | string, string]>([
    [0, 'Cero Pesos 00/100 M.N.'],
    [0.5, 'Cero Pesos 50/100 M.N.'],
    [1, 'Un Peso 00/100 M.N.'],
    [1.01, 'Un Peso 01/100 M.N.'],
    [2.5, 'Dos Pesos 50/100 M.N.'],
    [15, 'Quince Pesos 00/100 M.N.'],
    [16, 'Dieciséis Pesos 00/100 M.N.'],
    [20, 'Veinte Pesos 00/100 M.N.'],
    [21, 'Veintiún Pesos 00/100 M.N.'],
    [22, 'Veintidós Pesos 00/100 M.N.'],
    [23, 'Veintitrés Pesos 00/100 M.N.'],
    [26, 'Veintiséis Pesos 00/100 M.N.'],
    [30, 'Treinta Pesos 00/100 M.N.'],
    [31, 'Treinta y Un Pesos 00/100 M.N.'],
    [99, 'Noventa y Nueve Pesos 00/100 M.N.'],
    [100, 'Cien Pesos 00/100 M.N.'],
    [101, 'Ciento Un Pesos 00/100 M.N.'],
    [121, 'Ciento Veintiún Pesos 00/100 M.N.'],
    [500, 'Quinientos Pesos 00/100 M.N.'],
    [999, 'Novecientos Noventa y Nueve Pesos 00/100 M.N.'],
    [1000, 'Mil Pesos 00/100 M.N.'],
    [1001, 'Mil Un Pesos 00/100 M.N.'],
    [1100, 'Mil Cien Pesos 00/100 M.N.'],
    [2000, 'Dos Mil Pesos 00/100 M.N.'],
    [21000, 'Veintiún Mil Pesos 00/100 M.N.'],
    [31000, 'Treinta y Un Mil Pesos 00/100 M.N.'],
    [100000, 'Cien Mil Pesos 00/100 M.N.'],
    [101000, 'Ciento Un Mil Pesos 00/100 M.N.'],
    [1000000, 'Un Millón de Pesos 00/100 M.N.'],
    [1000001, 'Un Millón Un Pesos 00/100 M.N.'],
    [1001000, 'Un Millón Mil Pesos 00/100 M.N.'],
    [1000000.5, 'Un Millón de Pesos 50/100 M.N.'],
    [2000000, 'Dos Millones de Pesos 00/100 M.N.'],
    [21000000, 'Veintiún Millones de Pesos 00/100 M.N.'],
    [100000000, 'Cien Millones de Pesos 00/100 M.N.'],
    [1234567.89, 'Un Millón Doscientos Treinta y Cuatro Mil Quinientos Sesenta y Siete Pesos 89/100 M.N.'],
    [
      999999999.99,
      'Novecientos Noventa y Nueve Millones Novecientos Noventa y Nueve Mil Novecientos Noventa y Nueve Pesos 99/100 M.N.',
    ],
    ['1234.5', 'Mil Doscientos Treinta y Cuatro Pesos 50/100 M.N.'],
    ['0.1', 'Cero Pesos 10/100 M.N.'],
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
    [0, 'Cero Pesos 00/100 M.N.'],
    [100, 'Un Peso 00/100 M.N.'],
    [125163, 'Mil Doscientos Cincuenta y Un Pesos 63/100 M.N.'],
    [99999999999, amountToWords(999999999.99)],
  ])('spells %i centavos as %s', (cents, words) => {
    expect(centsToWords(cents)).toBe(words);
  });

  it.each([-1, 100000000000, 0.5, Number.NaN])('throws RangeError for %s', (cents) => {
    expect(() => centsToWords(cents)).toThrow(RangeError);
  });
});
