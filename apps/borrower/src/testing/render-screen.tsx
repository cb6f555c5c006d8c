import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@prestamos-hn/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { Router } from 'wouter';
import { vi } from 'vitest';
import {
  locationState,
  navigate,
  routeParser,
  splitHash,
  useHashLocation,
  useHashSearch,
} from '../lib/hash-location';
import { createQueryClient } from '../lib/query-client';
import { clearSid } from '../lib/session';

/** Renders `ui` with what the app gives every screen: a data cache of its own and the theme. */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider theme={theme}>{ui}</ThemeProvider>
    </QueryClientProvider>,
  );
}

/** The address the app shows (the page's hash, as in the browser) and the state its entry carries. */
export interface ScreenLocation {
  pathname: string;
  search: string;
  state: unknown;
}

/**
 * Renders `routes` (wouter routes, usually a `Switch`) with the app's router and providers, the page
 * opened at `path` with `state` as a navigation there would have left it; returns the location, read
 * at each call, and the app's navigate.
 */
export function renderRoutes(routes: ReactNode, path: string, state: unknown = null) {
  navigate(path, { replace: true, state });
  renderWithProviders(
    <Router hook={useHashLocation} searchHook={useHashSearch} parser={routeParser}>
      <Suspense fallback={null}>{routes}</Suspense>
    </Router>,
  );
  return {
    location(): ScreenLocation {
      const { path, search } = splitHash(window.location.hash);
      return { pathname: path, search, state: locationState() };
    },
    navigate,
  };
}

/**
 * Undoes what a screen test set up, as `afterEach(cleanUpScreen)`: the rendered tree, fake clocks,
 * stubbed globals (fetch, uploads) and the session.
 */
export function cleanUpScreen() {
  cleanup();
  window.history.replaceState(null, '', '#/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSid();
}
