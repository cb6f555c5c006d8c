/** Registration stage 1, step 'Datos de cuenta': password, its repeat and the privacy terms. */
import { z } from 'zod';
import { PASSWORD_REPEAT_MESSAGE } from '../messages.ts';
import {
  acceptedCheckbox,
  crossFieldRule,
  passwordRepeatSchema,
  registrationPasswordSchema,
} from './fields.ts';

/** The repeat must equal the password: 'Esta contraseña no coincide con la primera.' */
export function passwordRepeatRule(passwordField: string, repeatField = 'passwordRepeat') {
  return crossFieldRule((fields, report) => {
    if (fields[repeatField] !== fields[passwordField]) report(repeatField, PASSWORD_REPEAT_MESSAGE);
  });
}

/**
 * Password with upper case, lower case, digit and special character ('Minimo debe tener 8 letras,
 * 1 mayúscula 1 carácter especial y un número.'), its repeat, and the accepted terms.
 */
export const registrationAccountSchema = z
  .object({
    password: registrationPasswordSchema,
    passwordRepeat: passwordRepeatSchema,
    termsAccepted: acceptedCheckbox,
  })
  .superRefine(...passwordRepeatRule('password'));
