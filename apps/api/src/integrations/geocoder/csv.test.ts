import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads a header and rows with CRLF line ends and a trailing newline', () => {
    expect(parseCsv('a,b\r\n1,2\r\n3,\r\n')).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '' },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('name,note\n"Santa Rita, Copan","dice ""hola""\ny adiós"\n')).toEqual([
      { name: 'Santa Rita, Copan', note: 'dice "hola"\ny adiós' },
    ]);
  });

  it('ignores a BOM and reads a last row without a newline', () => {
    expect(parseCsv('\uFEFFx\nÁ')).toEqual([{ x: 'Á' }]);
  });

  it('refuses a row with the wrong number of fields and an unclosed quote', () => {
    expect(() => parseCsv('a,b\n1,2,3\n')).toThrow('Fila 2 del CSV: 3 campos, se esperaban 2.');
    expect(() => parseCsv('a\n"abierto\n')).toThrow('CSV: unas comillas no se cierran.');
  });

  it('returns no rows for an empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });
});
