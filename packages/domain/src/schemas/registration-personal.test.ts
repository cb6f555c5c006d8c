import { describe, expect, it } from 'vitest';
import type { CensusRecord } from '../names.ts';
import { makeRegistrationPersonalSchema } from './registration-personal.ts';
import { messagesOf } from './test-helpers.ts';

const today = '2026-11-22';
const census: CensusRecord = {
  DES_PRIMER_NOMBRE: 'KARLA',
  DES_SEGUNDO_NOMBRE: 'PATRICIA',
  DES_PRIMER_APELLIDO: 'MARTINEZ',
  DES_SEGUNDO_APELLIDO: 'REYES',
  COD_SEXO: 2,
  FECHA_NACIMIENTO: '1990-03-15',
};
const valid = {
  UsrMail: 'karla@example.com',
  UsrGen: 'F',
  UsrFchNac: '1990-03-15',
  UsrTel: '99887766',
  OtpCod: '123456',
};

describe('makeRegistrationPersonalSchema', () => {
  const schema = makeRegistrationPersonalSchema({ today, census });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['valid', {}, {}],
    [
      'two @',
      { UsrMail: 'karla@@example.com' },
      { UsrMail: ['El correo solo puede contener una arroba (@)'] },
    ],
    ['a malformed e-mail', { UsrMail: 'karla' }, { UsrMail: ['Ingrese un correo válido'] }],
    ['no gender', { UsrGen: '' }, { UsrGen: ['Campo obligatorio'] }],
    ['gender H (not a form value)', { UsrGen: 'H' }, { UsrGen: ['Campo obligatorio'] }],
    [
      'a birth date other than the census',
      { UsrFchNac: '1990-03-16' },
      { UsrFchNac: ['La fecha no coincide con el DNI ingresado.'] },
    ],
    ['no birth date', { UsrFchNac: '' }, { UsrFchNac: ['Campo obligatorio'] }],
    ['an impossible birth date', { UsrFchNac: '1990-02-30' }, { UsrFchNac: ['Campo obligatorio'] }],
    ['a short phone', { UsrTel: '9988776' }, { UsrTel: ['Faltan 1 dígitos.'] }],
    ['a long phone', { UsrTel: '998877665' }, { UsrTel: ['Máximo 8 dígitos.'] }],
    ['a short code', { OtpCod: '12345' }, { OtpCod: ['Campo obligatorio'] }],
    ['no code', { OtpCod: undefined }, { OtpCod: ['Campo obligatorio'] }],
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
      UsrFchNac: date,
    });
    expect(result.UsrFchNac?.[0] ?? null).toBe(message);
  });

  it('outputs the cleaned payload', () => {
    expect(schema.parse({ ...valid, UsrMail: ' Karla@Example.com', UsrTel: '9988-7766' })).toEqual({
      ...valid,
      UsrMail: 'karla@example.com',
    });
  });
});
