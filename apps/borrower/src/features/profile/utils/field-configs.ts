/**
 * The fields of each edit dialog and of 'Completar registro': label, kind, options and the domain
 * schema that checks them (the same schema the server applies). Data only.
 */
import type { fieldConstructorLists } from '@prestamos-hn/contract';
import {
  addYears,
  bankAccountSchema,
  cleanReferenceName,
  DEPENDENTS_TYPE_OPTIONS,
  digitsOnly,
  INCOME_TYPES,
  LABOUR_REFERENCE_TYPES,
  makeProfileWorkStartSchema,
  makeReferencesSchema,
  makeStage2Schema,
  PERSONAL_REFERENCE_TYPES,
  REFERENCE_TYPE_LABELS,
  PROFILE_WORK_START_MAX_YEARS,
  PROFILE_WORK_START_MIN_YEARS,
  profileDependentsSchema,
  profileDependentsTypeSchema,
  profileEducationSchema,
  profileHousingSchema,
  profileIncomeSchema,
  profileIncomeTypeSchema,
  profileMaritalStatusSchema,
  profileNamesSchema,
  profileResidenceAddressSchema,
  profileWorkAddressSchema,
  profileWorkplaceNameSchema,
  profileWorkplacePositionSchema,
  REGISTRATION_WORK_START_MAX_YEARS,
  stripAccents,
  type IsoDate,
} from '@prestamos-hn/domain';
import type { z } from 'zod';
import type { EditDialogId } from './editable-rows';

export type ServerList = (typeof fieldConstructorLists)[number];
export interface Option {
  value: string;
  label: string;
}

/** One input of a dialog. */
export type FieldConfig = {
  name: string;
  label: string;
  /** A heading shown above this field (the references dialog has two parts). */
  section?: string;
  /** Hidden (and not sent) unless this holds, e.g. the business type for merchants. */
  isVisible?: (values: Record<string, string>) => boolean;
  /** Cleans what is typed (upper case names, digits only...). */
  clean?: (raw: string) => string;
} & (
  | { kind: 'text' | 'email' }
  | { kind: 'digits' | 'tel'; maxLength?: number }
  | { kind: 'date'; min: IsoDate; max: IsoDate }
  | { kind: 'select'; options: ServerList | readonly Option[] }
  /** The cascading place lists; `parents` are the fields above it (department, then municipality). */
  | { kind: 'department' }
  | { kind: 'municipality'; parents: [string] }
  | { kind: 'neighbourhood'; parents: [string, string] }
);

export interface DialogConfig {
  /** What the dialog is about, read by screen readers after 'Editar'. */
  title: string;
  fields: FieldConfig[];
  schema: z.ZodType;
  /** Shown under the fields (the address hints). */
  hint?: string;
}

