import NativeSelect from '@mui/material/NativeSelect';
import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/**
 * A labelled outlined field around a native `<select>` of its `<option>` children: the phone's own
 * picker, no menu to download.
 */
export function SelectField({
  children,
  ...props
}: Omit<TextFieldProps, 'renderInput'> & { children?: ReactNode }) {
  return (
    <TextField {...props} renderInput={(input) => <NativeSelect input={input}>{children}</NativeSelect>} />
  );
}
