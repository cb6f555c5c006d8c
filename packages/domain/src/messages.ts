/**
 * Every Spanish message of SPEC sections 4, 5 and 8 (and the few of sections 2 and 6 that the rules
 * here decide), copied character for character with the SPEC's quirks (`Minimo`, `esta en uso`,
 * `Ultimo`). Apps import these instead of retyping them. Messages with a value are functions.
 */

// Generic
export const REQUIRED_FIELD_MESSAGE = 'Campo obligatorio';
export const SELECT_AN_OPTION_MESSAGE = 'Seleccione una opción.';
/** The prefix of registration and code errors: `'Error: '` plus the message. */
export const ERROR_PREFIX = 'Error: ';
export const errorMessage = (message: string): string => `${ERROR_PREFIX}${message}`;
/** `'Faltan N dígitos.'` (the SPEC's wording even for N = 1). */
export const missingDigitsMessage = (missing: number): string => `Faltan ${missing} dígitos.`;

// Registration stage 1: identity number and census lookup
export const IDENTITY_LENGTH_MESSAGE = 'Debe ser de 13 caracteres.';
export const IDENTITY_MAX_DIGITS_MESSAGE = 'Máximo 13 dígitos.';
export const UNDERAGE_MESSAGE = 'Debes ser mayor de 21 años para continuar.';
export const IDENTITY_NOT_FOUND_MESSAGE = 'Por favor, ingrese un número de identidad válido.';
export const IDENTITY_CHECK_ERROR_MESSAGE = 'Ocurrió un error al validar la identidad.';
export const CONNECTION_ERROR_MESSAGE = 'Error de conexión. Intente más tarde.';

// Registration stage 1: names
export const NAME_LETTERS_ONLY_MESSAGE = 'Solo letras sin espacios';
export const NAME_NO_SPACES_MESSAGE = 'No se permiten espacios';
export const FIRST_NAME_MISMATCH_MESSAGE = 'Este nombre no coincide con el DNI ingresado.';
export const FIRST_SURNAME_MISMATCH_MESSAGE = 'Este apellido no coincide con el DNI ingresado.';
export const IDENTITY_FIRST_MESSAGE = 'Debe ingresar primero un número de identidad válido.';
export const CENSUS_MISMATCH_TITLE = 'Coincidencia encontrada';

// Registration stage 1: e-mail, birth date, phone, code, password
export const EMAIL_INVALID_MESSAGE = 'Ingrese un correo válido';
export const EMAIL_ONE_AT_SIGN_MESSAGE = 'El correo solo puede contener una arroba (@)';
export const BIRTH_DATE_MISMATCH_MESSAGE = 'La fecha no coincide con el DNI ingresado.';
export const PHONE_MAX_DIGITS_MESSAGE = 'Máximo 8 dígitos.';
export const PASSWORD_RULE_MESSAGE =
  'Minimo debe tener 8 letras, 1 mayúscula 1 carácter especial y un número.';
/** A new password found in the list of common breached passwords the API ships (issue 15, point 9). */
export const COMMON_PASSWORD_MESSAGE =
  'Esa contraseña es muy común y aparece en filtraciones de datos. Elige otra más difícil de adivinar.';
export const PASSWORD_REPEAT_MESSAGE = 'Esta contraseña no coincide con la primera.';

// Registration stage 2
export const DIGITS_ONLY_MESSAGE = 'Solo números.';
export const ADD_A_NUMBER_MESSAGE = 'Agregue un número.';

// Profile edits
export const PROFILE_PHONE_MESSAGE = 'Se requieren 8 números sin espacios';
export const PROFILE_INCOME_MESSAGE = 'Solo numeros sin espacios';
export const WORKPLACE_NAME_MESSAGE = 'Escriba algo mayor a 2 caracteres.';
export const WRITE_SOMETHING_MESSAGE = 'Escriba algo';

// References (modal and profile)
export const REFERENCE_NAME_LETTERS_MESSAGE = 'Solo se permiten letras.';
/** Names and phones of references (no final period). */
export const REFERENCE_REQUIRED_MESSAGE = 'Este campo es obligatorio';
/** Reference type selects (with a final period). */
export const REFERENCE_TYPE_REQUIRED_MESSAGE = 'Este campo es obligatorio.';
export const REFERENCE_PHONE_MIN_MESSAGE = 'Debe tener al menos 8 caracteres.';
export const REFERENCE_PHONE_PROFILE_MESSAGE = 'Debe ser un número de 8 dígitos';
export const REFERENCE_EMAIL_MESSAGE = 'Debe ser un correo válido.';
export const REFERENCE_EMAIL_DOMAIN_MESSAGE = 'Debe ser un correo válido con @dominio';
export const PERSONAL_PHONE_EQUALS_LABOUR_MESSAGE = 'El teléfono personal no puede ser igual al laboral.';
/** The SPEC names it only as "the labour counterpart"; this is its mirror of the personal message. */
export const LABOUR_PHONE_EQUALS_PERSONAL_MESSAGE = 'El teléfono laboral no puede ser igual al personal.';
export const PERSONAL_EMAIL_EQUALS_LABOUR_MESSAGE = 'El correo personal no puede ser igual al laboral.';
/** The SPEC names it only as "the labour counterpart"; this is its mirror of the personal message. */
export const LABOUR_EMAIL_EQUALS_PERSONAL_MESSAGE = 'El correo laboral no puede ser igual al personal.';
export const PROFILE_PHONE_EQUALS_PERSONAL_MESSAGE =
  'El número no puede ser igual al de referencia personal.';
