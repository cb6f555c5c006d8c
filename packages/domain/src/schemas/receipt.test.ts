import { describe, expect, it } from 'vitest';
import { cleanReceiptReference, receiptReferenceKey, receiptSchema } from './receipt.ts';
import { messagesOf } from './test-helpers.ts';

describe('receiptSchema', () => {
  it('removes whitespace from the reference and reads the amount', () => {
    expect(receiptSchema.parse({ montoPago: '417.21', numReferencia: ' 12 34\t56 ' })).toEqual({
      montoPago: 417.21,
      numReferencia: '123456',
    });
  });

  it.each<[Record<string, unknown>, Record<string, string[]>]>([
    [{ montoPago: 417.21, numReferencia: 'ABC123' }, {}],
    [{ montoPago: 0, numReferencia: 'ABC123' }, { montoPago: ['Campo obligatorio'] }],
    [{ montoPago: '', numReferencia: 'ABC123' }, { montoPago: ['Campo obligatorio'] }],
    [{ montoPago: 'mil', numReferencia: 'ABC123' }, { montoPago: ['Campo obligatorio'] }],
    [{ montoPago: 100, numReferencia: '   ' }, { numReferencia: ['Campo obligatorio'] }],
    [{}, { montoPago: ['Campo obligatorio'], numReferencia: ['Campo obligatorio'] }],
  ])('%j gives %j', (input, messages) => {
    expect(messagesOf(receiptSchema, input)).toEqual(messages);
  });

  it('builds the duplicate check key', () => {
    expect(cleanReceiptReference(' A B ')).toBe('AB');
    expect(receiptReferenceKey(77, '12', ' 98 76 ')).toBe('77_12_9876');
  });
});
