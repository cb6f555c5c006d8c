import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

export interface ReasonFieldProps {
  id: string;
  label: string;
  value: string;
  /** The new text (the dialog clears its 'write something' error here). */
  onChange: (value: string) => void;
  /** The dialog's own check or the server's refusal naming this field; the hint shows instead when none. */
  error: string | undefined;
  hint: ReactNode;
  maxLength: number;
  autoFocus?: boolean;
}

/**
 * The text a staff action must carry (a collection note, the reason for a rejection or a stage
 * change): required, several lines, with its hint under it until there is an error to show.
 */
export function ReasonField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
  autoFocus,
}: ReasonFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      required
      autoFocus={autoFocus}
      multiline
      minRows={3}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}
