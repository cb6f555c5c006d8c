import { encodeRecoveryLinkData } from '@prestamos-hn/contract';
import type { Config } from '../../config.ts';

/** The e-mail validation link: the app's `#/validarmail/{token}` route. */
export function emailValidationLink(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/#/validarmail/${token}`;
}

/**
 * The password recovery link: the app's `#/recuperarpass/{data}` route, where `data` carries the
 * e-mail and a single-use token (never a password) in the legacy payload of the contract.
 */
export function passwordRecoveryLink(
  config: Pick<Config, 'publicUrl'>,
  email: string,
  token: string,
): string {
  return `${config.publicUrl}/#/recuperarpass/${encodeRecoveryLinkData({ email, token })}`;
}

/** The recovery form itself (for the account-locked notice). */
export function passwordRecoveryPage(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/#/recuperarpass`;
}
