// The profile calls' messages, without zod: screens import these and not the calls' schemas
// (issue 33). ./profile.ts re-exports them.

/** Messages of the profile calls that the SPEC does not word. */
export const profileMessages = {
  saved: 'Tus datos se guardaron correctamente.',
  stage2Saved: 'Se registro correctamente.',
  stage2AlreadyDone: 'Ya completaste el registro.',
  filesSaved: 'Tus documentos se guardaron correctamente.',
  noFile: 'Adjunta al menos un archivo.',
  unknownFileField: 'Solo se aceptan los campos file1, file2, file3 y file4.',
  /** The content is not a PNG, JPEG or WEBP image (whatever its name or type says). */
  notAnImage: 'El archivo debe ser una imagen PNG, JPG o WEBP.',
  /** The front ID must be PNG or JPEG (SPEC section 5). */
  frontIdFormat: 'La identidad (frente) debe ser una imagen PNG o JPG.',
  emptyChanges: 'No enviaste ningún cambio.',
  /** A key of `array` that does not exist or that a borrower may not change (status, email...). */
  fieldNotEditable: (field: string) => `El campo ${field} no se puede modificar.`,
  /** The profile is approved (status '1'): every change is refused. */
  profileLocked: 'Tu perfil ya fue aprobado y no se puede modificar.',
  /** Department, municipality or neighbourhood codes that are not in the lists. */
  unknownPlace: 'Seleccione una opción.',
  /** The phone was changed less than 6 months ago; ER payload also carries `fechaexp` (YYYY-MM-DD). */
  phoneChangeLocked: 'Solo puedes cambiar tu teléfono una vez cada 6 meses',
  phoneSameAsCurrent: 'Ese ya es tu número de teléfono.',
  phoneCodeSent: 'Te enviamos un código por SMS al nuevo número.',
  phoneCodeWrong: 'El código no es válido o ya expiró. Solicita uno nuevo.',
  phoneChanged: 'Tu teléfono se cambió correctamente.',
  currentPasswordWrong: 'La contraseña actual no es correcta.',
  /** otp_upd.php without `UsrPwd`. */
  currentPasswordForPhone: 'Escribe tu contraseña actual para cambiar tu teléfono.',
  passwordChanged: 'Tu contraseña se cambió correctamente.',
  /** send_confirmdata.php with the mandatory set incomplete. */
  profileIncomplete:
    'Tu perfil aún no está completo. Completa los datos obligatorios y los cuatro documentos.',
  profileSent: 'Tus datos se enviaron a revisión. Te responderemos en 24 horas hábiles.',
  profileAlreadySent: 'Tus datos ya fueron enviados a revisión.',
  /** The bank-account lookup did not answer. */
  bankCheckUnavailable: 'No pudimos verificar la cuenta bancaria. Intenta de nuevo en unos minutos.',
  /** sendBankAccountCode.php, or the change, without `UsrPwd` (issue 31). */
  currentPasswordForBankAccount: 'Escribe tu contraseña actual para cambiar tu cuenta bancaria.',
  /** putProfile.php with a new bank account and no `OtpLNum`, while an account is on file. */
  bankAccountCodeRequired:
    'Para cambiar tu cuenta bancaria pide un código por SMS y escríbelo junto con tu contraseña.',
  bankAccountSameAsCurrent: 'Esa ya es tu cuenta bancaria.',
  bankAccountCodeSent: 'Te enviamos un código por SMS a tu teléfono para confirmar tu nueva cuenta bancaria.',
  bankAccountChanged: 'Tu cuenta bancaria se cambió correctamente.',
  /** sendBankAccountCode.php's SMS: the brand, the new account's last 4 digits and the code. */
  bankAccountChangeSms: (brand: string, lastDigits: string, code: string) =>
    `${brand}: tu código para cambiar tu cuenta bancaria a la terminada en ${lastDigits} es ${code}. Vence en 5 minutos. Si no lo pediste tú, no lo compartas y escríbenos.`,
  /** otp_upd.php's SMS, with the brand and the code. */
  phoneChangeSms: (brand: string, code: string) =>
    `${brand}: tu código para cambiar tu número de teléfono es ${code}. Vence en 5 minutos. No lo compartas con nadie.`,
} as const;
