import { describe, expect, it } from 'vitest';
import { digitsOnly, identityNumberHelper, phoneHelper } from '../digits.ts';
import {
  emailSchema,
  identityNumberSchema,
  isPasswordStrong,
  isPasswordStrongWithSpecial,
  mobilePhoneSchema,
  newPasswordSchema,
  registrationPasswordSchema,
  requiredSelect,
  wholeNumber,
} from './fields.ts';
import { messagesOf } from './test-helpers.ts';

describe('identityNumberHelper', () => {
  it.each<[string, string | null]>([
    ['', 'Debe ser de 13 caracteres.'],
    ['0', 'Faltan 12 dígitos.'],
    ['080119900001', 'Faltan 1 dígitos.'],
    ['0801199000011', null],
    ['0801-1990-00011', null],
    ['08011990000111', 'Máximo 13 dígitos.'],
  ])('%j: %j', (digits, message) => {
    expect(identityNumberHelper(digits)).toBe(message);
  });
});

describe('phoneHelper', () => {
  it.each<[string, string | null]>([
    ['', 'Faltan 8 dígitos.'],
    ['9988', 'Faltan 4 dígitos.'],
    ['9988776', 'Faltan 1 dígitos.'],
    ['99887766', null],
    ['9988-7766', null],
    ['998877665', 'Máximo 8 dígitos.'],
  ])('%j: %j', (digits, message) => {
    expect(phoneHelper(digits)).toBe(message);
  });

  it('keeps the digits only', () => {
    expect(digitsOnly(' 9988-77 66a')).toBe('99887766');
  });
});

describe('identityNumberSchema and mobilePhoneSchema', () => {
  it.each<[unknown, string | null]>([
    ['0801-1990-00011', null],
    ['0801', 'Faltan 9 dígitos.'],
    ['', 'Debe ser de 13 caracteres.'],
    [undefined, 'Debe ser de 13 caracteres.'],
    [801199000011, 'Debe ser de 13 caracteres.'],
    ['08011990000112', 'Máximo 13 dígitos.'],
  ])('identity %j: %j', (input, message) => {
    expect(messagesOf(identityNumberSchema, input)['']?.[0] ?? null).toBe(message);
  });

  it('outputs the digits', () => {
    expect(identityNumberSchema.parse('0801 1990 00011')).toBe('0801199000011');
    expect(mobilePhoneSchema.parse('9988-7766')).toBe('99887766');
  });

  it.each<[unknown, string | null]>([
    ['99887766', null],
    ['998877', 'Faltan 2 dígitos.'],
    ['', 'Faltan 8 dígitos.'],
    [null, 'Faltan 8 dígitos.'],
    ['998877665', 'Máximo 8 dígitos.'],
  ])('phone %j: %j', (input, message) => {
    expect(messagesOf(mobilePhoneSchema, input)['']?.[0] ?? null).toBe(message);
  });
});

describe('emailSchema', () => {
  it.each<[unknown, string | null]>([
    ['karla@example.com', null],
    ['  Karla.Martinez@Example.HN ', null],
    ['karla@@example.com', 'El correo solo puede contener una arroba (@)'],
    ['a@b@example.com', 'El correo solo puede contener una arroba (@)'],
    ['karla.example.com', 'Ingrese un correo válido'],
    ['karla@example', 'Ingrese un correo válido'],
    ['karla @example.com', 'Ingrese un correo válido'],
    ['', 'Ingrese un correo válido'],
    [undefined, 'Ingrese un correo válido'],
  ])('%j: %j', (input, message) => {
    expect(messagesOf(emailSchema, input)['']?.[0] ?? null).toBe(message);
  });

  it('lower-cases and trims', () => {
    expect(emailSchema.parse('  Karla@Example.COM ')).toBe('karla@example.com');
  });
});

describe('passwords', () => {
  const rule = 'Minimo debe tener 8 letras, 1 mayúscula 1 carácter especial y un número.';

  it.each<[string, boolean, boolean]>([
    ['Abcdef1!', true, true],
    ['Abcdefg1', true, false],
    ['Abcde1!', false, false],
    ['abcdefg1!', false, false],
    ['ABCDEFG1!', false, false],
    ['Abcdefgh!', false, false],
    ['Abcdefg 1', true, false],
    ['Contraseña1', true, true],
  ])('%j: strong %s, with special %s', (password, strong, special) => {
    expect(isPasswordStrong(password)).toBe(strong);
    expect(isPasswordStrongWithSpecial(password)).toBe(special);
    expect(messagesOf(newPasswordSchema, password)).toEqual(strong ? {} : { '': [rule] });
    expect(messagesOf(registrationPasswordSchema, password)).toEqual(special ? {} : { '': [rule] });
  });

  it('reports the rule for a missing password', () => {
    expect(messagesOf(newPasswordSchema, undefined)).toEqual({ '': [rule] });
  });
});

describe('building blocks', () => {
  it.each<[unknown, string | null]>([
    ['3', null],
    [3, null],
    ['', 'Seleccione una opción.'],
    ['  ', 'Seleccione una opción.'],
    [null, 'Seleccione una opción.'],
    [undefined, 'Seleccione una opción.'],
  ])('requiredSelect %j: %j', (input, message) => {
    expect(messagesOf(requiredSelect(), input)['']?.[0] ?? null).toBe(message);
  });

  it.each<[unknown, number | string]>([
    ['0', 0],
    [10, 10],
    [' 7 ', 7],
    ['11', 'X'],
    [-1, 'X'],
    [2.5, 'X'],
    ['2.5', 'X'],
    ['', 'X'],
    ['abc', 'X'],
    [null, 'X'],
  ])('wholeNumber 0-10 of %j: %j', (input, expected) => {
    const result = wholeNumber('X', 0, 10).safeParse(input);
    expect(result.success ? result.data : result.error.issues[0]?.message).toBe(expected);
  });
});
