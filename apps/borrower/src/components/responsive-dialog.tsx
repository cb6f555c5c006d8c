import Dialog, { type DialogProps } from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';

interface ResponsiveDialogProps extends Omit<DialogProps, 'fullScreen'> {
  /** Whether it fills a phone's screen (true unless told); above a phone it never does. */
  isFullScreenOnPhone?: boolean;
}

/**
 * A dialog that fills the screen on a phone (narrower than the theme's `sm`) and is a card as wide
 * as `maxWidth` (`sm` unless told) on a larger screen.
 */
export function ResponsiveDialog({ isFullScreenOnPhone = true, ...props }: ResponsiveDialogProps) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return <Dialog fullWidth maxWidth="sm" {...props} fullScreen={isPhone && isFullScreenOnPhone} />;
}
