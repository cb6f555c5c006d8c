/**
 * SPEC sections 2 and 3: the Spanish label of each profile field (which fields each 'Editar' dialog
 * changes together, with its schema, is ./profile-edit-groups.ts).
 * Fields go by the profile's names (getProfile.php's `data`), the keys every screen reads.
 */
import { FILE_TYPES } from './labels.ts';
import type { CensusItem } from './names.ts';

/** A document of the profile, by what it shows. */
export type DocumentKind = keyof typeof FILE_TYPES;

/** The four documents, in the order the profile lists them. */
export const DOCUMENT_LABELS = {
  frontId: 'Identidad (frente)',
  backId: 'Identidad (reverso)',
  utilityBill: 'Recibo de servicio público',
  selfie: 'Selfie',
} as const satisfies Record<DocumentKind, string>;

/** The profile's document fields (getProfile.php's `file1` to `file4`) and the document each holds. */
export const DOCUMENT_FIELDS = {
  file1: 'frontId',
  file2: 'backId',
  file3: 'utilityBill',
  file4: 'selfie',
} as const satisfies Record<string, DocumentKind>;
export type DocumentField = keyof typeof DOCUMENT_FIELDS;

/** Each document field with what `table` holds for the document in it (its label, its file type). */
export function byDocumentField<T extends Record<DocumentKind, unknown>>(
  table: T,
): { [F in DocumentField]: T[(typeof DOCUMENT_FIELDS)[F]] } {
  return Object.fromEntries(Object.entries(DOCUMENT_FIELDS).map(([field, kind]) => [field, table[kind]])) as {
    [F in DocumentField]: T[(typeof DOCUMENT_FIELDS)[F]];
  };
}

/** The label of a document by its file type (18 to 21 of `files`), or null for another type. */
export function documentTypeLabel(type: number): string | null {
  const kind = (Object.keys(FILE_TYPES) as DocumentKind[]).find((k) => FILE_TYPES[k] === type);
  return kind === undefined ? null : DOCUMENT_LABELS[kind];
}

const PLACE_LABELS = { region: 'Departamento', county: 'Municipio', city: 'Colonia o barrio' } as const;
const REFERENCE_LABELS = { type: 'Tipo', name: 'Nombre', phone: 'Celular', email: 'Correo' } as const;

/** The two references, as their sections are titled. */
export const REFERENCE_KIND_LABELS = {
  personal: 'Referencia personal',
  labour: 'Referencia laboral',
} as const;

/** Each profile field as the borrower's screens and forms label it. */
export const PROFILE_FIELD_LABELS = {
  person_code: 'Código de identidad',
  realname: 'Primer nombre',
  midname: 'Segundo nombre',
  surname: 'Primer apellido',
  midname2: 'Segundo apellido',
  gender: 'Género',
  birthday: 'Fecha de nacimiento',
  email: 'Correo',
  mob_phone: 'Teléfono',
  income_status: 'Tipo de ingreso',
  business_type: 'Tipo de negocio',
  income: 'Ingreso mensual (L)',
  bank: 'Banco',
  account_number: 'Número de cuenta',
  marital_status: 'Estado civil',
  home_status: 'Tipo de vivienda',
  dependents: 'Número de dependientes',
  dependents_who: 'Tipo de dependientes',
  education: 'Nivel de educación',
  ...PLACE_LABELS,
  house: 'Número de casa',
  address_referece: 'Referencia',
  workplace: 'Nombre del lugar de trabajo',
  workplace_position: 'Cargo en el trabajo',
  work_region: PLACE_LABELS.region,
  work_county: PLACE_LABELS.county,
  work_city: PLACE_LABELS.city,
  workplace_address: 'Referencia del trabajo',
  work_experience: 'Fecha de inicio laboral',
  ref_tipo_per: REFERENCE_LABELS.type,
  ref_nom_per: REFERENCE_LABELS.name,
  ref_tel_per: REFERENCE_LABELS.phone,
  ref_correo_per: REFERENCE_LABELS.email,
  ref_tipo_lab: REFERENCE_LABELS.type,
  ref_nom_lab: REFERENCE_LABELS.name,
  ref_tel_lab: REFERENCE_LABELS.phone,
  ref_correo_lab: REFERENCE_LABELS.email,
  ...byDocumentField(DOCUMENT_LABELS),
} as const;
export type ProfileField = keyof typeof PROFILE_FIELD_LABELS;

/** A field a form may leave empty: 'Correo (opcional)'. */
export function optionalFieldLabel(label: string): string {
  return `${label} (opcional)`;
}

/** The registration form's fields, labelled as the profile labels them where they are the same. */
export const REGISTRATION_FIELD_LABELS = {
  identityNumber: 'Número de identidad',
  firstName: PROFILE_FIELD_LABELS.realname,
  secondName: PROFILE_FIELD_LABELS.midname,
  firstSurname: PROFILE_FIELD_LABELS.surname,
  secondSurname: PROFILE_FIELD_LABELS.midname2,
  email: PROFILE_FIELD_LABELS.email,
  gender: PROFILE_FIELD_LABELS.gender,
  birthDate: PROFILE_FIELD_LABELS.birthday,
  phone: 'Teléfono celular',
} as const;

/** The items compared with the census ('Coincidencia encontrada', the staff's comparison). */
export const CENSUS_ITEM_LABELS = {
  firstName: REGISTRATION_FIELD_LABELS.firstName,
  secondName: REGISTRATION_FIELD_LABELS.secondName,
  firstSurname: REGISTRATION_FIELD_LABELS.firstSurname,
  secondSurname: REGISTRATION_FIELD_LABELS.secondSurname,
  sex: 'Sexo',
  birthDate: REGISTRATION_FIELD_LABELS.birthDate,
} as const satisfies Record<CensusItem, string>;

/** Each profile 'Editar' dialog's title, also its row's label, by edit group (./profile-edit-groups.ts). */
export const PROFILE_EDIT_GROUP_TITLES = {
  names: 'Nombres',
  phone: PROFILE_FIELD_LABELS.mob_phone,
  workplace_position: 'Cargo',
  income: 'Ingreso mensual',
  income_type: PROFILE_FIELD_LABELS.income_status,
  marital_status: PROFILE_FIELD_LABELS.marital_status,
  residence_address: 'Dirección de domicilio',
  work_address: 'Dirección del trabajo',
  home_status: 'Vivienda',
  workplace: 'Lugar de trabajo',
  dependents: PROFILE_FIELD_LABELS.dependents,
  dependents_who: PROFILE_FIELD_LABELS.dependents_who,
  education: 'Educación',
  work_experience: PROFILE_FIELD_LABELS.work_experience,
  references: 'Referencias',
  bank_account: PROFILE_FIELD_LABELS.bank,
} as const;
