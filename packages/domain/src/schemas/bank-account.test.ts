import { describe, expect, it } from 'vitest';
import { bankAccountSchema, cleanAccountNumber } from './bank-account.ts';
import { messagesOf } from './test-helpers.ts';

describe('bankAccountSchema', () => {
  it.each<[Record<string, unknown>, Record<string, string[]>]>([
    [{ bank: '3', account_number: '200012345678' }, {}],
    [{ bank: 3, account_number: '2000-1234-5678' }, {}],
    [{ bank: '', account_number: '200012345678' }, { bank: ['Seleccione una opción.'] }],
    [{ bank: '3', account_number: '' }, { account_number: ['Solo números.'] }],
    [{ bank: '3', account_number: '-' }, { account_number: ['Solo números.'] }],
    [{ bank: '3', account_number: '2000 1234' }, { account_number: ['Solo números.'] }],
    [{ bank: '3', account_number: 'ABC123' }, { account_number: ['Solo números.'] }],
    [{}, { bank: ['Seleccione una opción.'], account_number: ['Solo números.'] }],
  ])('%j gives %j', (input, messages) => {
    expect(messagesOf(bankAccountSchema, input)).toEqual(messages);
  });

  it('strips hyphens', () => {
    expect(bankAccountSchema.parse({ bank: 3, account_number: ' 2000-1234-5678 ' })).toEqual({
      bank: '3',
      account_number: '200012345678',
    });
    expect(cleanAccountNumber('12-34')).toBe('1234');
  });
});
