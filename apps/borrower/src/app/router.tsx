import { Suspense, useEffect } from 'react';
import { Redirect, Route, useLocation, useSearch } from 'wouter';
import { navigate, routeParser, splitHash } from '../lib/hash-location';
import { lazyScreen, type LazyScreen } from '../lib/lazy-route';
import { sessionRedirect } from './require-session';
import { RouteErrorBoundary } from './route-error';
import type { LoggedInLayoutProps, LoggedInRouteHandle } from './routes/logged-in-layout';
import { StartupFallback } from './startup-fallback';

export interface AppRoute {
  id: string;
  /** A wouter pattern (regexparam), matched case-insensitively (lib/hash-location.ts). */
  path: string;
  screen: LazyScreen;
  /** Behind the session, in the logged-in layout, which draws its top bar as `handle` asks. */
  loggedIn?: LoggedInRouteHandle;
}

const LoggedInLayout = lazyScreen<LoggedInLayoutProps>(() => import('./routes/logged-in-layout'));
const home = lazyScreen(() => import('./routes/home'));
const plan = lazyScreen(() => import('./routes/plan'));
const homeHandle: LoggedInRouteHandle = { hasOwnTopBar: true };
const ownBackButton: LoggedInRouteHandle = { hasOwnBackButton: true };

/** Any other address. */
export const notFoundRoute: AppRoute = {
  id: 'not-found',
  path: '*',
  screen: lazyScreen(() => import('./routes/not-found')),
};

/**
 * The route table of SPEC section 2 (hash URLs), each screen its own chunk. Logged-in routes send a
 * visitor without a session to /login and sit in one layout, which carries 'Cerrar sesión'.
 */
export const routes: AppRoute[] = [
  { id: 'login', path: '/login', screen: lazyScreen(() => import('./routes/login')) },
  {
    id: 'password-recovery',
    path: '/recuperarpass',
    screen: lazyScreen(() => import('./routes/password-recovery')),
  },
  {
    id: 'password-change',
    path: '/recuperarpass/:data',
    screen: lazyScreen(() => import('./routes/password-change')),
  },
  { id: 'registration', path: '/registro', screen: lazyScreen(() => import('./routes/registration')) },
  {
    id: 'email-validation',
    path: '/validarmail/:token',
    screen: lazyScreen(() => import('./routes/email-validation')),
  },
  // Home (Inicio), also at /main where the legacy app lands after the profile is completed. The
  // help chat opens over Inicio (full screen on phones, a side panel on wider screens).
  { id: 'home', path: '/', screen: home, loggedIn: homeHandle },
  { id: 'chat', path: '/chat', screen: home, loggedIn: homeHandle },
  { id: 'main', path: '/main', screen: home, loggedIn: homeHandle },
  { id: 'profile', path: '/perfil', screen: lazyScreen(() => import('./routes/profile')), loggedIn: {} },
  // Paths match case-insensitively, so this also serves the legacy link to /Aplicar.
  {
    id: 'loan-application',
    path: '/aplicar',
    screen: lazyScreen(() => import('./routes/loan-application')),
    loggedIn: ownBackButton,
  },
  { id: 'plan', path: '/plan', screen: plan, loggedIn: ownBackButton },
  { id: 'plan-loan', path: '/plan/:idprestamoparam', screen: plan, loggedIn: ownBackButton },
  {
    id: 'history',
    path: '/historial',
    screen: lazyScreen(() => import('./routes/history')),
    loggedIn: ownBackButton,
  },
];

/** Each route with its pattern, compiled once. */
const matchers = routes.map((route) => ({ route, pattern: routeParser(route.path).pattern }));

/** The route an address's path shows (the not-found screen when none matches). */
export function routeFor(path: string): AppRoute {
  return matchers.find(({ pattern }) => pattern.exec(path))?.route ?? notFoundRoute;
}

/** Where a route at this address sends the person instead: /login, for a logged-in one without a session. */
function redirectFor(route: AppRoute, path: string, search: string): string | null {
  return route.loggedIn ? sessionRedirect(search ? `${path}?${search}` : path) : null;
}

/**
 * Downloads a route's code: its screen, and the logged-in layout alongside when it has one. Each
 * import adds the preload links of the modules it needs in one task (Vite's helper, about 1.5 ms a
 * link on a 4x-slowed core): the layout's first, and the screen's, most of which the layout's have
 * then added, in the next task, so neither is a long task on a slow phone.
 */
export function preloadRoute(route: AppRoute): Promise<unknown> {
  if (!route.loggedIn) return route.screen.preload();
  const layout = LoggedInLayout.preload();
  const screen = new Promise((resolve) => setTimeout(resolve)).then(() => route.screen.preload());
  return Promise.all([layout, screen]);
}

/**
 * Before the first render: a logged-in address without a session becomes /login at once (as its
 * render would), and the address's code downloads. Awaited, the first render is the screen itself,
 * so a prerendered screen (./prerender.tsx) is hydrated with the tree it was rendered from; it
 * resolves also when a download fails (the render then shows the error and offers to retry).
 */
export function whenScreenReady(): Promise<void> {
  const { path, search } = splitHash(window.location.hash);
  let route = routeFor(path);
  const redirect = redirectFor(route, path, search);
  if (redirect) {
    navigate(redirect, { replace: true });
    route = routeFor(splitHash(redirect).path);
  }
  return preloadRoute(route).then(
    () => undefined,
    () => undefined,
  );
}

/** A logged-in route: the person goes to /login without a session; otherwise, its layout and screen. */
function LoggedInRoute({ route, handle }: { route: AppRoute; handle: LoggedInRouteHandle }) {
  const [path] = useLocation();
  const search = useSearch();
  const redirect = redirectFor(route, path, search);
  if (redirect) return <Redirect to={redirect} replace />;
  const Screen = route.screen;
  return (
    <LoggedInLayout handle={handle}>
      <Screen />
    </LoggedInLayout>
  );
}

/**
 * The screen of the address. One `Route` element whatever the address, so moving between addresses
 * of one screen (Inicio and its chat, a plan and another loan's) keeps it mounted, as the logged-in
 * layout stays mounted across logged-in screens. While the first screen's code downloads the
 * start-up fallback shows (Inicio's splash, or a loader); later navigations keep the screen showing
 * until the next one's code has arrived (lib/hash-location.ts). `onScreenShown` runs once the first
 * screen is committed: inside the Suspense boundary, which React hydrates after the rest of the app,
 * so a prerendered form has its handlers by then (main.tsx sends a form held before, decision 020).
 */
export function AppRoutes({ onScreenShown }: { onScreenShown?: () => void }) {
  const [path] = useLocation();
  const route = routeFor(path);
  // The layout and the screen download together, not one after the other.
  preloadRoute(route).catch(() => {});
  const Screen = route.screen;
  return (
    <RouteErrorBoundary address={path}>
      <Suspense fallback={<StartupFallback />}>
        <Route path={route.path}>
          {route.loggedIn ? <LoggedInRoute route={route} handle={route.loggedIn} /> : <Screen />}
        </Route>
        <ScreenShown onShown={onScreenShown} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** Calls `onShown` once the screen beside it has been committed (hydrated), with it. */
function ScreenShown({ onShown }: { onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return null;
}
