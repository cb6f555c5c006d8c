/** Profile dialog 'Cambiar contraseña' (PostResetPassword.php). */
import { z } from 'zod';
import { REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { newPasswordSchema, passwordRepeatSchema, textField } from './fields.ts';
import { passwordRepeatRule } from './registration-account.ts';

/**
 * The current password (`UsrPwd`) not empty, the new one (`UsrPwdNew`) following the password
 * change rule (upper, lower, digit, 8+), and its repeat equal to it.
 */
export const profilePasswordChangeSchema = z
  .object({
    UsrPwd: textField(REQUIRED_FIELD_MESSAGE, (value) => value !== ''),
    UsrPwdNew: newPasswordSchema,
    passwordRepeat: passwordRepeatSchema,
  })
  .superRefine(...passwordRepeatRule('UsrPwdNew'));
