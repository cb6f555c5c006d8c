import { zodResolver } from '@hookform/resolvers/zod';
import { CallResultAlert } from '../../../components/call-result-alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { bankAccountSchema, digitsOnly, PROFILE_SAVING_LABEL } from '@prestamos-hn/domain';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { BankAccountCodeDialog } from '../../../components/bank-account-code-dialog';
import { useSaveBankAccount } from '../../../lib/bank-account-change';

type BankAccountValues = { bank: string; account_number: string };
type BankAccount = z.output<typeof bankAccountSchema>;

interface ChangeBankAccountFormProps {
  banks: readonly { value: string; label: string }[];
  /** After the server saved the new account. */
  onChanged: () => void;
  /**
   * Without a current account there is nothing to go back to, nor to protect: the first account is
   * saved at once; replacing one takes the password and an SMS code (issue 31).
   */
  onCancel?: () => void;
}

/**
 * The option to change the account in the request's step 2: a bank and an account number (digits
 * only, hyphens stripped: 'Solo números.'). Replacing the account on file opens the confirmation
 * (the current password, then the SMS code: BankAccountCodeDialog); the first account is saved with
 * putProfile.php at once. The server's refusals ('La cuenta ya existe en nuestro sistema.', a loan
 * request in progress) are shown in red, as it words them.
 */
export function ChangeBankAccountForm({ banks, onChanged, onCancel }: ChangeBankAccountFormProps) {
  const change = useSaveBankAccount();
  const [toConfirm, setToConfirm] = useState<BankAccount | null>(null);
  const hasAccountOnFile = onCancel !== undefined;
  const form = useForm<BankAccountValues, unknown, BankAccount>({
    resolver: zodResolver(bankAccountSchema) as unknown as Resolver<BankAccountValues, unknown, BankAccount>,
    mode: 'all',
    defaultValues: { bank: '', account_number: '' },
  });
  const save = form.handleSubmit((account) => {
    if (hasAccountOnFile) setToConfirm(account);
    else change.mutate({ account }, { onSuccess: onChanged });
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={save}
      aria-label="Cambiar cuenta bancaria"
      sx={{ display: 'grid', gap: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Controller
        control={form.control}
        name="bank"
        render={({ field, fieldState }) => (
          <SelectField
            {...field}
            id="new-bank"
            label="Banco"
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
            emptyOption="Seleccione"
            options={banks}
          />
        )}
      />
      <Controller
        control={form.control}
        name="account_number"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="new-account-number"
            onChange={(event) => field.onChange(digitsOnly(event.target.value))}
            label="Número de cuenta"
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        )}
      />
      <CallResultAlert error={change.error} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={change.isPending}>
            No cambiar
          </Button>
        )}
        <Button type="submit" variant="outlined" disabled={!form.formState.isValid || change.isPending}>
          {change.isPending ? PROFILE_SAVING_LABEL : 'Guardar cuenta'}
        </Button>
      </Box>
      {toConfirm && (
        <BankAccountCodeDialog
          account={toConfirm}
          bankName={banks.find((bank) => bank.value === toConfirm.bank)?.label ?? `Banco ${toConfirm.bank}`}
          onClose={() => setToConfirm(null)}
          onChanged={() => {
            setToConfirm(null);
            onChanged();
          }}
        />
      )}
    </Box>
  );
}
