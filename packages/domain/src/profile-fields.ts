/**
 * SPEC sections 2 and 3: the Spanish label of each profile field, and which fields each 'Editar'
 * dialog of the profile (and putProfile.php) changes together, with the schema that checks them.
 * Fields go by the profile's names (getProfile.php's `data`), the keys every screen reads.
 */
import type { z } from 'zod';
import { FILE_TYPES } from './labels.ts';
import type { CensusItem } from './names.ts';
import { bankAccountSchema } from './schemas/bank-account.ts';
import { profileDependentsTypeSchema } from './schemas/profile-dependents-type.ts';
import { profileDependentsSchema } from './schemas/profile-dependents.ts';
import { profileEducationSchema } from './schemas/profile-education.ts';
import { profileHousingSchema } from './schemas/profile-housing.ts';
import { profileIncomeTypeSchema } from './schemas/profile-income-type.ts';
import { profileIncomeSchema } from './schemas/profile-income.ts';
import { profileMaritalStatusSchema } from './schemas/profile-marital-status.ts';
import { profileNamesSchema } from './schemas/profile-names.ts';
import { profilePhoneSchema } from './schemas/profile-phone.ts';
import { profileResidenceAddressSchema } from './schemas/profile-residence-address.ts';
import { profileWorkAddressSchema } from './schemas/profile-work-address.ts';
import { makeProfileWorkStartSchema } from './schemas/profile-work-start.ts';
import { profileWorkplaceNameSchema } from './schemas/profile-workplace-name.ts';
import { profileWorkplacePositionSchema } from './schemas/profile-workplace-position.ts';
import { makeReferencesSchema, REFERENCE_FIELDS } from './schemas/references.ts';
import type { IsoDate } from './time.ts';

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

/** What a group's schema may depend on: the work start date is counted back from today. */
export interface ProfileEditContext {
  today: IsoDate;
}

/** One 'Editar' dialog: its title (also its row's label), the fields it changes, its schema. */
export interface ProfileEditGroupDefinition {
  title: string;
  fields: readonly ProfileField[];
  schema: (context: ProfileEditContext) => z.ZodType;
}

/**
 * The profile's edit groups, in the order the server checks them: each dialog sends its whole group
 * to putProfile.php, and the group is validated whole with its schema. The phone's group also
 * carries the `code` sent to the new phone. The keys are also the audit actions'
 * (`profile.update.<group>`).
 */
export const PROFILE_EDIT_GROUPS = {
  names: {
    title: 'Nombres',
    fields: ['realname', 'midname', 'surname', 'midname2'],
    schema: () => profileNamesSchema,
  },
  phone: { title: PROFILE_FIELD_LABELS.mob_phone, fields: ['mob_phone'], schema: () => profilePhoneSchema },
  workplace_position: {
    title: 'Cargo',
    fields: ['workplace_position'],
    schema: () => profileWorkplacePositionSchema,
  },
  income: { title: 'Ingreso mensual', fields: ['income'], schema: () => profileIncomeSchema },
  income_type: {
    title: PROFILE_FIELD_LABELS.income_status,
    fields: ['income_status', 'business_type'],
    schema: () => profileIncomeTypeSchema,
  },
  marital_status: {
    title: PROFILE_FIELD_LABELS.marital_status,
    fields: ['marital_status'],
    schema: () => profileMaritalStatusSchema,
  },
  residence_address: {
    title: 'Dirección de domicilio',
    fields: ['region', 'county', 'city', 'house', 'address_referece'],
    schema: () => profileResidenceAddressSchema,
  },
  work_address: {
    title: 'Dirección del trabajo',
    fields: ['work_region', 'work_county', 'work_city', 'workplace_address'],
    schema: () => profileWorkAddressSchema,
  },
  home_status: { title: 'Vivienda', fields: ['home_status'], schema: () => profileHousingSchema },
  workplace: { title: 'Lugar de trabajo', fields: ['workplace'], schema: () => profileWorkplaceNameSchema },
  dependents: {
    title: PROFILE_FIELD_LABELS.dependents,
    fields: ['dependents'],
    schema: () => profileDependentsSchema,
  },
  dependents_who: {
    title: PROFILE_FIELD_LABELS.dependents_who,
    fields: ['dependents_who'],
    schema: () => profileDependentsTypeSchema,
  },
  education: { title: 'Educación', fields: ['education'], schema: () => profileEducationSchema },
  work_experience: {
    title: PROFILE_FIELD_LABELS.work_experience,
    fields: ['work_experience'],
    schema: ({ today }: ProfileEditContext) => makeProfileWorkStartSchema({ today }),
  },
  references: {
    title: 'Referencias',
    fields: REFERENCE_FIELDS,
    schema: () => makeReferencesSchema({ variant: 'profile' }),
  },
  bank_account: {
    title: PROFILE_FIELD_LABELS.bank,
    fields: ['bank', 'account_number'],
    schema: () => bankAccountSchema,
  },
} as const satisfies Record<string, ProfileEditGroupDefinition>;
export type ProfileEditGroup = keyof typeof PROFILE_EDIT_GROUPS;
/** A field some edit group changes (putProfile.php's keys, but for the phone's code). */
export type ProfileEditField = (typeof PROFILE_EDIT_GROUPS)[ProfileEditGroup]['fields'][number];

/** The edit groups in the order the server checks them. */
export const PROFILE_EDIT_GROUP_IDS = Object.keys(PROFILE_EDIT_GROUPS) as ProfileEditGroup[];

/** Every field an edit group changes, each once. */
export const PROFILE_EDIT_FIELDS: readonly ProfileEditField[] = PROFILE_EDIT_GROUP_IDS.flatMap(
  (id) => PROFILE_EDIT_GROUPS[id].fields,
);

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

/**
 * The back-office shows every field of getProfile.php in one table, codes and states included, so
 * a label there also says which address a part belongs to ('Departamento del trabajo') and how
 * the raw value reads ('Sexo (H/M)').
 */
export const STAFF_PROFILE_FIELD_LABELS = {
  customer_id: 'Número de cliente',
  ...PROFILE_FIELD_LABELS,
  person_code: 'Identidad (DNI)',
  gender: 'Sexo',
  created: 'Registro',
  status: 'Estado',
  csas: 'Clasificación',
  datasend: 'Enviado a revisión',
  errores_perfil: 'Motivo de la última devolución',
  modified: 'Modificado',
  home_status: PROFILE_EDIT_GROUPS.home_status.title,
  dependents: 'Dependientes',
  education: PROFILE_EDIT_GROUPS.education.title,
  city: 'Localidad',
  house: 'Casa',
  address_referece: 'Referencia de la dirección',
  workplace: PROFILE_EDIT_GROUPS.workplace.title,
  workplace_position: PROFILE_EDIT_GROUPS.workplace_position.title,
  work_region: 'Departamento del trabajo',
  work_county: 'Municipio del trabajo',
  work_city: 'Localidad del trabajo',
  workplace_address: PROFILE_EDIT_GROUPS.work_address.title,
  work_experience: 'Inicio laboral',
} as const;
export type StaffProfileField = keyof typeof STAFF_PROFILE_FIELD_LABELS;
