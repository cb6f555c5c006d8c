import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, type ReactNode } from 'react';
import { takeHeldEscape } from '../lib/held-escape';

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
  /**
   * Rendered where it stands instead of in a portal, and without its fade-in when open from the
   * start: a notice that opens with its screen is then in the server's render of it, and hydration
   * takes it as it is. In a portal it renders only after hydration, in a synchronous render and
   * commit of its own (a portal needs its node first): on /perfil 187 ms of a 4x-slowed core.
   */
  isInPlace?: boolean;
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
  isInPlace = false,
}: MessageDialogProps) {
  // Open in the server's render, it was on the screen before its handlers: an Escape pressed then
  // closes it now.
  useEffect(() => {
    if (isInPlace && open && takeHeldEscape()) onClose();
  }, [isInPlace, open, onClose]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      disablePortal={isInPlace}
      slotProps={isInPlace ? { transition: { appear: false } } : undefined}
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
