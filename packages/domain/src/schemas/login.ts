/** Login (login.php) and its one-time code (otp_cmp_login.php). */
import { z } from 'zod';
import { LOGIN_CODE_MAX_LENGTH } from '../constants.ts';
import { REQUIRED_FIELD_MESSAGE } from '../messages.ts';
import { textField } from './fields.ts';

/** The login: e-mail and password, each an empty text when missing. */
export const loginSchema = z.object({
  email: z.string().default(''),
  password: z.string().default(''),
});

/** The login code: 1 to 6 digits (the sixth submits it). */
export const loginCodeSchema = z.object({
  code: textField(REQUIRED_FIELD_MESSAGE, (value) =>
    new RegExp(`^\\d{1,${LOGIN_CODE_MAX_LENGTH}}$`).test(value),
  ),
});
