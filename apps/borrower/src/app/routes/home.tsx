import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  isLoanPayable,
  isStage2Pending,
  nextInstalmentView,
  selectPlanLoan,
  sortNewestFirst,
  tegucigalpaDateTime,
} from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import { SplashScreen } from '../../components/splash-screen';
import { APP_VERSION } from '../../config/version';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { useChatUnread } from '../../features/chat/api/get-chat-unread';
import { useHomeProfile } from '../../features/home/api/get-home-profile';
import { HomeFooter } from '../../features/home/components/home-footer';
import { HomeTiles } from '../../features/home/components/home-tiles';
import { HomeTopBar } from '../../features/home/components/home-top-bar';
import { NextInstalmentCard } from '../../features/home/components/next-instalment-card';
import { ProfileToDoCard } from '../../features/home/components/profile-to-do-card';
import { ValidationNotice } from '../../features/home/components/validation-notice';
import { useHomeSplash } from '../../features/home/hooks/use-home-splash';
import { applyTileView, validationNotice } from '../../features/home/utils/apply-tile';
import { profileToDo, type ProfileToDoItem } from '../../features/home/utils/profile-to-do';
import { useBorrowerLocation } from '../../features/location/api/post-location';
import { LocationStatus } from '../../features/location/components/location-status';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useDialogMadeOnOpen } from '../../hooks/use-dialog-made-on-open';
import { useRepaymentSchedule } from '../../features/plan/api/get-repayment-schedule';
import { NetworkError } from '../../lib/api-errors';
import { useLocationState } from '../../lib/hash-location';
import { lazyScreen } from '../../lib/lazy-route';
import { loanListQueryOptions, type LoanListAnswer } from '../../lib/shared-queries';
import type { ProfileLocationState } from './profile';
import { firstRenderNow, pageBrandName } from '../../lib/render-scope';

/** The loan /plan shows first, when it is being paid (3, 8, 9-11): Inicio's next instalment is its. */
const selectPayingLoan = (answer: LoanListAnswer) => {
  const loan = selectPlanLoan(sortNewestFirst(Object.values(answer.loans)));
  return loan && isLoanPayable(loan.status) ? loan : null;
};

/** The help chat (/chat) over Inicio, its own chunk. */
const Chat = lazyScreen(() => import('./chat'));

// The references dialog (a form with menu selects) is downloaded only by a borrower who may need it.
const loadReferencesDialog = () => import('../../features/references/components/references-dialog');
const ReferencesDialog = lazy(() => loadReferencesDialog().then((m) => ({ default: m.ReferencesDialog })));

/** One element for every render: the top bar, memoized, is not rendered again for it. */
const notificationBell = <NotificationBell />;

/**
 * Inicio (/ and /main): composes the home, location, notifications, chat and references features.
 * The help chat (/chat) opens over it.
 */
