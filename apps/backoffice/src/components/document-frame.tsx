import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent, { type DialogContentProps } from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { documentPage } from '@prestamos-hn/ui';
import type { ReactNode } from 'react';

/**
 * A contract or promissory note as the borrower app shows it (documentPage), in a frame that runs
 * no script, sends no form and loads nothing from the network.
 */
export function DocumentFrame({
  title,
  document,
  sx,
}: {
  /** The frame's accessible name. */
  title: string;
  document: { title: string; html: string };
  sx: SxProps<Theme>;
}) {
  return (
    <Box
      component="iframe"
      title={title}
      sandbox=""
      srcDoc={documentPage(document.title, document.html)}
      sx={sx}
    />
  );
}

/** A document to read in a dialog: its title, the content, and 'Cerrar' (focused) as the only action. */
export function ReadingDialog({
  titleId,
  title,
  fullScreen,
  contentProps,
  onClose,
  children,
}: {
  /** The title's id: it names the dialog. */
  titleId: string;
  title: ReactNode;
  fullScreen?: boolean;
  contentProps?: DialogContentProps;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers {...contentProps}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Cerrar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
