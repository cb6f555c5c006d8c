/**
 * Refusals of the staff API, each with its HTTP status and a Spanish message a person can act on.
 * Services throw them (or the shared `UserError`, a 400); the back-office error mapper
 * (`backoffice/errors.ts`) is the one place that turns them into `{error: {code, message}}`.
 */
export type StaffErrorCode =
  'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'csrf' | 'password_change_required';

export class StaffApiError extends Error {
  readonly statusCode: number;
  readonly code: StaffErrorCode;
  constructor(statusCode: number, code: StaffErrorCode, message: string) {
    super(message);
    this.name = 'StaffApiError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const staffMessages = {
  notLoggedIn: 'Tu sesión terminó o no has iniciado sesión. Ingresa de nuevo.',
  invalidCredentials: 'Correo o contraseña incorrectos.',
  accountLocked: 'Demasiados intentos fallidos. Espera 15 minutos e intenta de nuevo.',
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
  malformed: 'La solicitud no tiene el formato esperado.',
  unexpected: 'Ocurrió un error inesperado. Intenta de nuevo.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  passwordChanged: 'Tu contraseña se cambió. Cerramos tus otras sesiones.',
  passwordChangeRequired: 'Un administrador pidió que cambies tu contraseña. Cámbiala para continuar.',
  resetYourself: 'Para cambiar tu propia contraseña usa «Cambiar contraseña».',
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento e intenta de nuevo.',
} as const;

export const notLoggedIn = () => new StaffApiError(401, 'unauthenticated', staffMessages.notLoggedIn);
export const forbidden = () => new StaffApiError(403, 'forbidden', staffMessages.forbidden);
export const csrfRefused = () => new StaffApiError(403, 'csrf', staffMessages.csrf);
export const notFound = (message: string = staffMessages.notFound) =>
  new StaffApiError(404, 'not_found', message);
export const conflict = (message: string) => new StaffApiError(409, 'conflict', message);
/** A forced reset not done yet: only the session, logout and password rows answer (403). */
export const passwordChangeRequired = () =>
  new StaffApiError(403, 'password_change_required', staffMessages.passwordChangeRequired);
