import { hydrate, MutationCache, QueryCache, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { SessionExpiredError } from './api-errors';
import { loginPath } from './return-path';
import { clearSid } from './session';

/** The route shown now (hash routing: '#/plan/12' is '/plan/12'). */
const currentPath = () => location.hash.replace(/^#/, '') || '/';

/**
 * What happens when any call answers ERS (SPEC section 8): the stored session is removed and the
 * person goes to the login screen, which says the session expired and, after logging in again,
 * returns to the route they were on (issue 35 point 9). Handled here once, for every query and
 * mutation.
 */
export function handleSessionExpired(
  error: unknown,
  goToLogin: () => void = () => (location.hash = `#${loginPath(currentPath(), { expired: true })}`),
) {
  if (!(error instanceof SessionExpiredError)) return;
  clearSid();
  goToLogin();
}

/**
 * A mutation whose ERS reloads the page instead (the login code dialog, SPEC section 8): pass it as
 * the mutation's `meta`.
 */
export const RELOAD_ON_SESSION_EXPIRED = { onSessionExpired: 'reload' } as const;

function reloadPage() {
  location.reload();
}

/** The one data cache of the app. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => handleSessionExpired(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        handleSessionExpired(error, mutation.meta?.onSessionExpired === 'reload' ? reloadPage : undefined),
    }),
    defaultOptions: {
      queries: {
        // A session problem is not retried; a flaky mobile network is, twice.
        retry: (failureCount, error) => !(error instanceof SessionExpiredError) && failureCount < 2,
      },
    },
  });
}

/**
 * A server-rendered screen's answers (decision 024) put into `client`, dated now by the browser's
 * clock. The server dated them by its own; a phone's may be hours off (the journeys set it to
 * another hour of the day), and a query with a staleTime of its own (the deposit accounts, 5
 * minutes) would then judge the answer it was just handed as old and ask again as the screen
 * hydrates. They were asked for this very visit, a moment ago.
 */
export function restoreFirstScreen(client: QueryClient, state: DehydratedState): void {
  const now = Date.now();
  const onThisClock = (at: number) => (at > 0 ? now : at);
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        dataUpdatedAt: onThisClock(query.state.dataUpdatedAt),
        errorUpdatedAt: onThisClock(query.state.errorUpdatedAt),
      },
    })),
  });
}

/**
 * How long a server-rendered screen's answers stay fresh in the browser (ms, decision 024): the
 * server asked them for this very visit, a moment ago, so the screen does not ask again as it
 * hydrates. A mutation's invalidation refreshes them at once all the same, and so does the next
 * screen: they are fresh only while the page is still at the address the server rendered (from
 * Inicio, /plan asks for the loans again, which a cashier may have changed meanwhile).
 */
export const FIRST_SCREEN_FRESH_MS = 30_000;

/** The answers in `client` now (a server-rendered screen's, just restored) are kept fresh for a while. */
export function keepFirstScreenFresh(
  client: QueryClient,
  now: () => number = () => performance.now(),
  address: () => string = () => location.hash,
): void {
  const restored = new WeakSet(client.getQueryCache().getAll());
  const freshUntil = now() + FIRST_SCREEN_FRESH_MS;
  const renderedAddress = address();
  let hasMoved = false;
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      staleTime: (query) => {
        hasMoved ||= address() !== renderedAddress;
        return restored.has(query) && !hasMoved && now() < freshUntil ? Infinity : 0;
      },
    },
  });
}
