import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

/**
 * A password the staff member must type (logging in, changing it): hidden as typed, required, with
 * the error under it, or its hint when there is no error.
 */
export function PasswordField({
  value,
  onChange,
  error,
  hint,
  ...props
}: {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
} & Pick<TextFieldProps, 'autoFocus' | 'fullWidth' | 'inputRef' | 'sx'>) {
  return (
    <TextField
      {...props}
      type="password"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
    />
  );
}

/**
 * The values and errors of a form of password fields (the password dialog, the e-mailed link's
 * form), and `bind(field)`: what a PasswordField of that field takes.
 */
export function usePasswordFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const bind = (field: F) => ({
    value: values[field],
    onChange: (value: string) => setValues((v) => ({ ...v, [field]: value })),
    error: errors[field],
  });
  return { values, setValues, errors, setErrors, bind };
}
