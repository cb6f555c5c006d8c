import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode, type Ref } from 'react';

/**
 * MUI's outlined TextField, assembled from the same parts (FormControl, InputLabel, OutlinedInput,
 * FormHelperText, and NativeSelect for a `select`), with the same label, helper text and
 * `aria-describedby` wiring. MUI's own TextField imports its menu Select with Menu, Popover and
 * Modal for every field (24 KiB gzip), and this app's selects are native (the phone's own picker)
 * but for two menus (the reference type, the chat's loan), which keep MUI's TextField on their own
 * lazy screens: every other screen's first load, /login's included, is that much lighter.
 */
export interface TextFieldProps extends Omit<
  FormControlProps,
  'onChange' | 'onBlur' | 'onFocus' | 'defaultValue' | 'variant' | 'children'
> {
  label?: ReactNode;
  helperText?: ReactNode;
  name?: string;
  value?: unknown;
  defaultValue?: unknown;
  onChange?: OutlinedInputProps['onChange'];
  onBlur?: OutlinedInputProps['onBlur'];
  onFocus?: OutlinedInputProps['onFocus'];
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  multiline?: boolean;
  rows?: number;
  minRows?: number;
  maxRows?: number;
  inputRef?: Ref<HTMLInputElement>;
  ref?: Ref<HTMLDivElement>;
  /** A native `<select>` of the `<option>` children. */
  select?: boolean;
  children?: ReactNode;
  slotProps?: {
    htmlInput?: InputBaseComponentProps;
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
    /** Accepted for MUI's TextField's API: the select is always native here. */
    select?: { native?: true };
  };
}

export function TextField({
  label,
  helperText,
  id: idOverride,
  name,
  value,
  defaultValue,
  onChange,
  onBlur,
  onFocus,
  type,
  autoComplete,
  autoFocus,
  placeholder,
  multiline,
  rows,
  minRows,
  maxRows,
  inputRef,
  select = false,
  children,
  slotProps = {},
  ...formControl
}: TextFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  const input = (
    <OutlinedInput
      aria-describedby={helperTextId}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      defaultValue={defaultValue}
      id={id}
      inputRef={inputRef}
      label={label}
      maxRows={maxRows}
      minRows={minRows}
      multiline={multiline}
      name={name}
      notched={slotProps.inputLabel?.shrink}
      onBlur={onBlur}
      onChange={onChange}
      onFocus={onFocus}
      placeholder={placeholder}
      rows={rows}
      type={type}
      value={value}
      inputProps={slotProps.htmlInput}
      {...slotProps.input}
    />
  );
  return (
    <FormControl variant="outlined" {...formControl}>
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      {select ? <NativeSelect input={input}>{children}</NativeSelect> : input}
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
