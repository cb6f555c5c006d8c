import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  isEmailConfirmed,
  isStage2Pending,
  profileDisplayState,
  shouldConfirmProfileData,
  todayInTegucigalpa,
} from '@prestamos-hn/domain';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import {
  useFieldOptions,
  useLocationLists,
  useProfile,
  useWalletBalance,
} from '../../features/profile/api/get-profile';
import { PreApprovedLoanDialog } from '../../features/profile/components/pre-approved-loan-dialog';
import { ProfileHeaderCard } from '../../features/profile/components/profile-header-card';
import { ProfileSections } from '../../features/profile/components/profile-sections';
import { ProfileStateBanner } from '../../features/profile/components/profile-state-banner';
import type { RowAction } from '../../features/profile/utils/editable-rows';
import { useDialogMadeOnOpen } from '../../hooks/use-dialog-made-on-open';
import { NetworkError } from '../../lib/api-errors';
import { useLocationState } from '../../lib/hash-location';
import { firstRenderNow } from '../../lib/render-scope';

// The edit dialogs (their forms, react-hook-form, the field parts and the bank-account code) download
// when one opens, not with /perfil's first load: most visits read the profile and change nothing.
const ChangePasswordDialog = lazy(() =>
  import('../../features/profile/components/change-password-dialog').then((m) => ({
    default: m.ChangePasswordDialog,
  })),
);
// So are the notices that open by themselves (the e-mail to confirm, 'Confirmar datos'; issue 33).
const ValidateEmailDialog = lazy(() =>
  import('../../features/email-validation/components/validate-email-dialog').then((m) => ({
    default: m.ValidateEmailDialog,
  })),
);
// And the alert of a locked row (MUI's Snackbar), with the first tap on one.
const LockedRowAlert = lazy(() =>
  import('../../features/profile/components/locked-row-alert').then((m) => ({
    default: m.LockedRowAlert,
  })),
);
const ConfirmDataDialogs = lazy(() =>
  import('../../features/profile/components/confirm-data-dialogs').then((m) => ({
    default: m.ConfirmDataDialogs,
  })),
);

/** Whether a dialog has been open once: it is made then, and kept so that it can fade out. */
function useMadeOnceOpen(open: boolean): boolean {
  const [isMade, setIsMade] = useState(open);
  if (open && !isMade) setIsMade(true);
  return isMade;
}

const EditGroupDialog = lazy(() =>
  import('../../features/profile/components/edit-field-dialog').then((m) => ({
    default: m.EditGroupDialog,
  })),
);
const EditPhoneDialog = lazy(() =>
  import('../../features/profile/components/edit-phone-dialog').then((m) => ({
    default: m.EditPhoneDialog,
  })),
);
const Stage2Dialog = lazy(() =>
  import('../../features/profile/components/stage-2-dialog').then((m) => ({ default: m.Stage2Dialog })),
);

/**
 * What may be passed to /perfil: `isNewAccount` opens the pre-approved-loan dialog once,
 * `isStage2Requested` opens 'Completar registro' (Inicio's 'Completa tu perfil' card).
 */
export interface ProfileLocationState {
  isNewAccount?: boolean;
  isStage2Requested?: boolean;
}

/**
 * /perfil: the header card, the display state, the rows with their edit dialogs and the documents;
 * right after registration the pre-approved-loan dialog, whose 'Ir a formulario' opens 'Completar
 * registro'; 'Validar correo' while the e-mail is not confirmed; the confirmation once complete.
 */
