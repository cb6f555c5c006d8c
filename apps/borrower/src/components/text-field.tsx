import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactElement, type ReactNode, type Ref } from 'react';

/**
 * MUI's outlined TextField, assembled from the same parts (FormControl, InputLabel, OutlinedInput,
 * FormHelperText; a native select is `SelectField`, in its own module so that a screen without one
 * does not download it), with the same label, helper text and `aria-describedby` wiring. MUI's own TextField imports its menu Select with Menu, Popover and
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
  /** Places the outlined input in the field (SelectField wraps it in a native select). */
  renderInput?: (input: ReactElement) => ReactNode;
  slotProps?: {
    htmlInput?: InputBaseComponentProps;
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
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
  renderInput,
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
      {renderInput ? renderInput(input) : (input as ReactNode)}
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
