import type { Config } from '../../config.ts';

/** The e-mail validation link: the app's `#/validarmail/{token}` route. */
export function emailValidationLink(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/#/validarmail/${token}`;
}

/**
 * The password recovery link: the app's `#/recuperarpass/{data}` route, where `data` is the legacy
 * payload, standard base64 of `{"UsrMail", "newPWD"}` (the app decodes it with `atob` after
 * `decodeURIComponent`). `newPWD` is a single-use token, never a password. The base64 is
 * percent-encoded because `+`, `/` and `=` are not safe in a hash route.
 */
export function passwordRecoveryLink(
  config: Pick<Config, 'publicUrl'>,
  email: string,
  token: string,
): string {
  const data = Buffer.from(JSON.stringify({ UsrMail: email, newPWD: token }), 'utf8').toString('base64');
  return `${config.publicUrl}/#/recuperarpass/${encodeURIComponent(data)}`;
}

/** The recovery form itself (for the account-locked notice). */
export function passwordRecoveryPage(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}/#/recuperarpass`;
}
