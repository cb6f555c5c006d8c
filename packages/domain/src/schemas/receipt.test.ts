import { describe, expect, it } from 'vitest';
import { cleanReceiptReference, receiptReferenceKey, receiptSchema } from './receipt.ts';
import { messagesOf } from './test-helpers.ts';

describe('receiptSchema', () => {
  it('reads the amount as people write it', () => {
    expect(receiptSchema.parse({ amount: 'L 1,417.21', reference: 'A' }).amount).toBe(1417.21);
    expect(receiptSchema.parse({ amount: '15,000', reference: 'A' }).amount).toBe(15000);
  });

  it('removes whitespace from the reference and reads the amount', () => {
    expect(receiptSchema.parse({ amount: '417.21', reference: ' 12 34\t56 ' })).toEqual({
      amount: 417.21,
      reference: '123456',
    });
  });

  it.each<[Record<string, unknown>, Record<string, string[]>]>([
    [{ amount: 417.21, reference: 'ABC123' }, {}],
    [{ amount: 0, reference: 'ABC123' }, { amount: ['Campo obligatorio'] }],
    [{ amount: '', reference: 'ABC123' }, { amount: ['Campo obligatorio'] }],
    [{ amount: 'mil', reference: 'ABC123' }, { amount: ['Escribe solo números'] }],
    [{ amount: '1.000,00', reference: 'ABC123' }, { amount: ['Escribe solo números'] }],
    [{ amount: '-5', reference: 'ABC123' }, { amount: ['Escribe solo números'] }],
    [{ amount: 'L 0.00', reference: 'ABC123' }, { amount: ['Campo obligatorio'] }],
    [{ amount: '1,500.50', reference: 'ABC123' }, {}],
    [{ amount: 'L 1,000', reference: 'ABC123' }, {}],
    [{ amount: 100, reference: '   ' }, { reference: ['Campo obligatorio'] }],
    [{}, { amount: ['Campo obligatorio'], reference: ['Campo obligatorio'] }],
  ])('%j gives %j', (input, messages) => {
    expect(messagesOf(receiptSchema, input)).toEqual(messages);
  });

  it('builds the duplicate check key', () => {
    expect(cleanReceiptReference(' A B ')).toBe('AB');
    expect(receiptReferenceKey(77, '12', ' 98 76 ')).toBe('77_12_9876');
  });
});
