import { describe, expect, it } from 'vitest';
import { isMerchant, makeStage2Schema } from './stage-2.ts';
import { messagesOf } from './test-helpers.ts';

const schema = makeStage2Schema({ today: '2026-11-22' });
const valid = {
  bank: '3',
  account_number: '200012345678',
  marital_status: 'soltero',
  income_status: 'asalariado',
  home_status: 'propia',
  dependents: '2',
  income: '15000',
  work_experience: '2019-03-01',
};

describe('makeStage2Schema (register2.php)', () => {
  it('parses the answers, numbers as text or numbers', () => {
    expect(schema.parse({ ...valid, sid: 'abc', bank: 3 })).toEqual({
      ...valid,
      dependents: 2,
      income: 15000,
      business_type: '',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['a salaried person without a business type', {}, {}],
    ['a merchant with a business type', { income_status: 'comerciante', business_type: 'pulperia' }, {}],
    [
      'a merchant without a business type',
      { income_status: 'comerciante' },
      { business_type: ['Seleccione una opción.'] },
    ],
    [
      'a merchant with an empty business type',
      { income_status: 'comerciante', business_type: ' ' },
      { business_type: ['Seleccione una opción.'] },
    ],
    ['no bank', { bank: '' }, { bank: ['Seleccione una opción.'] }],
    ['no housing', { home_status: undefined }, { home_status: ['Seleccione una opción.'] }],
    ['no marital status', { marital_status: null }, { marital_status: ['Seleccione una opción.'] }],
    ['no income type', { income_status: '' }, { income_status: ['Seleccione una opción.'] }],
    ['letters in the account number', { account_number: '2000-1234' }, { account_number: ['Solo números.'] }],
    ['an empty account number', { account_number: '' }, { account_number: ['Solo números.'] }],
    ['0 dependents', { dependents: 0 }, {}],
    ['10 dependents', { dependents: '10' }, {}],
    ['11 dependents', { dependents: 11 }, { dependents: ['Agregue un número.'] }],
    ['no dependents answer', { dependents: '' }, { dependents: ['Agregue un número.'] }],
    ['income 1', { income: 1 }, {}],
    ['income 0', { income: '0' }, { income: ['Agregue un número.'] }],
    ['income with decimals', { income: '1500.50' }, { income: ['Agregue un número.'] }],
    ['income with thousands commas', { income: '15,000' }, {}],
    ['income with a prefix and zero decimals', { income: 'L 15,000.00' }, {}],
    ['income with letters', { income: 'quince mil' }, { income: ['Agregue un número.'] }],
    ['income with a decimal comma', { income: '15.000,00' }, { income: ['Agregue un número.'] }],
    ['work started today', { work_experience: '2026-11-22' }, {}],
    ['work starting tomorrow', { work_experience: '2026-11-23' }, { work_experience: ['Campo obligatorio'] }],
    ['work started 20 years ago', { work_experience: '2006-11-22' }, {}],
    [
      'work started more than 20 years ago',
      { work_experience: '2006-11-21' },
      { work_experience: ['Campo obligatorio'] },
    ],
  ])('%s', (_, change, messages) => {
    expect(messagesOf(schema, { ...valid, ...change })).toEqual(messages);
  });

  it.each([
    ['comerciante', true],
    ['asalariado', false],
    [undefined, false],
  ])('%j is a merchant: %s', (incomeType, merchant) => {
    expect(isMerchant(incomeType)).toBe(merchant);
  });
});
