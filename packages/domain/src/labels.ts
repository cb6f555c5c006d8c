/** SPEC section 3: labels and fixed option lists. */

/** The label for a code that has none. */
export const UNKNOWN_LABEL = 'Desconocido';

/** Loan (offer) status labels by code. */
export const LOAN_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'Enviado',
  1: 'Reuniendo',
  2: 'Rechazado',
  3: 'Pagando',
  4: 'Pagado',
  5: 'Reunido',
  6: 'Oferta del préstamo en la espera de pago',
  7: 'El tiempo se acabo',
  8: 'Atrasado',
  9: 'Alguacil',
  10: 'Corte',
  11: 'Recuperación previa al juicio',
};

/** Instalment status labels by code. */
export const INSTALMENT_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: 'Pendiente',
  1: 'Pagado',
  2: 'Pago próximo',
  3: 'Atrasado*',
  4: 'Atrasado**',
  5: 'Pago Actual',
  6: 'Ultimo Pago',
};

/** A status code as the legacy wire sends it (a number, or its digits as text); null if it is not one. */
export function parseStatusCode(code: number | string): number | null {
  if (typeof code === 'number') return Number.isInteger(code) ? code : null;
  return /^\s*\d+\s*$/.test(code) ? Number(code) : null;
}

/** Whether a status as the wire sends it (a number or its digits) is one of `statuses`. */
export function hasStatus(statuses: readonly number[], status: number | string): boolean {
  const code = parseStatusCode(status);
  return code !== null && statuses.includes(code);
}

/** The name a table gives `key` (its own entries only, never an inherited property), else `fallback`. */
export function labelOr<K extends PropertyKey>(
  labels: Readonly<Record<K, string>>,
  key: PropertyKey,
  fallback: string,
): string {
  return Object.hasOwn(labels, key) ? labels[key as K] : fallback;
}

function labelOf(labels: Readonly<Record<number, string>>, code: number | string): string {
  const parsed = parseStatusCode(code);
  return parsed === null ? UNKNOWN_LABEL : labelOr(labels, parsed, UNKNOWN_LABEL);
}

/** The loan status label for a code; `Desconocido` for an unknown code. */
export function loanStatusLabel(code: number | string): string {
  return labelOf(LOAN_STATUS_LABELS, code);
}

/** The instalment status label for a code; `Desconocido` for an unknown code. */
export function instalmentStatusLabel(code: number | string): string {
  return labelOf(INSTALMENT_STATUS_LABELS, code);
}

/** The profile's gender code: `H` is male, anything else female. */
export function profileGenderLabel(gender: string): string {
  return gender === 'H' ? 'Masculino' : 'Femenino';
}

/** The registration form's gender choice: M Hombre, F Mujer. */
export type RegistrationGender = 'M' | 'F';

/** The registration form's gender options. Note that the form's `M` is a man, the profile's `M` a woman. */
export const REGISTRATION_GENDER_OPTIONS: readonly { value: RegistrationGender; label: string }[] = [
  { value: 'M', label: 'Hombre' },
  { value: 'F', label: 'Mujer' },
];

/** Personal reference types (values as the wire carries them; the SPEC gives no display labels). */
export const PERSONAL_REFERENCE_TYPES = [
  'amigo',
  'vecino',
  'conocido',
  'esposo',
  'hijo',
  'hermano',
  'papa_mama',
] as const;
export type PersonalReferenceType = (typeof PERSONAL_REFERENCE_TYPES)[number];

/** Labour reference types. */
export const LABOUR_REFERENCE_TYPES = ['jefe', 'compañero', 'cliente'] as const;
export type LabourReferenceType = (typeof LABOUR_REFERENCE_TYPES)[number];

/** How a reference type reads on screen (the borrower's selects and the back-office's file). */
export const REFERENCE_TYPE_LABELS: Readonly<Record<PersonalReferenceType | LabourReferenceType, string>> = {
  amigo: 'Amigo o amiga',
  vecino: 'Vecino o vecina',
  conocido: 'Conocido o conocida',
  esposo: 'Esposo o esposa',
  hijo: 'Hijo o hija',
  hermano: 'Hermano o hermana',
  papa_mama: 'Papá o mamá',
  jefe: 'Jefe o jefa',
  compañero: 'Compañero o compañera de trabajo',
  cliente: 'Cliente',
};

/** A stored reference type as it reads on screen; an unknown value as it is. */
export function referenceTypeLabel(value: string): string {
  return labelOr(REFERENCE_TYPE_LABELS, value, value);
}

/** Type-of-dependents options (`dependents_who`). */
export const DEPENDENTS_TYPE_OPTIONS = [
  'Tus hijos',
  'Tu pareja',
  'Tus padres',
  'Tus hermanos',
  'No tengo dependientes',
] as const;
export type DependentsType = (typeof DEPENDENTS_TYPE_OPTIONS)[number];

/** Income types (`income_status`): merchants also give a business type. */
export const INCOME_TYPES = { merchant: 'comerciante', salaried: 'asalariado' } as const;

/** Document file types of the profile's `files` list. */
export const FILE_TYPES = { selfie: 18, frontId: 19, backId: 20, utilityBill: 21 } as const;
export type FileType = (typeof FILE_TYPES)[keyof typeof FILE_TYPES];

/** Bank codes run from 1 to 16 (names come from the server's seed; any other code is not registered). */
export const BANK_CODES = Array.from({ length: 16 }, (_, index) => index + 1);

/** Whether a bank code is one of the 16 registered codes. */
export function isRegisteredBankCode(code: number | string): boolean {
  const parsed = parseStatusCode(code);
  return parsed !== null && parsed >= 1 && parsed <= 16;
}

/** The price list's administrative fee types (`PriCuoTip`). */
export const PRICE_LIST_FEE_TYPES = {
  fixed: 'Cantidad fija',
  percent: 'Porcentaje del importe mensual',
} as const;

/** The quote's fee type for a price list's `PriCuoTip`, or null for an unknown one. */
export function feeTypeFromPriceList(priCuoTip: string): 'fixed' | 'percent' | null {
  if (priCuoTip === PRICE_LIST_FEE_TYPES.fixed) return 'fixed';
  if (priCuoTip === PRICE_LIST_FEE_TYPES.percent) return 'percent';
  return null;
}

/** Options from a server values map (`getFieldConstructor.php`), without the empty labels. */
export function selectableOptions(
  values: Readonly<Record<string, string>>,
): { value: string; label: string }[] {
  return Object.entries(values)
    .filter(([, label]) => label.trim() !== '')
    .map(([value, label]) => ({ value, label }));
}

/** The notification badge: the unread count, at most `99+`. */
export function notificationBadgeLabel(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, Math.trunc(count)));
}