export function Component() {
  const [brandName] = useState(pageBrandName);
  const [, navigate] = useLocation();
  const routeState = useLocationState<ProfileLocationState>();
  const [isChatOpen] = useRoute('/chat');
  const profile = useHomeProfile();
  // The splash gives way once the profile has answered (its tiles and cards are drawn from it).
  const isSplashShowing = useHomeSplash(!profile.isPending);
  const location = useBorrowerLocation();
  const chatUnread = useChatUnread().data ?? 0;
  // The next instalment or what is late, when a loan is being paid (issue 35, point 5).
  const payingLoan = useQuery({ ...loanListQueryOptions(), select: selectPayingLoan }).data ?? null;
  const schedule = useRepaymentSchedule(payingLoan?.container_id);
  const instalment = useMemo(
    () => (schedule.data ? nextInstalmentView(schedule.data) : null),
    [schedule.data],
  );
  // Made from its first opening on, so that it can fade out and keep its '¡Gracias!' step.
  const references = useDialogMadeOnOpen();
  // The server's render and the browser's hydration of it agree on the day (decision 024).
  const now = firstRenderNow();
  const locationState = location.data
    ? location.data.allowed
      ? 'allowed'
      : 'notAllowed'
    : location.isError
      ? 'notAllowed'
      : 'pending';
  const apply = profile.data ? applyTileView({ now, profile: profile.data, location: locationState }) : null;
  // The references dialog downloads once 'Aplicar' would open it, not for a borrower who cannot apply
  // yet (its module, a form with its schemas, is a long task on a slow phone's core).
  const mayAskReferences = apply?.state === 'enabled' && apply.needsReferences;
  useEffect(() => {
    if (mayAskReferences) loadReferencesDialog().catch(() => {});
  }, [mayAskReferences]);

  // SPEC section 8: a network failure while loading the profile goes to /login.
  useEffect(() => {
    if (profile.error instanceof NetworkError) navigate('/login');
  }, [profile.error, navigate]);

  // The parts that do not read the phone's position keep their props when its answer comes (one
  // synchronous render of Inicio, TanStack Query's answers are not time-sliced): memoized, they are
  // not rendered again for it.
  const toDo = useMemo(() => (profile.data ? profileToDo(profile.data) : []), [profile.data]);
  const isNewAccount = routeState?.isNewAccount === true;
  const openToDo = useCallback(
    (item: ProfileToDoItem) => {
      // Right after registration 'Completar registro' comes after the pre-approved-loan dialog.
      const state: ProfileLocationState | null =
        item.id !== 'stage2' ? null : isNewAccount ? { isNewAccount } : { isStage2Requested: true };
      navigate('/perfil', { state });
    },
    [isNewAccount, navigate],
  );

  if (isSplashShowing) return <SplashScreen brandName={brandName} />;

  // An incomplete profile is not in review: its card says what is missing instead of 'changes
  // received' (a review's outcome still shows: it says why something is missing).
  const reviewNotice = profile.data ? validationNotice(profile.data, now) : null;
  const notice = toDo.length > 0 && reviewNotice?.kind === 'changesReceived' ? null : reviewNotice;

  return (
    <>
      <HomeTopBar brandName={brandName} actions={notificationBell} />
      <Box component="main" sx={{ p: 2, maxWidth: 600, mx: 'auto', display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 500 }}>
            Inicio
          </Typography>
          <LocationStatus
            answer={location.data}
            error={location.error}
            brandName={brandName}
            onRetry={() => void location.refetch()}
            isRetrying={location.isFetching}
          />
        </Box>
        {profile.isError && !(profile.error instanceof NetworkError) && (
          <Alert severity="error" role="alert">
            {profile.error.message}
          </Alert>
        )}
        {payingLoan && instalment && (
          <NextInstalmentCard view={instalment} loanNumber={payingLoan.container_id} />
        )}
        {profile.data && (
          <ProfileToDoCard items={toDo} isStage2Done={!isStage2Pending(profile.data)} onOpen={openToDo} />
        )}
        <HomeTiles
          chatUnread={chatUnread}
          apply={apply}
          onApply={() => {
            if (apply?.state !== 'enabled') return;
            if (apply.needsReferences) {
              references.open();
            } else navigate('/aplicar');
          }}
        />
        {notice && <ValidationNotice notice={notice} />}
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <LogoutButton />
        </Box>
        <HomeFooter brandName={brandName} year={tegucigalpaDateTime(now).year} version={APP_VERSION} />
      </Box>
      {profile.data && references.isMade && (
        <Suspense fallback={null}>
          <ReferencesDialog
            open={references.isOpen}
            initialValues={{
              ref_tipo_per: profile.data.ref_tipo_per,
              ref_nom_per: profile.data.ref_nom_per,
              ref_tel_per: profile.data.ref_tel_per,
              ref_correo_per: profile.data.ref_correo_per,
              ref_tipo_lab: profile.data.ref_tipo_lab,
              ref_nom_lab: profile.data.ref_nom_lab,
              ref_tel_lab: profile.data.ref_tel_lab,
              ref_correo_lab: profile.data.ref_correo_lab,
            }}
            onClose={references.close}
          />
        </Suspense>
      )}
      {isChatOpen && (
        <Suspense fallback={null}>
          <Chat />
        </Suspense>
      )}
    </>
  );
}
