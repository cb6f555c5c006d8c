import { describe, expect, it } from 'vitest';
import { isMerchant, makeStage2Schema } from './stage-2.ts';
import { messagesOf } from './test-helpers.ts';

const schema = makeStage2Schema({ today: '2026-11-22' });
const valid = {
  UsrBan: '3',
  UsrBanNum: '200012345678',
  UsrEstCiv: 'soltero',
  UsrTipCli: 'asalariado',
  UsrTipViv: 'propia',
  UsrNumDep: '2',
  UsrIng: '15000',
  UsrFchLabIni: '2019-03-01',
};

describe('makeStage2Schema (register2.php)', () => {
  it('parses a wire payload, numbers as text or numbers', () => {
    expect(schema.parse({ ...valid, sid: 'abc', UsrBan: 3 })).toEqual({
      ...valid,
      UsrNumDep: 2,
      UsrIng: 15000,
      UsrBussines: '',
    });
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['a salaried person without a business type', {}, {}],
    ['a merchant with a business type', { UsrTipCli: 'comerciante', UsrBussines: 'pulperia' }, {}],
    [
      'a merchant without a business type',
      { UsrTipCli: 'comerciante' },
      { UsrBussines: ['Seleccione una opción.'] },
    ],
    [
      'a merchant with an empty business type',
      { UsrTipCli: 'comerciante', UsrBussines: ' ' },
      { UsrBussines: ['Seleccione una opción.'] },
    ],
    ['no bank', { UsrBan: '' }, { UsrBan: ['Seleccione una opción.'] }],
    ['no housing', { UsrTipViv: undefined }, { UsrTipViv: ['Seleccione una opción.'] }],
    ['no marital status', { UsrEstCiv: null }, { UsrEstCiv: ['Seleccione una opción.'] }],
    ['no income type', { UsrTipCli: '' }, { UsrTipCli: ['Seleccione una opción.'] }],
    ['letters in the account number', { UsrBanNum: '2000-1234' }, { UsrBanNum: ['Solo números.'] }],
    ['an empty account number', { UsrBanNum: '' }, { UsrBanNum: ['Solo números.'] }],
    ['0 dependents', { UsrNumDep: 0 }, {}],
    ['10 dependents', { UsrNumDep: '10' }, {}],
    ['11 dependents', { UsrNumDep: 11 }, { UsrNumDep: ['Agregue un número.'] }],
    ['no dependents answer', { UsrNumDep: '' }, { UsrNumDep: ['Agregue un número.'] }],
    ['income 1', { UsrIng: 1 }, {}],
    ['income 0', { UsrIng: '0' }, { UsrIng: ['Agregue un número.'] }],
    ['income with decimals', { UsrIng: '1500.50' }, { UsrIng: ['Agregue un número.'] }],
    ['work started today', { UsrFchLabIni: '2026-11-22' }, {}],
    ['work starting tomorrow', { UsrFchLabIni: '2026-11-23' }, { UsrFchLabIni: ['Campo obligatorio'] }],
    ['work started 20 years ago', { UsrFchLabIni: '2006-11-22' }, {}],
    [
      'work started more than 20 years ago',
      { UsrFchLabIni: '2006-11-21' },
      { UsrFchLabIni: ['Campo obligatorio'] },
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
