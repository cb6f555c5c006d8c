/**
 * Field schemas shared by the forms. Each field reports one message, the SPEC's, whatever went
 * wrong (missing, wrong type or invalid). Where the SPEC gives no message for a rule, the field
 * uses the SPEC's default message, 'Campo obligatorio', rather than new wording.
 */
import { z } from 'zod';
import {
  IDENTITY_LENGTH_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
  SELECT_AN_OPTION_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_ONE_AT_SIGN_MESSAGE,
  missingDigitsMessage,
} from '../messages.ts';
import { MOBILE_PHONE_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { isWithinYearsAgo, type IsoDate } from '../time.ts';
import { readAmount } from '../amount-reading.ts';
import { digitsOnly, identityNumberHelper, phoneHelper } from '../digits.ts';

/** A text field whose every failure (missing, not text, `isValid` false) reads `message`. */
export function textField(message: string, isValid: (value: string) => boolean = () => true) {
  return z.string({ error: message }).refine(isValid, { message });
}

/** Non-empty text after trimming (the trimmed text is the output). */
export function requiredText(message: string = REQUIRED_FIELD_MESSAGE) {
  return z
    .string({ error: message })
    .transform((value) => value.trim())
    .refine((value) => value !== '', { message });
}

/** A select: a non-empty code, as text or number on the wire (the output is text). */
export function requiredSelect(message: string = SELECT_AN_OPTION_MESSAGE) {
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', { message });
}

/** A select among fixed options. */
export function optionSelect<const T extends readonly [string, ...string[]]>(
  options: T,
  message: string = SELECT_AN_OPTION_MESSAGE,
) {
  return z.enum(options, { error: message });
}

/** A whole number within [min, max], typed as a number or as its digits (the output is a number). */
export function wholeNumber(message: string, min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const text = typeof value === 'number' ? '' : value.trim();
    const parsed = typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return parsed;
  });
}

/**
 * A whole amount of lempiras typed as people write it ('15,000', 'L 15,000', '15000.00'; read by
 * `readAmount`), from `min`; anything else reports `message`. The output is a number.
 */
export function wholeAmount(message: string, min: number) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const reading = readAmount(value);
    if (!reading.ok || reading.cents % 100 !== 0 || reading.cents / 100 < min) {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return reading.cents / 100;
  });
}

/** A `YYYY-MM-DD` date between `maxYearsAgo` and `minYearsAgo` years before `today`. */
export function dateYearsAgo(
  today: IsoDate,
  minYearsAgo: number,
  maxYearsAgo: number,
  message = REQUIRED_FIELD_MESSAGE,
) {
  return textField(message, (value) => isWithinYearsAgo(value, today, minYearsAgo, maxYearsAgo));
}

/** The 13-digit identity number: other characters are stripped, then exactly 13 digits. */
export const identityNumberSchema = z
  .string({ error: IDENTITY_LENGTH_MESSAGE })
  .transform(digitsOnly)
  .superRefine((value, ctx) => {
    const message = identityNumberHelper(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  });

/** The 8-digit mobile phone of registration: other characters are stripped, then exactly 8 digits. */
export const mobilePhoneSchema = z
  .string({ error: missingDigitsMessage(MOBILE_PHONE_LENGTH) })
  .transform(digitsOnly)
  .superRefine((value, ctx) => {
    const message = phoneHelper(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  });

const EMAIL_PATTERN =
  /^[a-z0-9._%+-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/;

/** Whether a (lower-case) text is a well-formed e-mail address with exactly one @. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** The registration e-mail: lower-cased and trimmed; one @ only; well formed. */
export const emailSchema = z
  .string({ error: EMAIL_INVALID_MESSAGE })
  .transform((value) => value.trim().toLowerCase())
  .superRefine((value, ctx) => {
    if ((value.match(/@/g) ?? []).length > 1) {
      ctx.addIssue({ code: 'custom', message: EMAIL_ONE_AT_SIGN_MESSAGE, input: value });
    } else if (!isEmailAddress(value)) {
      ctx.addIssue({ code: 'custom', message: EMAIL_INVALID_MESSAGE, input: value });
    }
  });

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit. */
export function isPasswordStrong(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password)
  );
}

/** The same, plus a special character (anything but a letter, a digit or a space). */
export function isPasswordStrongWithSpecial(password: string): boolean {
  return isPasswordStrong(password) && /[^A-Za-z0-9\s]/.test(password);
}

/** Registration: 8+ characters, upper, lower, digit and special character. */
export const registrationPasswordSchema = textField(PASSWORD_RULE_MESSAGE, isPasswordStrongWithSpecial);

/** Password change and recovery: 8+ characters, upper, lower and digit (the help text still mentions a special one). */
export const newPasswordSchema = textField(PASSWORD_RULE_MESSAGE, isPasswordStrong);

/** The repeat of a password, compared in the form's refinement. */
export const passwordRepeatSchema = z.string({ error: REQUIRED_FIELD_MESSAGE });

/** A checkbox that must be ticked. */
export const acceptedCheckbox = z.literal(true, { error: REQUIRED_FIELD_MESSAGE });

/** A one-time code of exactly `length` characters. */
export function exactCodeSchema(length: number) {
  return textField(REQUIRED_FIELD_MESSAGE, (value) => value.length === length);
}

/**
 * Runs a form's cross-field rule even when some field already failed (zod skips object
 * refinements after aborting issues by default), so that, for example, both the phone length and
 * "the same as the other reference" can show at once. The rule reads the fields as unknown.
 */
export function crossFieldRule(
  rule: (fields: Readonly<Record<string, unknown>>, report: (field: string, message: string) => void) => void,
) {
  return [
    (value: unknown, ctx: z.RefinementCtx<unknown>) => {
      if (typeof value !== 'object' || value === null) return;
      rule(value as Record<string, unknown>, (field, message) =>
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message,
          input: (value as Record<string, unknown>)[field],
        }),
      );
    },
    { when: () => true },
  ] as const;
}
