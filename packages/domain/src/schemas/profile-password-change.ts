/** Profile dialog 'Cambiar contraseña' (PostResetPassword.php). */
import { z } from 'zod';
import { REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { newPasswordSchema, passwordRepeatSchema, textField } from './fields.ts';
import { passwordRepeatRule } from './registration-account.ts';

/**
 * The current password not empty, the new one following the password change rule (upper, lower,
 * digit, 8+), and its repeat equal to it.
 */
export const profilePasswordChangeSchema = z
  .object({
    currentPassword: textField(REQUIRED_FIELD_MESSAGE, (value) => value !== ''),
    newPassword: newPasswordSchema,
    passwordRepeat: passwordRepeatSchema,
  })
  .superRefine(...passwordRepeatRule('newPassword'));
