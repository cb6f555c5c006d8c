import { LegacyCallError, NetworkError } from '../../../lib/api-errors';

export type EmailValidationOutcome = 'valid' | 'invalid';

/**
 * What a failed validatemail.php call means (SPEC section 7): ER whose payload status is 'CMP' is an
 * e-mail already validated; any other ER is invalid; a network error counts as valid (the legacy
 * rule, kept: the 'Validar correo' dialog still shows while the server says the e-mail is not 'CMP').
 */
export function outcomeOfValidationError(error: unknown): EmailValidationOutcome {
  if (error instanceof NetworkError) return 'valid';
  if (error instanceof LegacyCallError && error.status === 'ER' && error.payload.status === 'CMP') {
    return 'valid';
  }
  return 'invalid';
}

export const EMAIL_VALIDATION_MESSAGES: Readonly<Record<EmailValidationOutcome, string>> = {
  valid: 'Correo validado correctamente.',
  invalid: 'El correo no se pudo validar correctamente.',
};
