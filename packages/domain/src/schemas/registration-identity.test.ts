import { describe, expect, it } from 'vitest';
import type { CensusRecord } from '../names.ts';
import {
  makeRegistrationIdentitySchema,
  optionalNameSchema,
  registrationIdentitySchema,
  requiredNameSchema,
} from './registration-identity.ts';
import { messagesOf } from './test-helpers.ts';

const today = '2026-11-22';
const census: CensusRecord = {
  DES_PRIMER_NOMBRE: 'JOSÉ',
  DES_SEGUNDO_NOMBRE: 'ANTONIO',
  DES_PRIMER_APELLIDO: 'HERNÁNDEZ',
  DES_SEGUNDO_APELLIDO: 'CASTRO',
  COD_SEXO: 1,
  FECHA_NACIMIENTO: '1985-07-02',
};
const valid = {
  UsrDNI: '0501198500022',
  UsrNom1: 'José',
  UsrNom2: 'Antonio',
  UsrApe1: 'Hernández',
  UsrApe2: '',
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
  it('parses a wire payload', () => {
    expect(registrationIdentitySchema.parse({ ...valid, UsrDNI: '0501-1985-00022', sid: 'x' })).toEqual({
      UsrDNI: '0501198500022',
      UsrNom1: 'JOSE',
      UsrNom2: 'ANTONIO',
      UsrApe1: 'HERNANDEZ',
      UsrApe2: '',
    });
  });
});

describe('makeRegistrationIdentitySchema', () => {
  it.each<[string, Record<string, unknown>, CensusRecord | null, Record<string, string[]>]>([
    ['matching the census', {}, census, {}],
    ['matching without accents or case', { UsrNom1: 'jose', UsrApe1: 'HERNANDEZ' }, census, {}],
    [
      'another first name',
      { UsrNom1: 'JUAN' },
      census,
      { UsrNom1: ['Este nombre no coincide con el DNI ingresado.'] },
    ],
    [
      'another first surname',
      { UsrApe1: 'LOPEZ' },
      census,
      { UsrApe1: ['Este apellido no coincide con el DNI ingresado.'] },
    ],
    [
      'no census record yet',
      {},
      null,
      {
        UsrNom1: ['Debe ingresar primero un número de identidad válido.'],
        UsrApe1: ['Debe ingresar primero un número de identidad válido.'],
      },
    ],
    [
      'under 21 by the census birth date',
      {},
      { ...census, FECHA_NACIMIENTO: '2005-11-23' },
      { UsrDNI: ['Debes ser mayor de 21 años para continuar.'] },
    ],
    ['21 today', {}, { ...census, FECHA_NACIMIENTO: '2005-11-22' }, {}],
    [
      'a short identity number and a name with a space',
      { UsrDNI: '0501', UsrNom1: 'JOSE ANTONIO' },
      census,
      { UsrDNI: ['Faltan 9 dígitos.'], UsrNom1: ['No se permiten espacios'] },
    ],
    [
      'everything missing',
      { UsrDNI: undefined, UsrNom1: undefined, UsrApe1: undefined },
      census,
      {
        UsrDNI: ['Debe ser de 13 caracteres.'],
        UsrNom1: ['Campo obligatorio'],
        UsrApe1: ['Campo obligatorio'],
      },
    ],
  ])('%s', (_, change, record, messages) => {
    expect(
      messagesOf(makeRegistrationIdentitySchema({ today, census: record }), { ...valid, ...change }),
    ).toEqual(messages);
  });
});
