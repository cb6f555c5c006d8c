import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { TextField, type TextFieldProps } from './text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'variant'> & {
  /** Whether the password is shown in clear text. */
  isVisible: boolean;
  /** Gives the field the show/hide button (one button may serve several fields). */
  onToggleVisible?: () => void;
};

/** A password input, with the show/hide button when `onToggleVisible` is given. */
export function PasswordField({ isVisible, onToggleVisible, slotProps, ...props }: PasswordFieldProps) {
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        input: onToggleVisible
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    onClick={onToggleVisible}
                    edge="end"
                    aria-label={isVisible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
                  >
                    {isVisible ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
