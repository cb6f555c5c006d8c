import { describe, expect, it } from 'vitest';
import { loanRequestConsentSchema, makeLoanRequestSchema, type LoanRequestLimits } from './loan-request.ts';
import { messagesOf } from './test-helpers.ts';

const limits: LoanRequestLimits = { minAmount: 500, maxAmount: 10000, minDays: 30, maxDays: 90 };
const valid = { amount: 1000, period: 60, purpose: '2', productId: 3 };
const range = 'Minimo L500, máximo de L10000 y multiplo de 10.';

describe('makeLoanRequestSchema (postOffer.php)', () => {
  it('parses a wire payload', () => {
    expect(makeLoanRequestSchema(limits).parse({ ...valid, amount: '1500', period: '90', sid: 'x' })).toEqual(
      {
        amount: 1500,
        period: 90,
        purpose: '2',
        productId: '3',
      },
    );
  });

  it('reads the amount as people write it', () => {
    expect(makeLoanRequestSchema(limits).parse({ ...valid, amount: 'Lps. 1,500.00' }).amount).toBe(1500);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['the minimum', { amount: 500 }, {}],
    ['the maximum', { amount: '10000' }, {}],
    ['below the minimum', { amount: 490 }, { amount: ['El monto debe ser mayor o igual a L.500'] }],
    ['zero', { amount: 0 }, { amount: ['El monto debe ser mayor o igual a L.500'] }],
    ['above the maximum', { amount: 10010 }, { amount: [range] }],
    ['not a multiple of 10', { amount: 1005 }, { amount: [range] }],
    ['with centavos', { amount: 1000.5 }, { amount: [range] }],
    ['empty', { amount: '' }, { amount: [range] }],
    ['missing', { amount: undefined }, { amount: [range] }],
    ['not a number', { amount: 'mil' }, { amount: ['Escribe solo números'] }],
    ['a decimal comma', { amount: '1,5' }, { amount: ['Escribe solo números'] }],
    ['a negative', { amount: '-1000' }, { amount: ['Escribe solo números'] }],
    ['thousands with a comma', { amount: '1,500' }, {}],
    ['a lempira prefix', { amount: 'L 1,500' }, {}],
    ['two zero decimals', { amount: '1500.00' }, {}],
    [
      'a readable amount below the minimum',
      { amount: 'L 400' },
      { amount: ['El monto debe ser mayor o igual a L.500'] },
    ],
    ['a term too short', { period: 15 }, { period: ['No debe ser menos de 30.'] }],
    ['a term too long', { period: 120 }, { period: ['No debe ser mayor de 90.'] }],
    ['no term', { period: '' }, { period: ['Seleccione una opción.'] }],
    ['no purpose', { purpose: '' }, { purpose: ['Seleccione una opción.'] }],
    ['no product', { productId: undefined }, { productId: ['Seleccione una opción.'] }],
  ])('%s', (_, change, messages) => {
    expect(messagesOf(makeLoanRequestSchema(limits), { ...valid, ...change })).toEqual(messages);
  });

  it.each<[number, string | null]>([
    [30, null],
    [60, null],
    [90, null],
    [45, 'Seleccione una opción.'],
  ])('a monthly product takes %i days: %j', (days, message) => {
    const schema = makeLoanRequestSchema({ ...limits, period: 'mensual' });
    expect(messagesOf(schema, { ...valid, period: days }).period?.[0] ?? null).toBe(message);
  });

  it('prints the price list bounds as given', () => {
    const schema = makeLoanRequestSchema({ minAmount: 1500, maxAmount: 25000, minDays: 7, maxDays: 28 });
    expect(messagesOf(schema, { ...valid, amount: 100, period: 35 })).toEqual({
      amount: ['El monto debe ser mayor o igual a L.1500'],
      period: ['No debe ser mayor de 28.'],
    });
    expect(messagesOf(schema, { ...valid, amount: 1501, period: 3 })).toEqual({
      amount: ['Minimo L1500, máximo de L25000 y multiplo de 10.'],
      period: ['No debe ser menos de 7.'],
    });
  });
});

describe('loanRequestConsentSchema', () => {
  it.each<[Record<string, unknown>, Record<string, string[]>]>([
    [{ bankAccountConfirmed: true, contractAccepted: true, promissoryNoteAccepted: true }, {}],
    [
      { bankAccountConfirmed: true, contractAccepted: false },
      { contractAccepted: ['Campo obligatorio'], promissoryNoteAccepted: ['Campo obligatorio'] },
    ],
  ])('%j gives %j', (input, messages) => {
    expect(messagesOf(loanRequestConsentSchema, input)).toEqual(messages);
  });
});
