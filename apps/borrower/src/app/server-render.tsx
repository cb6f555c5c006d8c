// Run time, on the server only (decision 024): a logged-in screen rendered for one page, with the
// borrower's answers, so a first visit paints the screen itself instead of waiting for the app's code
// and its calls. The API server loads this module's build (`npm run build`: apps/borrower/dist-server)
// and answers `POST /api/first-screen` with what `renderScreen` gives. Nothing here is part of the
// app's bundle.
import { AsyncLocalStorage } from 'node:async_hooks';
import createCache from '@emotion/cache';
import { dehydrate, QueryClient, skipToken, type DehydratedState, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { splitHash } from '../lib/hash-location';
import { BROWSER_ONLY_QUERY } from '../lib/query-keys';
import { setRenderScopeReader, type RenderScope } from '../lib/render-scope';
import { App } from './app';
import { everyStyleOf, type StyleChunk } from './emotion-chunks';
import { withoutStyleAttributes } from './prerender';
import { SERVER_RENDERED_PATHS } from './prerendered-screen';
import { preloadRoute, routeFor, routes } from './router';
import { scopedRuns } from './scoped-runs';

export { APP_VERSION } from '../config/version';

/**
 * Each request's scope, kept across the awaits of its calls, so concurrent renders never mix; on
 * only while a render runs (scopedRuns: the promise hooks it needs would slow every API call).
 */
const scopes = new AsyncLocalStorage<RenderScope>();
setRenderScopeReader(() => scopes.getStore());
const inScope = scopedRuns(scopes);

/**
 * Renders and calls alternate at most this many times: /plan needs four once its code is loaded (its
 * loans; the loan's calls; the parts whose code they make visible; the screen), more on a cold start.
 */
export const MAX_RENDER_PASSES = 8;

/**
 * How long a pass first waits for the code of parts the last one found still loading, doubled at each
 * pass (5, 10, 20… ms). Only the first renders of a process wait: once loaded, a part renders at once.
 */
const LAZY_CODE_WAIT_MS = 5;

/** How React marks a Suspense boundary it could not render (an error, or code not yet loaded). */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * React's note in a boundary whose server render threw, with the message (React's development build
 * writes it; the production build does not, and such a render runs out of passes instead).
 */
const RENDER_ERROR =
  /<template data-msg="Switched to client rendering because the server rendering errored:\s*([^"]*)"/;

/** What the page needs to show the screen and hydrate it. */
export interface FirstScreen {
  /** The screen's markup; inline styles travel as `data-prerendered-style` (withoutStyleAttributes). */
  markup: string;
  /** The rules the markup uses (CssBaseline's global rules included). */
  styles: StyleChunk[];
  /** The data cache the screen was rendered from, restored before the app's first render. */
  state: DehydratedState;
  /** The clock it was rendered with (the page's, from the request). */
  now: number;
}

/** The page's request: its session, address and clock, the brand, and the API in-process. */
export type FirstScreenRequest = RenderScope;

/**
 * The screen at `address` as the app's first render in that page will be, once its calls have
 * answered; null when the address is not one the server renders, or when any call failed (an ended
 * session, a network failure): the page then starts the app as without it, and the app meets the
 * failure itself. Throws when a part of the screen fails to render: a fault of ours, for the log.
 */
export async function renderScreen(request: FirstScreenRequest): Promise<FirstScreen | null> {
  if (!SERVER_RENDERED_PATHS.test(request.address)) return null;
  const { path } = splitHash(request.address);
  await preloadRoute(routeFor(path));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return inScope(request, async () => {
    for (let pass = 0; pass < MAX_RENDER_PASSES; pass++) {
      const styleCache = createCache({ key: 'css' });
      const styles = everyStyleOf(styleCache);
      const markup = renderToString(
        <StrictMode>
          <App ssrPath={path} styleCache={styleCache} queryClient={queryClient} />
        </StrictMode>,
      );
      // A part whose code was still loading (a React.lazy the data has just made visible) is left
      // to the browser by React (`<!--$!-->`): its import has started, so the next pass renders it.
      // A part that threw will throw again: that is a fault of ours, for the log.
      const failure = RENDER_ERROR.exec(markup);
      if (failure) throw new Error(`La pantalla ${request.address} falló en el servidor: ${failure[1]}`);
      if (markup.includes(CLIENT_RENDERED_BOUNDARY)) {
        await new Promise((resolve) => setTimeout(resolve, LAZY_CODE_WAIT_MS * 2 ** pass));
        continue;
      }
      const waiting = queryClient.getQueryCache().getAll().filter(isWaiting);
      if (waiting.length === 0) {
        if (
          queryClient
            .getQueryCache()
            .getAll()
            .some((query) => query.state.status === 'error')
        )
          return null;
        return {
          markup: withoutStyleAttributes(markup),
          styles: styles.chunks(),
          state: dehydrate(queryClient),
          now: request.now,
        };
      }
      const answers = await Promise.allSettled(waiting.map((query) => query.fetch()));
      if (answers.some((answer) => answer.status === 'rejected')) return null;
    }
    // A part that never renders (it throws, or its code never loads) or calls that never end: ours.
    throw new Error(`La pantalla ${request.address} no terminó en ${MAX_RENDER_PASSES} pasadas.`);
  });
}

/**
 * Loads every screen's code (the server calls it when it starts), so the first borrower after a
 * restart does not wait for it; the parts a screen loads as its data shows still load on first use.
 */
export async function warmUp(): Promise<void> {
  await Promise.all(routes.filter((route) => SERVER_RENDERED_PATHS.test(route.path)).map(preloadRoute));
}

/**
 * A query the render asked for and nobody has fetched yet: not one the screen keeps disabled, nor one
 * only the browser can answer.
 */
function isWaiting(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  if (query.meta?.browserOnly === BROWSER_ONLY_QUERY.browserOnly) return false;
  const { enabled, queryFn } = query.options as { enabled?: unknown; queryFn?: unknown };
  const isEnabled = typeof enabled === 'function' ? (enabled as (q: Query) => unknown)(query) : enabled;
  return isEnabled !== false && queryFn !== undefined && queryFn !== skipToken;
}
