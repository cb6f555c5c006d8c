import { SelectField, type SelectOption } from '../../../components/select-field';
import { TextField, type TextFieldProps } from '../../../components/text-field';
import type { FieldError } from 'react-hook-form';
import { formatLempiras } from '../utils/format';

type LoanFieldProps = Omit<
  TextFieldProps,
  'label' | 'fullWidth' | 'error' | 'helperText' | 'slotProps' | 'renderInput'
> & {
  /** The field's error, whose message shows instead of the hint. */
  fieldError?: FieldError;
};

/**
 * 'Monto (L)', in the calculator and in the request's first step: typed as digits, with the price
 * list's range as its hint.
 */
export function LoanAmountField({
  fieldError,
  minAmount,
  maxAmount,
  ...props
}: LoanFieldProps & { minAmount: number; maxAmount: number }) {
  return (
    <TextField
      {...props}
      label="Monto (L)"
      fullWidth
      error={Boolean(fieldError)}
      helperText={
        fieldError?.message ??
        `De ${formatLempiras(minAmount)} a ${formatLempiras(maxAmount)}, en múltiplos de 10.`
      }
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
    />
  );
}

/** 'Plazo', in the calculator and in the request's first step: the product's terms. */
export function LoanTermField({
  fieldError,
  options,
  ...props
}: LoanFieldProps & { options: readonly SelectOption[] }) {
  return (
    <SelectField
      {...props}
      label="Plazo"
      fullWidth
      error={Boolean(fieldError)}
      helperText={fieldError?.message ?? ' '}
      slotProps={{ inputLabel: { shrink: true } }}
      emptyOption="Seleccione"
      options={options}
    />
  );
}
