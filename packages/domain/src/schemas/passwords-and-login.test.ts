import { describe, expect, it } from 'vitest';
import { loginCodeSchema, loginSchema } from './login.ts';
import { passwordChangeSchema } from './password-change.ts';
import { passwordRecoverySchema } from './password-recovery.ts';
import { messagesOf } from './test-helpers.ts';

const rule = 'Minimo debe tener 8 letras, 1 mayúscula 1 carácter especial y un número.';
const repeat = 'Esta contraseña no coincide con la primera.';

describe('passwordChangeSchema (the e-mailed link)', () => {
  it.each<[Record<string, unknown>, Record<string, string[]>]>([
    [{ password: 'Nueva1234', passwordRepeat: 'Nueva1234' }, {}],
    [{ password: 'Nueva123!', passwordRepeat: 'Nueva123!' }, {}],
    [{ password: 'nueva1234', passwordRepeat: 'nueva1234' }, { password: [rule] }],
    [{ password: 'NuevaClave', passwordRepeat: 'NuevaClave' }, { password: [rule] }],
    [{ password: 'Nueva12', passwordRepeat: 'Nueva12' }, { password: [rule] }],
    [{ password: 'Nueva1234', passwordRepeat: '' }, { passwordRepeat: [repeat] }],
    [{ password: 'Nueva1234', passwordRepeat: 'Nueva12345' }, { passwordRepeat: [repeat] }],
  ])('%j gives %j', (input, messages) => {
    expect(messagesOf(passwordChangeSchema, input)).toEqual(messages);
  });
});

describe('passwordRecoverySchema', () => {
  it.each<[Record<string, unknown>, Record<string, string[]>]>([
    [{ email: 'karla@example.com' }, {}],
    [{ email: '  ' }, { email: ['Campo obligatorio'] }],
    [{}, { email: ['Campo obligatorio'] }],
  ])('%j gives %j', (input, messages) => {
    expect(messagesOf(passwordRecoverySchema, input)).toEqual(messages);
  });
});

describe('login', () => {
  it('defaults both fields to an empty text', () => {
    expect(loginSchema.parse({})).toEqual({ email: '', password: '' });
  });

  it.each<[unknown, string | null]>([
    ['123456', null],
    ['1', null],
    ['', 'Campo obligatorio'],
    ['1234567', 'Campo obligatorio'],
    ['12a456', 'Campo obligatorio'],
    [123456, 'Campo obligatorio'],
  ])('login code %j: %j', (code, message) => {
    expect(messagesOf(loginCodeSchema, { code: code }).code?.[0] ?? null).toBe(message);
  });
});
