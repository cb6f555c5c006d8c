import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
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
  maxWidth?: 'xs' | 'sm';
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
 * fields, and 'Cancelar' beside the submit button (disabled while the call runs).
 */
export function FormDialog({
  id,
  title,
  intro,
  refusal,
  fieldsShown = [],
  maxWidth = 'sm',
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
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={`${id}-title`}>
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {intro && <DialogContentText>{intro}</DialogContentText>}
            <RefusalAlert message={isOnItsField ? undefined : refusal?.message} />
            {children}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={cancel?.onClick ?? onClose}>{cancel?.label ?? 'Cancelar'}</Button>
          <Button type="submit" variant="contained" color={submitColor} disabled={isSending || isBlocked}>
            {isSending ? sendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
