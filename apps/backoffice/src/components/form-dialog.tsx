import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FormEvent, ReactNode } from 'react';
import type { Refusal } from '../lib/staff-action';
import { RefusalAlert } from './refusal-alert';

export interface FormDialogProps {
  /** The title's id is `${id}-title`: it names the dialog. */
  id: string;
  title: ReactNode;
  /** What the dialog does, above the refusal and the fields. */
  intro?: ReactNode;
  /** The server's refusal: above the fields, unless it names one of `fieldsShown`. */
  refusal?: Refusal;
  /** The fields that show a refusal naming them themselves (with `fieldError`), so it is not shown twice. */
  fieldsShown?: readonly string[];
  maxWidth?: 'xs' | 'sm' | 'md';
  /**
   * What the person must keep in view while filling the form (a receipt's photo): beside the
   * fields on a desktop, above them on a phone, where the dialog then takes the whole screen.
   */
  aside?: ReactNode;
  submitLabel: string;
  /** The submit button's words while the call runs ('Guardando…'). */
  sendingLabel: string;
  submitColor?: ButtonProps['color'];
  isSending: boolean;
  /** The form may not be sent again (another person already acted). */
  isBlocked?: boolean;
  /** The first button; 'Cancelar', which closes the dialog, unless given. */
  cancel?: { label: string; onClick: () => void };
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A staff action's dialog: a form with a title, an optional intro, the server's refusal, the
 * fields, and 'Cancelar' beside the submit button (disabled while the call runs); optionally what
 * to look at while deciding (`aside`) beside the fields.
 */
export function FormDialog({
  id,
  title,
  intro,
  refusal,
  fieldsShown = [],
  maxWidth = 'sm',
  aside,
  submitLabel,
  sendingLabel,
  submitColor,
  isSending,
  isBlocked = false,
  cancel,
  onClose,
  onSubmit,
  children,
}: FormDialogProps) {
  const isOnItsField = refusal?.field !== undefined && fieldsShown.includes(refusal.field);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'));
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  const fields = (
    <Stack spacing={2}>
      {intro && <DialogContentText>{intro}</DialogContentText>}
      <RefusalAlert message={isOnItsField ? undefined : refusal?.message} />
      {children}
    </Stack>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={aside !== undefined && isPhone}
      aria-labelledby={`${id}-title`}
    >
      {/* A column that fills the dialog: the content scrolls between the fixed title and buttons. */}
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent dividers>
          {aside === undefined ? (
            fields
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                alignItems: 'start',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
              }}
            >
              <Box>{aside}</Box>
              {fields}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel?.onClick ?? onClose}>{cancel?.label ?? 'Cancelar'}</Button>
          <Button type="submit" variant="contained" color={submitColor} disabled={isSending || isBlocked}>
            {isSending ? sendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
