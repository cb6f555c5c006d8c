/**
 * What the staff's work refuses, each with its kind and a Spanish message a person can act on, and
 * no HTTP status: services throw these (or the shared `UserError`), and the back-office error mapper
 * (`backoffice/errors.ts`) is the one place that turns a kind into its status and
 * `{error: {code, message}}`, as the legacy plugin turns a `UserError` into `ER`.
 */
import { minutesText } from './dates.ts';
export type RefusalKind =
  'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'csrf' | 'password_change_required';

export class Refusal extends Error {
  readonly kind: RefusalKind;
  constructor(kind: RefusalKind, message: string) {
    super(message);
    this.name = 'Refusal';
    this.kind = kind;
  }
}

/** The Spanish of the staff API: its refusals, and the few confirmations the staff area sends. */
export const staffMessages = {
  notLoggedIn: 'Tu sesión terminó o no has iniciado sesión. Ingresa de nuevo.',
  invalidCredentials: 'Correo o contraseña incorrectos.',
  codeSent: 'Te enviamos un código de 6 dígitos a tu correo.',
  forbidden: 'No tienes permiso para hacer esto.',
  csrf: 'Solicitud no válida. Recarga la página.',
  notFound: 'No encontramos lo que buscas.',
  borrowerNotFound: 'No encontramos a ese cliente.',
  staffNotFound: 'No encontramos a ese miembro del personal.',
  emailTaken: 'Ya existe un miembro del personal con ese correo.',
  lastAdmin: 'Debe quedar al menos un administrador activo.',
  notYourself: 'No puedes deshabilitarte ni quitarte el rol de administrador a ti mismo.',
  otherAnalystDecided: 'Otro analista ya decidió sobre este perfil.',
  notInReview: 'Este perfil no está esperando revisión.',
  /** The borrower changed the profile after the analyst opened it (issue 35 point 9). */
  profileChanged: 'El perfil cambió; revísalo de nuevo.',
  malformed: 'La solicitud no tiene el formato esperado.',
  unexpected: 'Ocurrió un error inesperado. Intenta de nuevo.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  passwordChanged: 'Tu contraseña se cambió. Cerramos tus otras sesiones.',
  passwordChangeRequired: 'Un administrador pidió que cambies tu contraseña. Cámbiala para continuar.',
  resetYourself: 'Para cambiar tu propia contraseña usa «Cambiar contraseña».',
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento e intenta de nuevo.',
  /** The per-account backoff of wrong passwords (login-backoff.ts): the same for every e-mail. */
  loginBackoff: (minutes: number) =>
    `Demasiados intentos fallidos. Espera ${minutesText(minutes)} e inténtalo de nuevo, o usa el enlace que enviamos a tu correo para ingresar de inmediato.`,
  passwordResetSent:
    'Cerramos sus sesiones y su contraseña anterior ya no sirve. Le enviamos por correo un enlace para definir una nueva.',
} as const;

export const notLoggedIn = () => new Refusal('unauthenticated', staffMessages.notLoggedIn);
export const forbidden = () => new Refusal('forbidden', staffMessages.forbidden);
export const csrfRefused = () => new Refusal('csrf', staffMessages.csrf);
export const notFound = (message: string = staffMessages.notFound) => new Refusal('not_found', message);
export const conflict = (message: string) => new Refusal('conflict', message);
/** A forced reset not done yet: only the session, logout and password rows answer. */
export const passwordChangeRequired = () =>
  new Refusal('password_change_required', staffMessages.passwordChangeRequired);
