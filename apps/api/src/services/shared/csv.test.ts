import { describe, expect, it } from 'vitest';
import { csvFile, lempirasText } from './csv.ts';

const textOf = (file: ReturnType<typeof csvFile>) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.data);

describe('lempirasText', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [41_721, '417.21'],
    [123_456_789, '1234567.89'],
    [-5, '-0.05'],
    [-100_000, '-1000.00'],
  ])('%i centavos → %s', (cents, text) => {
    expect(lempirasText(cents)).toBe(text);
  });
});

describe('csvFile', () => {
  it('starts with a BOM, ends lines with CRLF, quotes what needs it and keeps formulas as text', () => {
    const file = csvFile(
      'x.csv',
      ['Cliente', 'Monto (L)', 'Días'],
      [
        ['PAZ, GLORIA', { cents: 51_721 }, 40],
        ['Dice "hola"', null, 0],
        ['=HYPERLINK("x")', { cents: 0 }, 1],
        ['-5 @x', { cents: 1 }, 2],
      ],
    );
    expect([...file.data.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file).toMatchObject({ contentType: 'text/csv; charset=utf-8', filename: 'x.csv' });
    expect(textOf(file)).toBe(
      '\uFEFFCliente,Monto (L),Días\r\n' +
        '"PAZ, GLORIA",517.21,40\r\n' +
        '"Dice ""hola""",,0\r\n' +
        `"'=HYPERLINK(""x"")",0.00,1\r\n` +
        "'-5 @x,0.01,2\r\n",
    );
  });
});
