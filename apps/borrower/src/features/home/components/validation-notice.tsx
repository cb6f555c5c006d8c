import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { PROFILE_ERROR_HELP, PROFILE_ERROR_TEXTS } from '@prestamos-hn/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { ValidationNotice as Notice } from '../utils/apply-tile';
import { CHANGES_RECEIVED_TEXT, HELP_LINK_LABEL, PROFILE_LINK_LABEL } from '../utils/home-texts';

export const VALIDATION_NOTICE_TITLE = 'Validación de tu perfil';

/**
 * While the profile is not approved: yesterday's review outcome with a help link, or "we received
 * your data, answer within 24 business hours" with a link to the profile (SPEC section 4).
 */
export function ValidationNotice({ notice }: { notice: Notice }) {
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  if (notice.kind === 'changesReceived') {
    return (
      <Alert severity="info" component="section" aria-label={VALIDATION_NOTICE_TITLE}>
        <AlertTitle>{VALIDATION_NOTICE_TITLE}</AlertTitle>
        {CHANGES_RECEIVED_TEXT}{' '}
        <Link component={RouterLink} to="/perfil" color="inherit">
          {PROFILE_LINK_LABEL}
        </Link>
      </Alert>
    );
  }
  return (
    <Alert
      severity={notice.code === 0 ? 'info' : 'error'}
      component="section"
      aria-label={VALIDATION_NOTICE_TITLE}
    >
      <AlertTitle>{VALIDATION_NOTICE_TITLE}</AlertTitle>
      {PROFILE_ERROR_TEXTS[notice.code]}{' '}
      <Link
        component="button"
        color="inherit"
        onClick={() => setIsHelpOpen(true)}
        sx={{ verticalAlign: 'baseline' }}
      >
        {HELP_LINK_LABEL}
      </Link>
      <Dialog open={isHelpOpen} onClose={() => setIsHelpOpen(false)} aria-labelledby="profile-help-title">
        <DialogTitle id="profile-help-title">Ayuda</DialogTitle>
        <DialogContent>
          <DialogContentText>{PROFILE_ERROR_HELP[notice.code]}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsHelpOpen(false)}>Cerrar</Button>
          <Button variant="contained" component={RouterLink} to="/perfil">
            {PROFILE_LINK_LABEL}
          </Button>
        </DialogActions>
      </Dialog>
    </Alert>
  );
}
