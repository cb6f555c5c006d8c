/** The change password screen reached through the e-mailed link (recoverypwd.php). */
import { z } from 'zod';
import { newPasswordSchema, passwordRepeatSchema } from './fields.ts';
import { passwordRepeatRule } from './registration-account.ts';

/**
 * 'Contraseña' (`password`): 8+ characters with a digit, a lower-case and an upper-case letter (the
 * help text mentions a special character, the check does not require it); 'Repetir contraseña'
 * equal to it. The e-mail and the token come from the link, not from this form.
 */
export const passwordChangeSchema = z
  .object({ password: newPasswordSchema, passwordRepeat: passwordRepeatSchema })
  .superRefine(...passwordRepeatRule('password'));
