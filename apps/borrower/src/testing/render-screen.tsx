import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@prestamos-hn/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { vi } from 'vitest';
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

/**
 * Renders `routes` in a memory router opened at `path` (a path, or a location with its state), with
 * the app's providers; returns the router.
 */
export function renderRoutes(routes: RouteObject[], path: InitialEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/**
 * Undoes what a screen test set up, as `afterEach(cleanUpScreen)`: the rendered tree, fake clocks,
 * stubbed globals (fetch, uploads) and the session.
 */
export function cleanUpScreen() {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearSid();
}