export function Component() {
  const [path, navigate] = useLocation();
  const locationState = useLocationState<ProfileLocationState>();
  const profile = useProfile();
  const wallet = useWalletBalance();
  const fieldOptions = useFieldOptions();
  const locations = useLocationLists();
  // The page renders from deferred copies of the answers: when one arrives, the query's notification
  // re-renders only what changed at once, and React renders the rows as a transition, in slices,
  // instead of one long task on a slow phone's main thread (Lighthouse's TBT).
  const data = useDeferredValue(profile.data);
  const fieldOptionsData = useDeferredValue(fieldOptions.data);
  const locationsData = useDeferredValue(locations.data);
  const lists = useMemo(
    () => ({ fieldOptions: fieldOptionsData, locations: locationsData }),
    [fieldOptionsData, locationsData],
  );
  const [today] = useState(() => todayInTegucigalpa(firstRenderNow()));

  const [isPreApprovedOpen, setIsPreApprovedOpen] = useState(() => locationState?.isNewAccount === true);
  // 'Completar registro' is made the first time it opens (its form, validated on mount, and its Zod
  // schema cost a slow phone about 30 ms of each /perfil load), then kept: answers half given survive.
  const stage2 = useDialogMadeOnOpen(locationState?.isStage2Requested === true);
  const [openRow, setOpenRow] = useState<Exclude<RowAction, null> | null>(null);
  const [lockedAlert, setLockedAlert] = useState<string | null>(null);
  const [isValidateEmailOpen, setIsValidateEmailOpen] = useState(true);
  const [isConfirmDismissed, setIsConfirmDismissed] = useState(false);
  const [isConfirmRequested, setIsConfirmRequested] = useState(false);

  // SPEC section 8: a network failure while loading the profile goes to /login.
  useEffect(() => {
    if (profile.error instanceof NetworkError) navigate('/login');
  }, [profile.error, navigate]);

  const openValidateEmail = useCallback(() => setIsValidateEmailOpen(true), []);
  const editGroup = openRow && openRow !== 'phone' && openRow !== 'password' ? openRow : null;
  const isOtherDialogOpen = isPreApprovedOpen || stage2.isOpen || openRow !== null;
  const showValidateEmail =
    data !== undefined && !isEmailConfirmed(data.MailEst) && isValidateEmailOpen && !isOtherDialogOpen;
  const canConfirm =
    data !== undefined && shouldConfirmProfileData({ ...data.data, datasend: data.datasend });
  const showConfirm =
    canConfirm && !isOtherDialogOpen && !showValidateEmail && (isConfirmRequested || !isConfirmDismissed);
  const isValidateEmailMade = useMadeOnceOpen(showValidateEmail);
  const isConfirmMade = useMadeOnceOpen(showConfirm);
  const isLockedAlertMade = useMadeOnceOpen(lockedAlert !== null);

  return (
    <Box component="main" sx={{ p: 2, maxWidth: 600, mx: 'auto' }}>
      {data ? (
        <>
          <ProfileHeaderCard profile={data} walletBalance={wallet.data} />
          <ProfileStateBanner
            state={profileDisplayState(data.data)}
            datasend={data.datasend}
            isStage2Pending={isStage2Pending(data.data)}
            onCompleteRegistration={stage2.open}
            onConfirmData={() => setIsConfirmRequested(true)}
          />
          <ProfileSections
            profile={data}
            lists={lists}
            onOpen={setOpenRow}
            onLocked={setLockedAlert}
            onConfirmEmail={openValidateEmail}
          />
        </>
      ) : profile.isError ? (
        <>
          <Typography component="h1" variant="h6" sx={{ mb: 2 }}>
            Perfil
          </Typography>
          {/* Status 500 flags a failure and shows the incomplete state (SPEC section 8). */}
          <Alert severity="error" role="alert">
            Perfil incompleto. {profile.error.message}
          </Alert>
        </>
      ) : (
        <Typography component="h1" variant="h6" role="status">
          Cargando
        </Typography>
      )}

      <PreApprovedLoanDialog
        open={isPreApprovedOpen}
        onGoToForm={() => {
          setIsPreApprovedOpen(false);
          stage2.open();
          // Forget the flag, so that going back to this entry does not open the dialog again.
          navigate(path, { replace: true, state: null });
        }}
      />
      {/* Each its own boundary: one dialog's download never hides another that is kept. */}
      <Suspense fallback={null}>
        {stage2.isMade && (
          <Stage2Dialog
            open={stage2.isOpen}
            today={today}
            lists={lists}
            onClose={() => {
              stage2.close();
              // Forget a request from Inicio, so that going back to this entry does not open it again.
              if (locationState !== null) navigate(path, { replace: true, state: null });
            }}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {data && editGroup && (
          <EditGroupDialog
            key={editGroup}
            id={editGroup}
            today={today}
            current={data.data}
            lists={lists}
            onClose={() => setOpenRow(null)}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {data && openRow === 'phone' && (
          <EditPhoneDialog current={data.data.mob_phone} onClose={() => setOpenRow(null)} />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {openRow === 'password' && <ChangePasswordDialog onClose={() => setOpenRow(null)} />}
      </Suspense>
      <Suspense fallback={null}>
        {data && isValidateEmailMade && (
          <ValidateEmailDialog
            open={showValidateEmail}
            email={data.data.email}
            onClose={() => setIsValidateEmailOpen(false)}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {isConfirmMade && (
          <ConfirmDataDialogs
            open={showConfirm}
            onClose={() => {
              setIsConfirmDismissed(true);
              setIsConfirmRequested(false);
            }}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {isLockedAlertMade && <LockedRowAlert message={lockedAlert} onClose={() => setLockedAlert(null)} />}
      </Suspense>
    </Box>
  );
}
