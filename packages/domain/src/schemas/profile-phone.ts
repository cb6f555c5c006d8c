/** Profile edit dialog: mobile phone, confirmed with a code (at most once every 6 months). */
import { z } from 'zod';
import { MOBILE_PHONE_LENGTH, SMS_CODE_LENGTH } from '../constants.ts';
import { PROFILE_PHONE_MESSAGE } from '../messages.ts';
import { exactCodeSchema, textField } from './fields.ts';

/** The new phone alone (otp_upd.php's step): exactly 8 digits ('Se requieren 8 números sin espacios'). */
export const profilePhoneNumberSchema = textField(PROFILE_PHONE_MESSAGE, (value) =>
  new RegExp(`^\\d{${MOBILE_PHONE_LENGTH}}$`).test(value),
);

/** `mob_phone` with the 6-character `code` that otp_upd.php sent to it. */
export const profilePhoneSchema = z.object({
  mob_phone: profilePhoneNumberSchema,
  code: exactCodeSchema(SMS_CODE_LENGTH),
});
