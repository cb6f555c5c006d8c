import NativeSelect from '@mui/material/NativeSelect';
import type { ReactNode } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface SelectOption {
  value: string;
  label: ReactNode;
}

type SelectFieldProps = Omit<TextFieldProps, 'renderInput'> & {
  /** The first option, with the empty value: what the field reads before a choice ('Seleccione'). */
  emptyOption?: ReactNode;
  /** The choices, after the empty option and before any `<option>` children. */
  options?: readonly SelectOption[];
  children?: ReactNode;
};

/**
 * A labelled outlined field around a native `<select>` of its options: the phone's own picker, no
 * menu to download.
 */
export function SelectField({ emptyOption, options = [], children, ...props }: SelectFieldProps) {
  return (
    <TextField
      {...props}
      renderInput={(input) => (
        <NativeSelect input={input}>
          {emptyOption !== undefined && <option value="">{emptyOption}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
          {children}
        </NativeSelect>
      )}
    />
  );
}
