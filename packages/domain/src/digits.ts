/**
 * The identity number's and the phone's digits as they are typed: what the inputs keep and the helper
 * text under them. No Zod here: the registration's first screen uses these before its schemas download.
 */
import {
  IDENTITY_LENGTH_MESSAGE,
  IDENTITY_MAX_DIGITS_MESSAGE,
  missingDigitsMessage,
  PHONE_MAX_DIGITS_MESSAGE,
} from './messages.ts';
import { IDENTITY_NUMBER_LENGTH, MOBILE_PHONE_LENGTH } from './constants.ts';

/** Keeps the digits only (how the identity and phone inputs clean what is typed). */
export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

function digitCountHelper(digits: string, length: number, tooLong: string, empty: string): string | null {
  const count = digitsOnly(digits).length;
  if (count === 0) return empty;
  if (count < length) return missingDigitsMessage(length - count);
  if (count > length) return tooLong;
  return null;
}

/**
 * The identity number's helper text: 'Debe ser de 13 caracteres.' when empty, 'Faltan N dígitos.'
 * when short, 'Máximo 13 dígitos.' when long, null at 13 digits.
 */
export function identityNumberHelper(digits: string): string | null {
  return digitCountHelper(
    digits,
    IDENTITY_NUMBER_LENGTH,
    IDENTITY_MAX_DIGITS_MESSAGE,
    IDENTITY_LENGTH_MESSAGE,
  );
}

/** The mobile phone's helper text: 'Faltan N dígitos.' (8 when empty), 'Máximo 8 dígitos.', or null. */
export function phoneHelper(digits: string): string | null {
  return digitCountHelper(
    digits,
    MOBILE_PHONE_LENGTH,
    PHONE_MAX_DIGITS_MESSAGE,
    missingDigitsMessage(MOBILE_PHONE_LENGTH),
  );
}
