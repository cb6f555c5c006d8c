import { describe, expect, it } from 'vitest';
import { karla } from '../testing/census-people.ts';
import { makeRegistrationPersonalSchema } from './registration-personal.ts';
import { messagesOf } from './test-helpers.ts';

const today = '2026-11-22';
const census = karla.census;
const valid = {
  email: 'karla@example.com',
  gender: 'F',
  birthDate: '1990-03-15',
  phone: '99887766',
  code: '123456',
};

describe('makeRegistrationPersonalSchema', () => {
  const schema = makeRegistrationPersonalSchema({ today, census });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['valid', {}, {}],
    ['two @', { email: 'karla@@example.com' }, { email: ['El correo solo puede contener una arroba (@)'] }],
    ['a malformed e-mail', { email: 'karla' }, { email: ['Ingrese un correo válido'] }],
    ['no gender', { gender: '' }, { gender: ['Campo obligatorio'] }],
    ['gender H (not a form value)', { gender: 'H' }, { gender: ['Campo obligatorio'] }],
    [
      'a birth date other than the census',
      { birthDate: '1990-03-16' },
      { birthDate: ['La fecha no coincide con el DNI ingresado.'] },
    ],
    ['no birth date', { birthDate: '' }, { birthDate: ['Campo obligatorio'] }],
    ['an impossible birth date', { birthDate: '1990-02-30' }, { birthDate: ['Campo obligatorio'] }],
    ['a short phone', { phone: '9988776' }, { phone: ['Faltan 1 dígitos.'] }],
    ['a long phone', { phone: '998877665' }, { phone: ['Máximo 8 dígitos.'] }],
    ['a short code', { code: '12345' }, { code: ['Campo obligatorio'] }],
    ['no code', { code: undefined }, { code: ['Campo obligatorio'] }],
  ])('%s', (_, change, messages) => {
    expect(messagesOf(schema, { ...valid, ...change })).toEqual(messages);
  });

  it.each<[string, string | null]>([
    ['2005-11-22', null], // 21 today
    ['2005-11-23', 'Campo obligatorio'], // 21 tomorrow
    ['1946-11-22', null], // 80 years ago
    ['1946-11-21', 'Campo obligatorio'],
  ])('without a census record, birth date %s: %j', (date, message) => {
    const result = messagesOf(makeRegistrationPersonalSchema({ today, census: null }), {
      ...valid,
      birthDate: date,
    });
    expect(result.birthDate?.[0] ?? null).toBe(message);
  });

  it('outputs the cleaned payload', () => {
    expect(schema.parse({ ...valid, email: ' Karla@Example.com', phone: '9988-7766' })).toEqual({
      ...valid,
      email: 'karla@example.com',
    });
  });
});
