/** SPEC section 4, profile: editability, completeness, display state and the review notice. */
import { MINIMUM_AGE_YEARS, UTILITY_BILL_MAX_AGE_MONTHS } from './constants.ts';
import { parseStatusCode } from './labels.ts';
import { toCents } from './money.ts';
import { addDays, type IsoDate } from './time.ts';

/** The server's status text meaning complete, sent, or confirmed (`datasend`, `MailEst`). */
export const COMPLETE_STATUS = 'CMP';

/** `MailEst` while the e-mail is not confirmed (the app shows 'Validar correo' for anything but `CMP`). */
export const EMAIL_PENDING_STATUS = 'PEN';

/** Profile fields are editable only while the status is `'0'` (not approved). */
export function isProfileEditable(status: string | number): boolean {
  return String(status) === '0';
}

/** Status `'1'`: approved and locked. */
export function isProfileApproved(status: string | number): boolean {
  return String(status) === '1';
}

/** The e-mail is confirmed when `MailEst` is `CMP`; otherwise the validation dialog shows. */
export function isEmailConfirmed(mailEst: string | null | undefined): boolean {
  return mailEst === COMPLETE_STATUS;
}

/** The type-of-dependents row is disabled when there are no dependents. */
export function isDependentsTypeEnabled(dependents: number | string | null | undefined): boolean {
  const count = Number(dependents);
  return Number.isFinite(count) && count > 0;
}

type Value = string | number | null | undefined;

/** The profile fields the completeness rule reads (getProfile.php names). */
export type ProfileCompletenessInput = {
  income_status: Value;
  bank: Value;
  marital_status: Value;
  income: Value;
  home_status: Value;
  region: Value;
  dependents: Value;
  education: Value;
  workplace: Value;
  workplace_position: Value;
  work_region: Value;
  work_county: Value;
  work_experience: Value;
  ref_tipo_per: Value;
  ref_nom_per: Value;
  ref_tel_per: Value;
  ref_tipo_lab: Value;
  ref_nom_lab: Value;
  ref_tel_lab: Value;
  file1: Value;
  file2: Value;
  file3: Value;
  file4: Value;
};

export const MANDATORY_PROFILE_FIELDS = [
  'income_status',
  'bank',
  'marital_status',
  'income',
  'home_status',
  'region',
  'dependents',
  'education',
  'workplace',
  'workplace_position',
  'work_region',
  'work_county',
  'work_experience',
  'ref_tipo_per',
  'ref_nom_per',
  'ref_tel_per',
  'ref_tipo_lab',
  'ref_nom_lab',
  'ref_tel_lab',
  'file1',
  'file2',
  'file3',
  'file4',
] as const satisfies readonly (keyof ProfileCompletenessInput)[];

function isPresent(value: Value): boolean {
  if (value === null || value === undefined) return false;
  return typeof value === 'number' ? Number.isFinite(value) : value.trim() !== '';
}

function isIncomeAtLeastOne(value: Value): boolean {
  try {
    return isPresent(value) && toCents(value as number | string) >= 100;
  } catch {
    return false;
  }
}

/** The mandatory fields still missing (income counts only from 1; 0 dependents is an answer). */
export function missingProfileFields(profile: ProfileCompletenessInput): (keyof ProfileCompletenessInput)[] {
  return MANDATORY_PROFILE_FIELDS.filter((field) =>
    field === 'income' ? !isIncomeAtLeastOne(profile.income) : !isPresent(profile[field]),
  );
}

/** Whether the mandatory set is complete, so that the profile can go to review. */
export function isProfileComplete(profile: ProfileCompletenessInput): boolean {
  return missingProfileFields(profile).length === 0;
}

/** The stage 2 answers ('Completar registro'): whether one is still missing. */
export function isStage2Pending(profile: {
  bank: string;
  account_number: string;
  home_status: string;
  income_status: string;
  marital_status: string;
  dependents: number | null;
  income: number | null;
  work_experience: string;
}): boolean {
  return (
    profile.bank === '' ||
    profile.account_number === '' ||
    profile.home_status === '' ||
    profile.income_status === '' ||
    profile.marital_status === '' ||
    profile.dependents === null ||
    profile.income === null ||
    profile.work_experience === ''
  );
}

/** The references needed before a loan request: type, name and phone of both. */
export function hasCompleteReferences(
  profile: Pick<
    ProfileCompletenessInput,
    'ref_tipo_per' | 'ref_nom_per' | 'ref_tel_per' | 'ref_tipo_lab' | 'ref_nom_lab' | 'ref_tel_lab'
  >,
): boolean {
  return [
    profile.ref_tipo_per,
    profile.ref_nom_per,
    profile.ref_tel_per,
    profile.ref_tipo_lab,
    profile.ref_nom_lab,
    profile.ref_tel_lab,
  ].every(isPresent);
}

