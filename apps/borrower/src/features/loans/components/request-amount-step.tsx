import Box from '@mui/material/Box';
import { SelectField } from '../../../components/select-field';
import type { LoanRequestLimits } from '@prestamos-hn/domain';
import type { ChangeEvent } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { usePurposes } from '../api/get-purposes';
import {
  termSelectOptions,
  type LoanRequestFormValues,
  type ParsedLoanRequest,
} from '../utils/loan-request-form';
import { LoanAmountField, LoanTermField } from './loan-fields';

interface RequestAmountStepProps {
  control: Control<LoanRequestFormValues, unknown, ParsedLoanRequest>;
  limits: LoanRequestLimits;
  /** The request changed: the documents accepted for the old one no longer count. */
  onEdited: () => void;
}

/**
 * Step 1: the amount (from the price list's minimum to its maximum, in multiples of 10), the term
 * (the product's period options) and the purpose, each with the SPEC's message when it is wrong.
 */
export function RequestAmountStep({ control, limits, onEdited }: RequestAmountStepProps) {
  const purposes = usePurposes();
  const terms = limits.period ? termSelectOptions(limits.period, limits.minDays, limits.maxDays) : [];
  const purposeOptions = (purposes.data ?? []).map((purpose) => ({
    value: String(purpose.id),
    label: purpose.title,
  }));
  /** A field's own change handler, then the step's: any edit makes the accepted documents stale. */
  const reportingEdits = (onChange: (event: ChangeEvent) => void) => (event: ChangeEvent) => {
    onChange(event);
    onEdited();
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Controller
        control={control}
        name="amount"
        render={({ field, fieldState }) => (
          <LoanAmountField
            {...field}
            onChange={reportingEdits(field.onChange)}
            id="loan-amount"
            required
            fieldError={fieldState.error}
            minAmount={limits.minAmount}
            maxAmount={limits.maxAmount}
          />
        )}
      />
      <Controller
        control={control}
        name="period"
        render={({ field, fieldState }) => (
          <LoanTermField
            {...field}
            onChange={reportingEdits(field.onChange)}
            id="loan-term"
            required
            fieldError={fieldState.error}
            options={terms}
          />
        )}
      />
      <Controller
        control={control}
        name="purpose"
        render={({ field, fieldState }) => (
          <SelectField
            {...field}
            onChange={reportingEdits(field.onChange)}
            id="loan-purpose"
            label="Destino del préstamo"
            required
            fullWidth
            disabled={!purposes.data}
            error={Boolean(fieldState.error) || purposes.isError}
            helperText={fieldState.error?.message ?? (purposes.isError ? purposes.error.message : ' ')}
            slotProps={{ inputLabel: { shrink: true } }}
            emptyOption={purposes.data ? 'Seleccione' : 'Cargando…'}
            options={purposeOptions}
          />
        )}
      />
    </Box>
  );
}
