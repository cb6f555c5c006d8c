import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { PROFILE_ERROR_HELP, PROFILE_ERROR_TEXTS } from '@prestamos-hn/domain';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'wouter';
import { useDialogMadeOnOpen } from '../../../hooks/use-dialog-made-on-open';
import type { ValidationNotice as Notice } from '../utils/apply-tile';
import { CHANGES_RECEIVED_TEXT, HELP_LINK_LABEL, PROFILE_LINK_LABEL } from '../utils/home-texts';

/** The help dialog (and MUI's Dialog with it) downloads when 'Ver ayuda' is first pressed. */
const ProfileHelpDialog = lazy(() =>
  import('./profile-help-dialog').then((m) => ({ default: m.ProfileHelpDialog })),
);

export const VALIDATION_NOTICE_TITLE = 'Validación de tu perfil';

/**
 * While the profile is not approved: yesterday's review outcome with a help link, or "we received
 * your data, answer within 24 business hours" with a link to the profile (SPEC section 4).
 */
export function ValidationNotice({ notice }: { notice: Notice }) {
  const help = useDialogMadeOnOpen();
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
      <Link component="button" color="inherit" onClick={help.open} sx={{ verticalAlign: 'baseline' }}>
        {HELP_LINK_LABEL}
      </Link>
      {help.isMade && (
        <Suspense fallback={null}>
          <ProfileHelpDialog open={help.isOpen} onClose={help.close} help={PROFILE_ERROR_HELP[notice.code]} />
        </Suspense>
      )}
    </Alert>
  );
}