export const PROFILE_EMAIL_EQUALS_PERSONAL_MESSAGE =
  'El correo no puede ser igual al de referencia personal.';

// Loan request
/** A price-list bound as the messages print it: the number as the price list gives it. */
const bound = (value: number): string => String(value);
export const loanAmountRangeMessage = (min: number, max: number): string =>
  `Minimo L${bound(min)}, máximo de L${bound(max)} y multiplo de 10.`;
export const loanAmountMinimumMessage = (min: number): string =>
  `El monto debe ser mayor o igual a L.${bound(min)}`;
export const termMinimumMessage = (days: number): string => `No debe ser menos de ${days}.`;
export const termMaximumMessage = (days: number): string => `No debe ser mayor de ${days}.`;
export const BANK_ACCOUNT_EXISTS_MESSAGE = 'La cuenta ya existe en nuestro sistema.';

// Proof of payment
export const RECEIPT_ALREADY_UPLOADED_MESSAGE =
  'El comprobante con este número de referencia ya ha sido cargado, se actualizará tu foto de comprobante si se reenvía';
/** The reference check failed (also section 8's "Reference check failure"). */
export const VALIDATION_ERROR_MESSAGE = 'Error validando';
export const OUTSIDE_OPERATING_HOURS_MESSAGE = 'Fuera de horario operativo';
export const RECEIPT_SENT_MESSAGE = '¡Comprobante enviado con éxito!';
/** The hours the receipt notice states (receipts are accepted 00:00-19:59: both readings kept). */
export const RECEIPT_HOURS_NOTICE = '8:00 am - 8:00 pm';

// Section 4: states and transitions
export const SEND_SMS_LABEL = 'Enviar sms';
export const SMS_SENT_LABEL = 'Enviado';
export const resendCountdownLabel = (seconds: number): string => `Reenviar (${seconds}s)`;
export const PHONE_VALIDATED_LABEL = 'Validado';
/** Registration submit and password change while busy (three dots). */
export const SENDING_LABEL = 'Enviando...';
/** Profile edit dialogs while saving (four dots). */
export const PROFILE_SAVING_LABEL = 'Enviando....';
export const CONFIRM_DATA_LABEL = 'Mis datos son correctos';
export const STAGE_2_SAVE_LABEL = 'guardar';
export const PROFILE_IN_VALIDATION_MESSAGE = 'Tu perfil sigue en proceso de validación. No puedes aún.';
export const LOCATION_NOT_ALLOWED_MESSAGE =
  'Lo sentimos, actualmente esta función no está permitida en tu ubicación.';

// Section 8: the error catalogue
export const EMAIL_IN_USE_MESSAGE = 'El correo ya esta en uso';
export const ID_IN_USE_MESSAGE = 'El ID ya esta en uso';
export const PHONE_IN_USE_MESSAGE = 'El teléfono ya esta en uso';
/** A phone change refused: the server's message plus `(hasta el <date>)`, the date from `fechaexp`. */
export const phoneChangeLockedMessage = (message: string, until: string): string =>
  `${message} (hasta el ${until})`;
export const locationDeniedMessage = (product: string): string =>
  `Para continuar con el proceso de solicitud de préstamo en ${product} App, es necesario que el navegador acceda a tu ubicación en tu celular.`;
export const LOCATION_SEE_MORE_LABEL = 'Ver más';
export const cityUnavailableMessage = (city: string): string =>
  `Lo sentimos, esta opción no está disponible en ${city}`;
export const LOCATION_REQUIRED_MESSAGE =
  'Lo sentimos es necesario que el navegador acceda a tu ubicación en tu celular.';
export const LOCATION_LOOKUP_ERROR_MESSAGE =
  'Error al obtener la ubicación. Por favor, inténtalo de nuevo más tarde.';
/** Issue 35: the phone gave no position in time (not a refusal): said plainly, with a retry button. */
export const LOCATION_NO_POSITION_MESSAGE = 'No pudimos obtener tu ubicación';
export const RETRY_LABEL = 'Reintentar';
/** Issue 35: an amount field whose text is not an amount ('15,000', 'L 1,000' and '15000.00' are). */
export const AMOUNT_NOT_A_NUMBER_MESSAGE = 'Escribe solo números';
export const FIELD_DISABLED_MESSAGE = 'Este campo está deshabilitado.';
export const OPTION_DISABLED_MESSAGE = 'Esta opción está deshabilitada.';
export const AVAILABLE_IN_12_MONTHS_MESSAGE = 'Esta opción estará disponible en 12 meses.';
export const NO_DEPENDENTS_MESSAGE = 'No tienes dependientes registrados.';
export const newVersionMessage = (version: string): string =>
  `Nueva versión disponible (${version}), la aplicación se reiniciará automáticamente.`;
export const PAGE_NOT_FOUND_MESSAGE = 'La página a la que intenta acceder no existe.';
