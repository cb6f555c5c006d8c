import Box from '@mui/material/Box';
import { TextField } from '../../../components/text-field';
import {
  cleanRequiredName,
  digitsOnly,
  identityNumberHelper,
  REGISTRATION_FIELD_LABELS,
  stripAccents,
} from '@prestamos-hn/domain';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { CensusLookup, IdentityFields } from '../utils/registration-steps';

interface IdentityStepProps {
  form: UseFormReturn<IdentityFields>;
  census: CensusLookup;
}

/** The identity number (census lookup at 13 digits) and the names, cleaned as typed. */
export function IdentityStep({ form, census }: IdentityStepProps) {
  const { control } = form;
  return (
    <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <Controller
        control={control}
        name="identityNumber"
        render={({ field, fieldState }) => {
          const formatMessage = identityNumberHelper(field.value);
          const censusMessage =
            census.state === 'loading'
              ? 'Validando identidad...'
              : census.state === 'done'
                ? census.message
                : null;
          const message = fieldState.error?.message ?? formatMessage ?? censusMessage;
          const isError =
            Boolean(fieldState.error) ||
            (formatMessage === null && census.state === 'done' && census.message !== null);
          return (
            <TextField
              {...field}
              onChange={(event) => field.onChange(digitsOnly(event.target.value))}
              label={REGISTRATION_FIELD_LABELS.identityNumber}
              required
              autoComplete="off"
              error={isError}
              helperText={message ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          );
        }}
      />
      <NameField form={form} name="firstName" required clean={cleanRequiredName} />
      <NameField form={form} name="secondName" clean={cleanOptionalAsTyped} />
      <NameField form={form} name="firstSurname" required clean={cleanRequiredName} />
      <NameField form={form} name="secondSurname" clean={cleanOptionalAsTyped} />
    </Box>
  );
}

/** Second names as typed: upper case without accents (spaces kept while typing; trimmed on submit). */
function cleanOptionalAsTyped(raw: string): string {
  return stripAccents(raw).toUpperCase();
}

interface NameFieldProps {
  form: UseFormReturn<IdentityFields>;
  name: 'firstName' | 'secondName' | 'firstSurname' | 'secondSurname';
  required?: boolean;
  clean: (raw: string) => string;
}

function NameField({ form, name, required = false, clean }: NameFieldProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(event) => field.onChange(clean(event.target.value))}
          label={REGISTRATION_FIELD_LABELS[name]}
          required={required}
          autoComplete="off"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? ' '}
          slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
        />
      )}
    />
  );
}
