import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAmount } from './amount-reading.ts';
import { formatCents } from './money.ts';

describe('readAmount', () => {
  it.each<[string | number, number]>([
    ['15,000', 1_500_000],
    ['15000', 1_500_000],
    ['15000.00', 1_500_000],
    ['15,000.5', 1_500_050],
    ['L 1,000', 100_000],
    ['L1,000', 100_000],
    ['L. 1,000.25', 100_025],
    ['Lps 500', 50_000],
    ['lps. 500', 50_000],
    ['l 500', 50_000],
    ['  2,500  ', 250_000],
    ['1,000,000', 100_000_000],
    ['0', 0],
    ['0.05', 5],
    ['007', 700],
    [15000, 1_500_000],
    [417.21, 41_721],
    [0, 0],
  ])('reads %j as %i centavos', (text, cents) => {
    expect(readAmount(text)).toEqual({ ok: true, cents });
  });

  it.each<string | number>([
    '',
    '   ',
    'L',
    'Lps.',
    'abc',
    '15 mil',
    '1,5',
    '1,50',
    '1,0000',
    '10,00',
    '1.000,00',
    '1.000.000',
    ',100',
    '0,100',
    '1,000,00',
    '-500',
    '+500',
    '- 500',
    '15000.',
    '.50',
    '15000.123',
    '1e3',
    '15 000',
    '$500',
    'L-500',
    'HNL 500',
    '500 L',
    '１５',
    '99999999999999999999',
    -5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e21,
    0.1 + 0.2,
  ])('refuses %j', (text) => {
    expect(readAmount(text)).toEqual({ ok: false });
  });

  const cents = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

  it('reads back any amount written with thousands commas and two decimals (formatCents)', () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(readAmount(formatCents(value))).toEqual({ ok: true, cents: value });
      }),
    );
  });

  it('reads back any amount written plainly, with a prefix and spaces', () => {
    const prefix = fc.constantFrom('', 'L', 'L.', 'Lps', 'Lps.', 'l', 'LPS');
    const space = fc.constantFrom('', ' ', '  ', '\t');
    fc.assert(
      fc.property(cents, prefix, space, space, (value, p, before, after) => {
        const plain = `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
        expect(readAmount(`${before}${p}${p ? after : ''}${plain}${after}`)).toEqual({
          ok: true,
          cents: value,
        });
      }),
    );
  });

  it('never reads a text with a minus sign or a decimal comma', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.integer({ min: 1, max: 99 }), (whole, decimals) => {
        expect(readAmount(`-${whole}`).ok).toBe(false);
        expect(readAmount(`${whole},${String(decimals).padStart(2, '0')}`).ok).toBe(false);
      }),
    );
  });

  it('answers whole centavos, never more than the text says', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const reading = readAmount(text);
        if (reading.ok) {
          expect(Number.isSafeInteger(reading.cents)).toBe(true);
          expect(reading.cents).toBeGreaterThanOrEqual(0);
          expect(text).toMatch(/\d/);
        }
      }),
    );
  });
});
