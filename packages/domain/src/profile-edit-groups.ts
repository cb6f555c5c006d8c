/**
 * The profile's 'Editar' dialogs (SPEC sections 2 and 3): which fields each changes together, with the
 * schema that checks them. Apart from ./profile-fields.ts's labels, so that a screen that only labels
 * fields does not download every group's schema and zod (issue 33).
 */
import type { z } from 'zod';
import { PROFILE_EDIT_GROUP_TITLES, PROFILE_FIELD_LABELS, type ProfileField } from './profile-fields.ts';
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
    title: PROFILE_EDIT_GROUP_TITLES.names,
    fields: ['realname', 'midname', 'surname', 'midname2'],
    schema: () => profileNamesSchema,
  },
  phone: { title: PROFILE_EDIT_GROUP_TITLES.phone, fields: ['mob_phone'], schema: () => profilePhoneSchema },
  workplace_position: {
    title: PROFILE_EDIT_GROUP_TITLES.workplace_position,
    fields: ['workplace_position'],
    schema: () => profileWorkplacePositionSchema,
  },
  income: { title: PROFILE_EDIT_GROUP_TITLES.income, fields: ['income'], schema: () => profileIncomeSchema },
  income_type: {
    title: PROFILE_EDIT_GROUP_TITLES.income_type,
    fields: ['income_status', 'business_type'],
    schema: () => profileIncomeTypeSchema,
  },
  marital_status: {
    title: PROFILE_EDIT_GROUP_TITLES.marital_status,
    fields: ['marital_status'],
    schema: () => profileMaritalStatusSchema,
  },
  residence_address: {
    title: PROFILE_EDIT_GROUP_TITLES.residence_address,
    fields: ['region', 'county', 'city', 'house', 'address_referece'],
    schema: () => profileResidenceAddressSchema,
  },
  work_address: {
    title: PROFILE_EDIT_GROUP_TITLES.work_address,
    fields: ['work_region', 'work_county', 'work_city', 'workplace_address'],
    schema: () => profileWorkAddressSchema,
  },
  home_status: {
    title: PROFILE_EDIT_GROUP_TITLES.home_status,
    fields: ['home_status'],
    schema: () => profileHousingSchema,
  },
  workplace: {
    title: PROFILE_EDIT_GROUP_TITLES.workplace,
    fields: ['workplace'],
    schema: () => profileWorkplaceNameSchema,
  },
  dependents: {
    title: PROFILE_EDIT_GROUP_TITLES.dependents,
    fields: ['dependents'],
    schema: () => profileDependentsSchema,
  },
  dependents_who: {
    title: PROFILE_EDIT_GROUP_TITLES.dependents_who,
    fields: ['dependents_who'],
    schema: () => profileDependentsTypeSchema,
  },
  education: {
    title: PROFILE_EDIT_GROUP_TITLES.education,
    fields: ['education'],
    schema: () => profileEducationSchema,
  },
  work_experience: {
    title: PROFILE_EDIT_GROUP_TITLES.work_experience,
    fields: ['work_experience'],
    schema: ({ today }: ProfileEditContext) => makeProfileWorkStartSchema({ today }),
  },
  references: {
    title: PROFILE_EDIT_GROUP_TITLES.references,
    fields: REFERENCE_FIELDS,
    schema: () => makeReferencesSchema({ variant: 'profile' }),
  },
  bank_account: {
    title: PROFILE_EDIT_GROUP_TITLES.bank_account,
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
