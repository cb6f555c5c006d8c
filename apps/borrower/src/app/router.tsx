import { createHashRouter, type DataRouter, type RouteObject } from 'react-router';
import { lazyRoute } from '../lib/lazy-route';
import { requireSession } from './require-session';
import { RouteErrorPage } from './route-error';
import { StartupFallback } from './startup-fallback';

const notFound = lazyRoute(() => import('./routes/not-found'));
const home = lazyRoute(() => import('./routes/home'));
const plan = lazyRoute(() => import('./routes/plan'));

/**
 * The route table of SPEC section 2 (hash URLs). Logged-in routes sit under one layout whose loader
 * sends a visitor without a session to /login, and which carries 'Cerrar sesión'.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    // The error and loading elements are part of the first download, so they work when a chunk fails.
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: StartupFallback,
    lazy: lazyRoute(() => import('./routes/root')),
    children: [
      { id: 'login', path: '/login', lazy: lazyRoute(() => import('./routes/login')) },
      {
        id: 'password-recovery',
        path: '/recuperarpass',
        lazy: lazyRoute(() => import('./routes/password-recovery')),
      },
      {
        id: 'password-change',
        path: '/recuperarpass/:data',
        lazy: lazyRoute(() => import('./routes/password-change')),
      },
      { id: 'registration', path: '/registro', lazy: lazyRoute(() => import('./routes/registration')) },
      {
        id: 'email-validation',
        path: '/validarmail/:token',
        lazy: lazyRoute(() => import('./routes/email-validation')),
      },
      {
        id: 'logged-in',
        loader: requireSession,
        lazy: lazyRoute(() => import('./routes/logged-in-layout')),
        children: [
          // Home (Inicio), also at /main where the legacy app lands after the profile is completed.
          // The help chat opens over Inicio (full screen on phones, a side panel on wider screens).
          {
            id: 'home',
            path: '/',
            lazy: home,
            children: [{ id: 'chat', path: 'chat', lazy: lazyRoute(() => import('./routes/chat')) }],
          },
          { id: 'main', path: '/main', lazy: home },
          { id: 'profile', path: '/perfil', lazy: lazyRoute(() => import('./routes/profile')) },
          // Paths match case-insensitively, so this also serves the legacy link to /Aplicar.
          {
            id: 'loan-application',
            path: '/aplicar',
            lazy: lazyRoute(() => import('./routes/loan-application')),
          },
          { id: 'plan', path: '/plan', lazy: plan },
          { id: 'plan-loan', path: '/plan/:idprestamoparam', lazy: plan },
          { id: 'history', path: '/historial', lazy: lazyRoute(() => import('./routes/history')) },
        ],
      },
      { id: 'not-found', path: '*', lazy: notFound },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}

/**
 * Resolves once the router has loaded the first address's screen (its lazy modules and loaders), so
 * a prerendered screen is hydrated with the same tree it was rendered from (./prerender.tsx, main.tsx).
 */
export function whenRouterReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
