/**
 * The inputs of each edit dialog and of 'Completar registro': which profile fields a dialog edits,
 * their labels and the schema that checks them come from PROFILE_EDIT_GROUPS and
 * PROFILE_FIELD_LABELS (the same groups and schemas the server applies); here is how each is typed.
 */
import type { fieldConstructorLists } from '@prestamos-hn/contract';
import {
  addYears,
  cleanReferenceName,
  DEPENDENTS_TYPE_OPTIONS,
  digitsOnly,
  isMerchant,
  LABOUR_REFERENCE_TYPES,
  makeStage2Schema,
  optionalFieldLabel,
  PERSONAL_REFERENCE_TYPES,
  PROFILE_EDIT_GROUPS,
  PROFILE_FIELD_LABELS,
  PROFILE_WORK_START_MAX_YEARS,
  PROFILE_WORK_START_MIN_YEARS,
  REFERENCE_KIND_LABELS,
  REFERENCE_TYPE_LABELS,
  REGISTRATION_WORK_START_MAX_YEARS,
  stripAccents,
  type IsoDate,
  type ProfileEditField,
  type ReferenceField,
} from '@prestamos-hn/domain';
import type { z } from 'zod';
import type { EditDialogId } from './editable-rows';

export type ServerList = (typeof fieldConstructorLists)[number];
export interface Option {
  value: string;
  label: string;
}

/** How a field is typed, whatever form it is in. */
type FieldInput = {
  /** A heading shown above this field (the references dialog has two parts). */
  section?: string;
  /** Hidden (and not sent) unless this holds, e.g. the business type for merchants. */
  isVisible?: (values: Record<string, string>) => boolean;
  /** Cleans what is typed (upper case names, digits only...). */
  clean?: (raw: string) => string;
  /** May be left empty: its label says '(opcional)'. */
  isOptional?: boolean;
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

/** One input of a dialog: a profile field, its label (PROFILE_FIELD_LABELS) and how it is typed. */
export type FieldConfig = { name: DialogField; label: string } & FieldInput;

export interface DialogConfig {
  /** What the dialog is about, read by screen readers after 'Editar'. */
  title: string;
  fields: FieldConfig[];
  schema: z.ZodType;
  /** Shown under the fields (the address hints). */
  hint?: string;
}

/** The fields the dialogs edit (the phone has a dialog of its own). */
type DialogField = Exclude<ProfileEditField, 'mob_phone'>;

/** Display labels of the reference types (the SPEC gives only the wire values). */
const fixedOptions = (values: readonly string[], labels: Readonly<Record<string, string>> = {}): Option[] =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** Names as typed: upper case without accents (the schema says what else is wrong). */
const upperName = (raw: string) => stripAccents(raw).toUpperCase();

/** The residence address hints (SPEC section 2). */
export const ADDRESS_HINT =
  'La colonia y el municipio deben coincidir con la dirección del recibo de servicio público que subas. Si tu colonia no está en la lista, escríbela en Referencia.';

export const PHONE_CHANGE_HINT = 'Solo puedes cambiar tu teléfono una vez cada 6 meses.';

function referenceInputs(kind: 'personal' | 'labour'): Record<ReferenceField, FieldInput> {
  const side = kind === 'personal' ? 'per' : 'lab';
  const types = kind === 'personal' ? PERSONAL_REFERENCE_TYPES : LABOUR_REFERENCE_TYPES;
  const inputs: Record<string, FieldInput> = {
    [`ref_tipo_${side}`]: {
      kind: 'select',
      section: REFERENCE_KIND_LABELS[kind],
      options: fixedOptions(types, REFERENCE_TYPE_LABELS),
    },
    [`ref_nom_${side}`]: { kind: 'text', clean: cleanReferenceName },
    [`ref_tel_${side}`]: { kind: 'tel', maxLength: 8, clean: digitsOnly },
    [`ref_correo_${side}`]: { kind: 'email', isOptional: true, clean: (raw) => raw.toLowerCase() },
  };
  return inputs as Record<ReferenceField, FieldInput>;
}

/** How each field is typed; the work start date's bounds depend on the form (`dialogFields`). */
const FIELD_INPUTS: Record<Exclude<DialogField, 'work_experience'>, FieldInput> = {
  realname: { kind: 'text', clean: upperName },
  midname: { kind: 'text', clean: upperName },
  surname: { kind: 'text', clean: upperName },
  midname2: { kind: 'text', clean: upperName },
  workplace_position: { kind: 'text' },
  income: { kind: 'digits' },
  income_status: { kind: 'select', options: 'income_status' },
  business_type: {
    kind: 'select',
    options: 'business_type',
    isVisible: (values) => isMerchant(values.income_status),
  },
  marital_status: { kind: 'select', options: 'marital_status' },
  region: { kind: 'department' },
  county: { kind: 'municipality', parents: ['region'] },
  city: { kind: 'neighbourhood', parents: ['region', 'county'] },
  house: { kind: 'text' },
  address_referece: { kind: 'text' },
  work_region: { kind: 'department' },
  work_county: { kind: 'municipality', parents: ['work_region'] },
  work_city: { kind: 'neighbourhood', parents: ['work_region', 'work_county'] },
  workplace_address: { kind: 'text' },
  home_status: { kind: 'select', options: 'home_status' },
  workplace: { kind: 'text' },
  dependents: { kind: 'digits', maxLength: 2 },
  dependents_who: { kind: 'select', options: fixedOptions(DEPENDENTS_TYPE_OPTIONS) },
  education: { kind: 'select', options: 'education' },
  bank: { kind: 'select', options: 'bank' },
  account_number: { kind: 'digits', clean: digitsOnly },
  ...referenceInputs('personal'),
  ...referenceInputs('labour'),
};

/** The inputs of a form, labelled, with the work start date between `workStart.min` and `.max`. */
function dialogFields(
  names: readonly DialogField[],
  workStart: { min: IsoDate; max: IsoDate },
): FieldConfig[] {
  return names.map((name) => {
    const input: FieldInput =
      name === 'work_experience' ? { kind: 'date', ...workStart } : FIELD_INPUTS[name];
    const label = PROFILE_FIELD_LABELS[name];
    return { name, label: input.isOptional ? optionalFieldLabel(label) : label, ...input };
  });
}

/** The config of each edit dialog (its group in PROFILE_EDIT_GROUPS); `today` bounds the work start date. */
export function editDialogConfig(id: EditDialogId, today: IsoDate): DialogConfig {
  const group = PROFILE_EDIT_GROUPS[id];
  return {
    title: group.title,
    schema: group.schema({ today }),
    fields: dialogFields(group.fields, {
      min: addYears(today, -PROFILE_WORK_START_MAX_YEARS),
      max: addYears(today, -PROFILE_WORK_START_MIN_YEARS),
    }),
    ...(id === 'residence_address' ? { hint: ADDRESS_HINT } : {}),
  };
}

/** 'Completar registro' (register2.php) asks for these profile fields, in this order. */
const STAGE_2_FIELDS = [
  'bank',
  'account_number',
  'home_status',
  'income_status',
  'business_type',
  'marital_status',
  'dependents',
  'income',
  'work_experience',
] as const satisfies readonly DialogField[];

/** 'Completar registro' (register2.php): bank, housing, income, marital status, dependents, work start. */
export function stage2DialogConfig(today: IsoDate): DialogConfig {
  return {
    title: 'Completar registro',
    schema: makeStage2Schema({ today }),
    fields: dialogFields(STAGE_2_FIELDS, {
      min: addYears(today, -REGISTRATION_WORK_START_MAX_YEARS),
      max: today,
    }),
  };
}
