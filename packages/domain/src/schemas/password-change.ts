/** The change password screen reached through the e-mailed link (recoverypwd.php). */
import { z } from 'zod';
import { newPasswordSchema, passwordRepeatSchema } from './fields.ts';
import { passwordRepeatRule } from './registration-account.ts';

/**
 * 'Contraseña' (`UsrPwd`): 8+ characters with a digit, a lower-case and an upper-case letter (the
 * help text mentions a special character, the check does not require it); 'Repetir contraseña'
 * equal to it. `UsrMail` and `NewPwd` come from the link's payload, not from this form.
 */
export const passwordChangeSchema = z
  .object({ UsrPwd: newPasswordSchema, passwordRepeat: passwordRepeatSchema })
  .superRefine(...passwordRepeatRule('UsrPwd'));
