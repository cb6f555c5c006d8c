import { describe, expect, it } from 'vitest';
import type { CensusRecord } from '../names.ts';
import { karla } from '../testing/census-people.ts';
import { makeRegistrationSchema, registrationCensusMismatches } from './registration.ts';
import { messagesOf } from './test-helpers.ts';

const today = '2026-11-22';
// Karla, her first surname with an accent the form leaves out (names match without accents).
const census: CensusRecord = { ...karla.census, DES_PRIMER_APELLIDO: 'MARTÍNEZ' };
const payload = {
  identityNumber: karla.identityNumber,
  firstName: 'KARLA',
  secondName: 'PATRICIA',
  firstSurname: 'MARTINEZ',
  secondSurname: 'REYES',
  email: 'karla@example.com',
  gender: 'F',
  password: 'Secreta1!',
  birthDate: '1990-03-15',
  phone: '99887766',
};

describe('makeRegistrationSchema (register.php)', () => {
  const schema = makeRegistrationSchema({ today, census });

  it('parses and cleans a registration', () => {
    expect(schema.parse({ ...payload, firstName: 'Karla' })).toEqual(payload);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    [
      'another first name',
      { firstName: 'CARLA' },
      { firstName: ['Este nombre no coincide con el DNI ingresado.'] },
    ],
    [
      'another birth date',
      { birthDate: '1990-03-14' },
      { birthDate: ['La fecha no coincide con el DNI ingresado.'] },
    ],
    [
      'a password without a special character',
      { password: 'Secreta12' },
      { password: ['Minimo debe tener 8 letras, 1 mayúscula 1 carácter especial y un número.'] },
    ],
    [
      'a 12-digit identity number',
      { identityNumber: '080119900001' },
      { identityNumber: ['Faltan 1 dígitos.'] },
    ],
  ])('refuses %s', (_, change, messages) => {
    expect(messagesOf(schema, { ...payload, ...change })).toEqual(messages);
  });

  it('lists the census mismatches for the dialog', () => {
    const parsed = schema.parse(payload);
    expect(registrationCensusMismatches(parsed, census)).toEqual([]);
    expect(registrationCensusMismatches({ ...parsed, secondName: '', gender: 'M' }, census)).toEqual([
      'secondName',
      'sex',
    ]);
  });
});
