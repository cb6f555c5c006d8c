import TextField, { type TextFieldProps } from '@mui/material/TextField';

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
