import { zodResolver } from '@hookform/resolvers/zod';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import Typography from '@mui/material/Typography';
import type { LocationLists, PayloadOf } from '@prestamos-hn/contract';
import { selectableOptions } from '@prestamos-hn/domain';
import { Controller, useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { DialogConfig, FieldConfig, Option } from '../utils/field-configs';

export type FormValues = Record<string, string>;
/** What the schema makes of the form (numbers, cleaned texts). */
export type ParsedValues = Record<string, unknown>;
export type FieldOptionLists = PayloadOf<'getFieldConstructor'>['data'];

export interface ConfigFieldLists {
  fieldOptions: FieldOptionLists | undefined;
  locations: LocationLists | undefined;
}

/** The options of a select or place field, given the values of the fields above it. */
function optionsOf(field: FieldConfig, values: FormValues, lists: ConfigFieldLists): Option[] {
  switch (field.kind) {
    case 'select':
      return typeof field.options === 'string'
        ? selectableOptions(lists.fieldOptions?.[field.options].values ?? {})
        : [...field.options];
    case 'department':
      return (lists.locations?.deps ?? []).map((d) => ({ value: d.DepCod, label: d.DepDsc }));
    case 'municipality':
      return (lists.locations?.muns ?? [])
        .filter((m) => m.DepCod === values[field.parents[0]])
        .map((m) => ({ value: m.MunCod, label: m.MunDsc }));
    case 'neighbourhood':
      return (lists.locations?.ubs ?? [])
        .filter((u) => u.DepCod === values[field.parents[0]] && u.MunCod === values[field.parents[1]])
        .map((u) => ({ value: u.LocCod, label: u.LocDsc }));
    default:
      return [];
  }
}

interface ConfigFieldProps {
  field: FieldConfig;
  control: Control<FormValues, unknown, ParsedValues>;
  values: FormValues;
  lists: ConfigFieldLists;
  allFields: FieldConfig[];
  setValue: UseFormSetValue<FormValues>;
  idPrefix: string;
}

/** One input of a dialog, from its config: text, digits, e-mail, date, a select or a place list. */
function ConfigField({ field, control, values, lists, allFields, setValue, idPrefix }: ConfigFieldProps) {
  const isSelect = ['select', 'department', 'municipality', 'neighbourhood'].includes(field.kind);
  const options = isSelect ? optionsOf(field, values, lists) : [];
  const Field = isSelect ? SelectField : TextField;
  // Choosing a department clears the municipality and the neighbourhood below it.
  const children = allFields.filter(
    (other) => 'parents' in other && (other.parents as string[]).includes(field.name),
  );
  const inputMode =
    field.kind === 'digits' || field.kind === 'tel'
      ? 'numeric'
      : field.kind === 'email'
        ? 'email'
        : undefined;
  const maxLength = 'maxLength' in field ? field.maxLength : undefined;

  return (
    <>
      {field.section && (
        <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
          {field.section}
        </Typography>
      )}
      <Controller
        control={control}
        name={field.name}
        render={({ field: input, fieldState }) => (
          <Field
            {...input}
            id={`${idPrefix}-${field.name}`}
            value={input.value ?? ''}
            onChange={(event) => {
              const raw = event.target.value;
              input.onChange(field.clean ? field.clean(raw) : raw);
              for (const child of children) setValue(child.name, '', { shouldValidate: true });
            }}
            label={field.label}
            type={
              field.kind === 'date'
                ? 'date'
                : field.kind === 'email'
                  ? 'email'
                  : field.kind === 'tel'
                    ? 'tel'
                    : 'text'
            }
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
            slotProps={{
              inputLabel: isSelect || field.kind === 'date' ? { shrink: true } : undefined,
              htmlInput: {
                inputMode,
                maxLength,
                ...(field.kind === 'date' ? { min: field.min, max: field.max } : {}),
                ...(field.kind === 'email' ? { autoCapitalize: 'none' } : {}),
              },
            }}
          >
            {isSelect && [
              <option key="" value="">
                {options.length === 0 && field.kind !== 'select' ? '—' : 'Seleccione'}
              </option>,
              ...options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              )),
            ]}
          </Field>
        )}
      />
    </>
  );
}

/** The values a dialog starts with: each field's current value as text. */
export function initialValues(fields: FieldConfig[], source: Record<string, unknown>): FormValues {
  return Object.fromEntries(
    fields.map((field) => {
      const value = source[field.name];
      return [field.name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** Only the visible fields are sent. */
function visibleFields(fields: FieldConfig[], values: FormValues): FieldConfig[] {
  return fields.filter((field) => !field.isVisible || field.isVisible(values));
}

/**
 * The form of a dialog driven by a config: checked by the config's schema (the one the server also
 * applies) as the person types, starting from `current`; `fields` are the ones its values show.
 */
export function useConfigForm(config: DialogConfig, current: Record<string, unknown>) {
  const form = useForm<FormValues, unknown, ParsedValues>({
    resolver: zodResolver(config.schema as never) as never,
    mode: 'all',
    defaultValues: initialValues(config.fields, current),
  });
  const values = useWatch({ control: form.control }) as FormValues;
  return { config, form, values, fields: visibleFields(config.fields, values) };
}

interface ConfigFieldsProps {
  configForm: ReturnType<typeof useConfigForm>;
  lists: ConfigFieldLists;
  /** Makes the inputs' ids unique on the page: `<idPrefix>-<field name>`. */
  idPrefix: string;
}

/** The visible inputs of a config-driven form, in order. */
export function ConfigFields({ configForm, lists, idPrefix }: ConfigFieldsProps) {
  const { config, form, values, fields } = configForm;
  return fields.map((field) => (
    <ConfigField
      key={field.name}
      field={field}
      control={form.control}
      values={values}
      lists={lists}
      allFields={config.fields}
      setValue={form.setValue}
      idPrefix={idPrefix}
    />
  ));
}
