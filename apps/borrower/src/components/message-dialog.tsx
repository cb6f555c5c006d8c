import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

interface MessageDialogProps {
  open: boolean;
  onClose: () => void;
  /** The title's id is `${id}-title` and names the dialog; the text's is `${id}-description` and describes it. */
  id: string;
  title: ReactNode;
  /** What the dialog says. */
  text: ReactNode;
  /** Below the text: an alert, a count-down. */
  children?: ReactNode;
  /** The buttons. */
  actions: ReactNode;
  contentSx?: SxProps<Theme>;
  actionsSx?: SxProps<Theme>;
}

/** A dialog that says one thing: its title, its text, what follows the text, and its buttons. */
export function MessageDialog({
  open,
  onClose,
  id,
  title,
  text,
  children,
  actions,
  contentSx,
  actionsSx,
}: MessageDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent sx={contentSx}>
        <DialogContentText id={`${id}-description`}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions sx={actionsSx}>{actions}</DialogActions>
    </Dialog>
  );
}
