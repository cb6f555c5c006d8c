import { describe, expect, it } from 'vitest';
import { registrationAccountSchema } from './registration-account.ts';
import { messagesOf } from './test-helpers.ts';

const rule = 'Minimo debe tener 8 letras, 1 mayúscula 1 carácter especial y un número.';
const repeat = 'Esta contraseña no coincide con la primera.';
const valid = { password: 'Secreta1!', passwordRepeat: 'Secreta1!', termsAccepted: true };

describe('registrationAccountSchema', () => {
  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['valid', {}, {}],
    ['no special character', { password: 'Secreta12', passwordRepeat: 'Secreta12' }, { password: [rule] }],
    ['too short', { password: 'Se1!', passwordRepeat: 'Se1!' }, { password: [rule] }],
    ['a different repeat', { passwordRepeat: 'Secreta1?' }, { passwordRepeat: [repeat] }],
    [
      'a weak password and a different repeat',
      { password: 'abc' },
      { password: [rule], passwordRepeat: [repeat] },
    ],
    ['terms not accepted', { termsAccepted: false }, { termsAccepted: ['Campo obligatorio'] }],
    ['terms missing', { termsAccepted: undefined }, { termsAccepted: ['Campo obligatorio'] }],
  ])('%s', (_, change, messages) => {
    expect(messagesOf(registrationAccountSchema, { ...valid, ...change })).toEqual(messages);
  });
});