/** Display labels of the reference types (the SPEC gives only the wire values). */
const fixedOptions = (values: readonly string[], labels: Readonly<Record<string, string>> = {}): Option[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** Names as typed: upper case without accents (the schema says what else is wrong). */
const upperName = (raw: string) => stripAccents(raw).toUpperCase();
const isMerchant = (values: Record<string, string>, field: string) => values[field] === INCOME_TYPES.merchant;

/** The residence address hints (SPEC section 2). */
export const ADDRESS_HINT =
  'La colonia y el municipio deben coincidir con la dirección del recibo de servicio público que subas. Si tu colonia no está en la lista, escríbela en Referencia.';

export const PHONE_CHANGE_HINT = 'Solo puedes cambiar tu teléfono una vez cada 6 meses.';

function referenceFields(side: 'per' | 'lab'): FieldConfig[] {
  const section = side === 'per' ? 'Referencia personal' : 'Referencia laboral';
  const types = side === 'per' ? PERSONAL_REFERENCE_TYPES : LABOUR_REFERENCE_TYPES;
  return [
    {
      name: `ref_tipo_${side}`,
      label: 'Tipo',
      section,
      kind: 'select',
      options: fixedOptions(types, REFERENCE_TYPE_LABELS),
    },
    { name: `ref_nom_${side}`, label: 'Nombre', kind: 'text', clean: cleanReferenceName },
    { name: `ref_tel_${side}`, label: 'Celular', kind: 'tel', maxLength: 8, clean: digitsOnly },
    {
      name: `ref_correo_${side}`,
      label: 'Correo (opcional)',
      kind: 'email',
      clean: (raw) => raw.toLowerCase(),
    },
  ];
}

/** The config of each edit dialog; `today` bounds the work start date. */
export function editDialogConfig(id: EditDialogId, today: IsoDate): DialogConfig {
  switch (id) {
    case 'names':
      return {
        title: 'Nombres',
        schema: profileNamesSchema,
        fields: [
          { name: 'realname', label: 'Primer nombre', kind: 'text', clean: upperName },
          { name: 'midname', label: 'Segundo nombre', kind: 'text', clean: upperName },
          { name: 'surname', label: 'Primer apellido', kind: 'text', clean: upperName },
          { name: 'midname2', label: 'Segundo apellido', kind: 'text', clean: upperName },
        ],
      };
    case 'workplace_position':
      return {
        title: 'Cargo',
        schema: profileWorkplacePositionSchema,
        fields: [{ name: 'workplace_position', label: 'Cargo en el trabajo', kind: 'text' }],
      };
    case 'income':
      return {
        title: 'Ingreso mensual',
        schema: profileIncomeSchema,
        fields: [{ name: 'income', label: 'Ingreso mensual (L)', kind: 'digits' }],
      };
    case 'income_type':
      return {
        title: 'Tipo de ingreso',
        schema: profileIncomeTypeSchema,
        fields: [
          { name: 'income_status', label: 'Tipo de ingreso', kind: 'select', options: 'income_status' },
          {
            name: 'business_type',
            label: 'Tipo de negocio',
            kind: 'select',
            options: 'business_type',
            isVisible: (values) => isMerchant(values, 'income_status'),
          },
        ],
      };
    case 'marital_status':
      return {
        title: 'Estado civil',
        schema: profileMaritalStatusSchema,
        fields: [
          { name: 'marital_status', label: 'Estado civil', kind: 'select', options: 'marital_status' },
        ],
      };
    case 'residence_address':
      return {
        title: 'Dirección de domicilio',
        schema: profileResidenceAddressSchema,
        hint: ADDRESS_HINT,
        fields: [
          { name: 'region', label: 'Departamento', kind: 'department' },
          { name: 'county', label: 'Municipio', kind: 'municipality', parents: ['region'] },
          { name: 'city', label: 'Colonia o barrio', kind: 'neighbourhood', parents: ['region', 'county'] },
          { name: 'house', label: 'Número de casa', kind: 'text' },
          { name: 'address_referece', label: 'Referencia', kind: 'text' },
        ],
      };
    case 'work_address':
      return {
        title: 'Dirección del trabajo',
        schema: profileWorkAddressSchema,
        fields: [
          { name: 'work_region', label: 'Departamento', kind: 'department' },
          { name: 'work_county', label: 'Municipio', kind: 'municipality', parents: ['work_region'] },
          {
            name: 'work_city',
            label: 'Colonia o barrio',
            kind: 'neighbourhood',
            parents: ['work_region', 'work_county'],
          },
          { name: 'workplace_address', label: 'Referencia del trabajo', kind: 'text' },
        ],
      };
    case 'home_status':
      return {
        title: 'Vivienda',
        schema: profileHousingSchema,
        fields: [{ name: 'home_status', label: 'Tipo de vivienda', kind: 'select', options: 'home_status' }],
      };
    case 'workplace':
      return {
        title: 'Lugar de trabajo',
        schema: profileWorkplaceNameSchema,
        fields: [{ name: 'workplace', label: 'Nombre del lugar de trabajo', kind: 'text' }],
      };
    case 'dependents':
      return {
        title: 'Número de dependientes',
        schema: profileDependentsSchema,
        fields: [{ name: 'dependents', label: 'Número de dependientes', kind: 'digits', maxLength: 2 }],
      };
    case 'dependents_who':
      return {
        title: 'Tipo de dependientes',
        schema: profileDependentsTypeSchema,
        fields: [
          {
            name: 'dependents_who',
            label: 'Tipo de dependientes',
            kind: 'select',
            options: fixedOptions(DEPENDENTS_TYPE_OPTIONS),
          },
        ],
      };
    case 'education':
      return {
        title: 'Educación',
        schema: profileEducationSchema,
        fields: [{ name: 'education', label: 'Nivel de educación', kind: 'select', options: 'education' }],
      };
    case 'bank':
      return {
        title: 'Banco',
        schema: bankAccountSchema,
        fields: [
          { name: 'bank', label: 'Banco', kind: 'select', options: 'bank' },
          { name: 'account_number', label: 'Número de cuenta', kind: 'digits', clean: digitsOnly },
        ],
      };
    case 'work_experience':
      return {
        title: 'Fecha de inicio laboral',
        schema: makeProfileWorkStartSchema({ today }),
        fields: [
          {
            name: 'work_experience',
            label: 'Fecha de inicio laboral',
            kind: 'date',
            min: addYears(today, -PROFILE_WORK_START_MAX_YEARS),
            max: addYears(today, -PROFILE_WORK_START_MIN_YEARS),
          },
        ],
      };
    case 'references':
      return {
        title: 'Referencias',
        schema: makeReferencesSchema({ variant: 'profile' }),
        fields: [...referenceFields('per'), ...referenceFields('lab')],
      };
  }
}

/** 'Completar registro' (register2.php): bank, housing, income, marital status, dependents, work start. */
export function stage2DialogConfig(today: IsoDate): DialogConfig {
  return {
    title: 'Completar registro',
    schema: makeStage2Schema({ today }),
    fields: [
      { name: 'bank', label: 'Banco', kind: 'select', options: 'bank' },
      { name: 'account_number', label: 'Número de cuenta', kind: 'digits', clean: digitsOnly },
      { name: 'home_status', label: 'Tipo de vivienda', kind: 'select', options: 'home_status' },
      { name: 'income_status', label: 'Tipo de ingreso', kind: 'select', options: 'income_status' },
      {
        name: 'business_type',
        label: 'Tipo de negocio',
        kind: 'select',
        options: 'business_type',
        isVisible: (values) => isMerchant(values, 'income_status'),
      },
      { name: 'marital_status', label: 'Estado civil', kind: 'select', options: 'marital_status' },
      { name: 'dependents', label: 'Número de dependientes', kind: 'digits', maxLength: 2 },
      { name: 'income', label: 'Ingreso mensual (L)', kind: 'digits' },
      {
        name: 'work_experience',
        label: 'Fecha de inicio laboral',
        kind: 'date',
        min: addYears(today, -REGISTRATION_WORK_START_MAX_YEARS),
        max: today,
      },
    ],
  };
}
