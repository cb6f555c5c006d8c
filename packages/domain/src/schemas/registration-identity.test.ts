import { describe, expect, it } from 'vitest';
import type { CensusRecord } from '../names.ts';
import { jose } from '../testing/census-people.ts';
import {
  makeRegistrationIdentitySchema,
  optionalNameSchema,
  registrationIdentitySchema,
  requiredNameSchema,
} from './registration-identity.ts';
import { messagesOf } from './test-helpers.ts';

const today = '2026-11-22';
const census = jose.census;
const valid = {
  identityNumber: jose.identityNumber,
  firstName: 'José',
  secondName: 'Antonio',
  firstSurname: 'Hernández',
  secondSurname: '',
};

describe('requiredNameSchema', () => {
  it.each<[unknown, string | null]>([
    ['JOSE', null],
    ['josé', null],
    ['Ñuñez', null],
    [' ANA ', null],
    ['JUAN CARLOS', 'No se permiten espacios'],
    ['JUAN3', 'Solo letras sin espacios'],
    ["O'NEIL", 'Solo letras sin espacios'],
    ['', 'Campo obligatorio'],
    ['   ', 'Campo obligatorio'],
    [undefined, 'Campo obligatorio'],
  ])('%j: %j', (input, message) => {
    expect(messagesOf(requiredNameSchema, input)['']?.[0] ?? null).toBe(message);
  });

  it('outputs upper case without accents', () => {
    expect(requiredNameSchema.parse(' josé ')).toBe('JOSE');
    expect(requiredNameSchema.parse('Ñuñez')).toBe('NUNEZ');
  });

  it.each<[unknown, string]>([
    ['maría josé', 'MARIA JOSE'],
    [undefined, ''],
    [null, ''],
    ['', ''],
  ])('the optional name %j becomes %j', (input, output) => {
    expect(optionalNameSchema.parse(input)).toBe(output);
  });
});

describe('registrationIdentitySchema (format only)', () => {
  it('parses and cleans the identity step', () => {
    expect(
      registrationIdentitySchema.parse({ ...valid, identityNumber: '0501-1985-00022', sid: 'x' }),
    ).toEqual({
      identityNumber: '0501198500022',
      firstName: 'JOSE',
      secondName: 'ANTONIO',
      firstSurname: 'HERNANDEZ',
      secondSurname: '',
    });
  });
});

describe('makeRegistrationIdentitySchema', () => {
  it.each<[string, Record<string, unknown>, CensusRecord | null, Record<string, string[]>]>([
    ['matching the census', {}, census, {}],
    ['matching without accents or case', { firstName: 'jose', firstSurname: 'HERNANDEZ' }, census, {}],
    [
      'another first name',
      { firstName: 'JUAN' },
      census,
      { firstName: ['Este nombre no coincide con el DNI ingresado.'] },
    ],
    [
      'another first surname',
      { firstSurname: 'LOPEZ' },
      census,
      { firstSurname: ['Este apellido no coincide con el DNI ingresado.'] },
    ],
    [
      'no census record yet',
      {},
      null,
      {
        firstName: ['Debe ingresar primero un número de identidad válido.'],
        firstSurname: ['Debe ingresar primero un número de identidad válido.'],
      },
    ],
    [
      'under 21 by the census birth date',
      {},
      { ...census, FECHA_NACIMIENTO: '2005-11-23' },
      { identityNumber: ['Debes ser mayor de 21 años para continuar.'] },
    ],
    ['21 today', {}, { ...census, FECHA_NACIMIENTO: '2005-11-22' }, {}],
    [
      'a short identity number and a name with a space',
      { identityNumber: '0501', firstName: 'JOSE ANTONIO' },
      census,
      { identityNumber: ['Faltan 9 dígitos.'], firstName: ['No se permiten espacios'] },
    ],
    [
      'everything missing',
      { identityNumber: undefined, firstName: undefined, firstSurname: undefined },
      census,
      {
        identityNumber: ['Debe ser de 13 caracteres.'],
        firstName: ['Campo obligatorio'],
        firstSurname: ['Campo obligatorio'],
      },
    ],
  ])('%s', (_, change, record, messages) => {
    expect(
      messagesOf(makeRegistrationIdentitySchema({ today, census: record }), { ...valid, ...change }),
    ).toEqual(messages);
  });
});
