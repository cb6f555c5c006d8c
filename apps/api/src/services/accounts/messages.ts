/**
 * The Spanish words of the account calls that SPEC.md does not give (its own messages come from
 * @prestamos-hn/domain). The borrower app shows them from `payload.message`, so the server is their
 * one source. Natural Honduran Spanish, addressed with "tú".
 */
import { minutesText } from '../shared/dates.ts';
import type { CensusItem } from '@prestamos-hn/domain';

// Login
/** The same for an unknown e-mail and a wrong password. */
export const INVALID_CREDENTIALS_MESSAGE = 'Correo o contraseña incorrectos.';
export const LOGIN_CODE_SENT_SMS_MESSAGE = 'Te enviamos un código de verificación por SMS.';
export const LOGIN_CODE_SENT_EMAIL_MESSAGE = 'Te enviamos el código de verificación a tu correo.';
export const LOGIN_CODE_CONFIRMED_MESSAGE = 'Código verificado correctamente.';
export const SESSION_ALREADY_VERIFIED_MESSAGE = 'Tu sesión ya está verificada.';
/** Code entry locked after too many wrong login codes (one-time-codes.ts, borrower and staff alike). */
export { loginCodeLockedMessage } from '../one-time-codes.ts';

// Registration codes
export const REGISTRATION_CODE_SENT_MESSAGE = 'Te enviamos un código por SMS.';
export const PHONE_CONFIRMED_MESSAGE = 'Número verificado correctamente.';

// Registration
export const PHONE_NOT_CONFIRMED_MESSAGE =
  'Primero confirma tu número de teléfono con el código que te enviamos por SMS.';
/** SPEC section 2: the success text of registration stage 1. */
export const ACCOUNT_CREATED_MESSAGE = 'Cuenta creada correctamente.';
const censusItemLabels: Record<CensusItem, string> = {
  firstName: 'primer nombre',
  secondName: 'segundo nombre',
  firstSurname: 'primer apellido',
  secondSurname: 'segundo apellido',
  sex: 'sexo',
  birthDate: 'fecha de nacimiento',
};
export const censusMismatchMessage = (items: readonly CensusItem[]): string =>
  `Tus datos no coinciden con el registro de tu identidad: ${items.map((i) => censusItemLabels[i]).join(', ')}.`;

// Recovery and password change
export const RECOVERY_SENT_MESSAGE =
  'Si el correo está registrado, te enviamos un enlace para recuperar tu contraseña.';
export const INVALID_LINK_MESSAGE = 'El enlace no es válido o ya expiró.';
export const PASSWORD_UPDATED_MESSAGE = 'Contraseña actualizada correctamente.';

// E-mail validation
/** SPEC section 2, e-mail validation screen. */
export const EMAIL_VALIDATED_MESSAGE = 'Correo validado correctamente.';
export const EMAIL_ALREADY_VALIDATED_MESSAGE = 'Tu correo ya está validado.';
export const VALIDATION_EMAIL_SENT_MESSAGE = 'Te enviamos de nuevo el correo de validación.';
export const waitForEmailMessage = (seconds: number): string =>
  seconds === 1
    ? 'Espera 1 segundo para pedir otro correo.'
    : `Espera ${seconds} segundos para pedir otro correo.`;
export const TOO_MANY_EMAILS_MESSAGE = 'Pediste demasiados correos. Intenta de nuevo en una hora.';

// What the SMS and e-mails say
export const registrationCodeSms = (brand: string, code: string): string =>
  `${brand}: tu código para crear tu cuenta es ${code}. Vence en 5 minutos. No lo compartas con nadie.`;
export const loginCodeSms = (brand: string, code: string): string =>
  `${brand}: tu código para ingresar es ${code}. Vence en 5 minutos. No lo compartas con nadie.`;
export const loginCodeEmail = (brand: string, code: string) => ({
  subject: `Tu código para ingresar a ${brand}`,
  body: `Hola:\n\nTu código para ingresar a ${brand} es ${code}.\nVence en 5 minutos. No lo compartas con nadie.\n\nSi no intentaste ingresar, cambia tu contraseña.\n\n${brand}`,
});
export const validationEmail = (brand: string, name: string, link: string) => ({
  subject: `Valida tu correo en ${brand}`,
  body: `Hola, ${name}:\n\nGracias por crear tu cuenta en ${brand}. Para validar tu correo abre este enlace:\n\n${link}\n\nEl enlace vence en 48 horas y sirve una sola vez.\n\nSi no creaste esta cuenta, ignora este mensaje.\n\n${brand}`,
});
export const recoveryEmail = (brand: string, name: string, link: string) => ({
  subject: `Recupera tu contraseña de ${brand}`,
  body: `Hola, ${name}:\n\nRecibimos una solicitud para cambiar tu contraseña. Para elegir una nueva abre este enlace:\n\n${link}\n\nEl enlace vence en 30 minutos y sirve una sola vez.\n\nSi no lo pediste, ignora este mensaje: tu contraseña no cambia.\n\n${brand}`,
});
export const passwordChangedEmail = (brand: string, name: string) => ({
  subject: `Tu contraseña de ${brand} cambió`,
  body: `Hola, ${name}:\n\nTu contraseña se cambió y cerramos todas tus sesiones abiertas.\n\nSi no fuiste tú, recupera tu contraseña de inmediato y escríbenos.\n\n${brand}`,
});
/**
 * The per-account backoff (login-backoff.ts): the same answer for every e-mail, an account's or not.
 * The owner gets in at once through the recovery link.
 */
export const loginBackoffMessage = (minutes: number): string =>
  `Demasiados intentos fallidos. Espera ${minutesText(minutes)} e inténtalo de nuevo, o recupera tu contraseña para ingresar de inmediato.`;
export const loginBackoffEmail = (brand: string, name: string, link: string) => ({
  subject: `Intentos de ingreso a tu cuenta de ${brand}`,
  body: `Hola, ${name}:\n\nAlguien intentó ingresar varias veces a tu cuenta con una contraseña incorrecta. Para protegerla, durante un tiempo pedimos esperar entre un intento y otro.\n\nSi no puedes ingresar, recupera tu contraseña con este enlace y podrás ingresar de inmediato:\n\n${link}\n\nSi no fuiste tú, no compartas tu contraseña con nadie; te recomendamos cambiarla.\n\n${brand}`,
});
export const accountLockedEmail = (brand: string, name: string, link: string) => ({
  subject: `Bloqueamos tu cuenta de ${brand}`,
  body: `Hola, ${name}:\n\nBloqueamos tu cuenta porque alguien intentó ingresar muchas veces con una contraseña incorrecta.\n\nPara desbloquearla, recupera tu contraseña aquí:\n\n${link}\n\n${brand}`,
});