/** Incomplete (red), complete and awaiting review (orange), approved (green). */
export type ProfileDisplayState = 'incomplete' | 'awaitingReview' | 'approved';

export function profileDisplayState(
  profile: ProfileCompletenessInput & { status: string | number },
): ProfileDisplayState {
  if (isProfileApproved(profile.status)) return 'approved';
  return isProfileComplete(profile) ? 'awaitingReview' : 'incomplete';
}

/** The "Mis datos son correctos" dialog: complete, not approved, and not yet sent for review. */
export function shouldConfirmProfileData(
  profile: ProfileCompletenessInput & { status: string | number; datasend?: string | null },
): boolean {
  return (
    isProfileComplete(profile) && isProfileEditable(profile.status) && profile.datasend !== COMPLETE_STATUS
  );
}

/**
 * Review outcome codes of `errores_perfil` (0 still in validation, 1 selfie not confirmed, 2 utility
 * bill invalid, 3 documents not confirmed, 4 DNI not confirmed, 5 under age). The SPEC gives no
 * Spanish wording for them.
 */
export const PROFILE_ERROR_CODES = {
  0: 'inValidation',
  1: 'selfieNotConfirmed',
  2: 'utilityBillInvalid',
  3: 'documentsNotConfirmed',
  4: 'dniNotConfirmed',
  5: 'underage',
} as const;
export type ProfileErrorCode = keyof typeof PROFILE_ERROR_CODES;

/**
 * `errores_perfil` 0-5 in words (the SPEC gives only their meaning): the same text on Inicio and in
 * the notification and SMS a returned profile sends.
 */
export const PROFILE_ERROR_TEXTS: Readonly<Record<ProfileErrorCode, string>> = {
  0: 'Tu perfil sigue en validación. Te avisaremos en cuanto terminemos de revisarlo.',
  1: 'No pudimos confirmar tu selfie. Sube una nueva foto de tu rostro, con buena luz y sin lentes ni gorra.',
  2: `Tu recibo de servicio público no es válido. Sube un recibo de luz, agua, teléfono o cable de los últimos ${UTILITY_BILL_MAX_AGE_MONTHS} meses que muestre la dirección de tu casa.`,
  3: 'No pudimos confirmar tus documentos. Revisa que las fotos se vean completas y claras, y súbelas de nuevo.',
  4: 'No pudimos confirmar tu DNI. Sube de nuevo las fotos del frente y del reverso de tu identidad.',
  5: `Lo sentimos, para solicitar un préstamo debes tener al menos ${MINIMUM_AGE_YEARS} años.`,
};

/** `errores_perfil` 0-5 as staff read them: the analyst's choice when returning, and the file's history. */
export const PROFILE_ERROR_STAFF_LABELS: Readonly<Record<ProfileErrorCode, string>> = {
  0: 'Sigue en validación',
  1: 'Selfie no confirmada',
  2: 'Recibo de servicio público inválido',
  3: 'Documentos no confirmados',
  4: 'DNI no confirmado',
  5: 'Menor de edad, no califica',
};

/** What to do about each outcome, in the help dialog the notice links to. */
export const PROFILE_ERROR_HELP: Readonly<Record<ProfileErrorCode, string>> = {
  0: 'No tienes que hacer nada por ahora: revisamos tu perfil y te enviaremos una notificación con la respuesta.',
  1: 'En tu perfil, en Documentos, toma una selfie nueva: de frente, en un lugar iluminado, sin lentes, gorra ni filtros.',
  2: 'En tu perfil, en Documentos, sube una foto completa y legible de un recibo reciente de luz, agua, teléfono o cable con la dirección de tu casa.',
  3: 'En tu perfil, en Documentos, vuelve a subir las fotos: que se vean las cuatro esquinas, sin reflejos y con el texto legible.',
  4: 'En tu perfil, en Documentos, sube de nuevo el frente y el reverso de tu DNI, completos y sin reflejos.',
  5: `Nuestros préstamos son para personas de ${MINIMUM_AGE_YEARS} años o más. Cuando cumplas la edad, podrás aplicar.`,
};

/**
 * The review error to show on the home screen: when `errores_perfil` and `modified` exist and
 * `modified` was exactly one day before today; otherwise null (the "changes received" notice).
 */
export function profileErrorToShow(
  profile: { errores_perfil?: number | string | null; modified?: string | null },
  today: IsoDate,
): ProfileErrorCode | null {
  const code =
    profile.errores_perfil === null || profile.errores_perfil === undefined
      ? null
      : parseStatusCode(profile.errores_perfil);
  if (code === null || !(code in PROFILE_ERROR_CODES) || !profile.modified) return null;
  return profile.modified.slice(0, 10) === addDays(today, -1) ? (code as ProfileErrorCode) : null;
}
