import { describe, expect, it } from 'vitest';
import type { CensusRecord } from '../names.ts';
import { makeRegistrationSchema, registrationCensusMismatches } from './registration.ts';
import { messagesOf } from './test-helpers.ts';

const today = '2026-11-22';
const census: CensusRecord = {
  DES_PRIMER_NOMBRE: 'KARLA',
  DES_SEGUNDO_NOMBRE: 'PATRICIA',
  DES_PRIMER_APELLIDO: 'MARTÍNEZ',
  DES_SEGUNDO_APELLIDO: 'REYES',
  COD_SEXO: 2,
  FECHA_NACIMIENTO: '1990-03-15',
};
const payload = {
  UsrDNI: '0801199000011',
  UsrNom1: 'KARLA',
  UsrNom2: 'PATRICIA',
  UsrApe1: 'MARTINEZ',
  UsrApe2: 'REYES',
  UsrMail: 'karla@example.com',
  UsrGen: 'F',
  UsrPwd: 'Secreta1!',
  UsrFchNac: '1990-03-15',
  UsrTel: '99887766',
};

describe('makeRegistrationSchema (register.php)', () => {
  const schema = makeRegistrationSchema({ today, census });

  it('parses a wire payload', () => {
    expect(schema.parse({ ...payload, UsrNom1: 'Karla' })).toEqual(payload);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    [
      'another first name',
      { UsrNom1: 'CARLA' },
      { UsrNom1: ['Este nombre no coincide con el DNI ingresado.'] },
    ],
    [
      'another birth date',
      { UsrFchNac: '1990-03-14' },
      { UsrFchNac: ['La fecha no coincide con el DNI ingresado.'] },
    ],
    [
      'a password without a special character',
      { UsrPwd: 'Secreta12' },
      { UsrPwd: ['Minimo debe tener 8 letras, 1 mayúscula 1 carácter especial y un número.'] },
    ],
    ['a 12-digit identity number', { UsrDNI: '080119900001' }, { UsrDNI: ['Faltan 1 dígitos.'] }],
  ])('refuses %s', (_, change, messages) => {
    expect(messagesOf(schema, { ...payload, ...change })).toEqual(messages);
  });

  it('lists the census mismatches for the dialog', () => {
    const parsed = schema.parse(payload);
    expect(registrationCensusMismatches(parsed, census)).toEqual([]);
    expect(registrationCensusMismatches({ ...parsed, UsrNom2: '', UsrGen: 'M' }, census)).toEqual([
      'secondName',
      'sex',
    ]);
  });
});
