// Roboto ships with the app (latin subset, only the weights the theme uses); never from a CDN.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import {
  finishHydration,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_SPLASH,
  prerenderedSplashPaintedAt,
  SERVER_RENDERED_SCREEN,
  takeFirstScreen,
} from './app/prerendered-screen';
import { whenScreenReady } from './app/router';
import { endHomeSplash } from './features/home/hooks/use-home-splash';
import { createQueryClient, keepFirstScreenFresh, restoreFirstScreen } from './lib/query-client';
import { endHydrationClock, startHydrationClock } from './lib/render-scope';
import { whenLoaded } from './lib/when-loaded';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html.');

// The page's body script put a prerendered screen into #root (/login or /registro for a visitor
// without a session, Inicio's splash for one with a session; app/prerender.tsx, decision 020) and
// marked it: it is already painted. The head script may have replaced it since with the server's
// screen (decision 024; Inicio's as soon as it came). The app hydrates a form once that screen's code has arrived, so
// it renders the same tree and keeps those nodes; until then the page holds back a form
// sent, which is sent again then. The splash is replaced by the app's own, the same, at its first
// render.
function start(root: HTMLElement) {
  const prerendered = root.getAttribute(PRERENDERED_ATTRIBUTE);
  // A logged-in screen the server rendered (decision 024): the app's first render starts from the
  // same answers and the same clock, so it hydrates those nodes instead of showing a loader.
  const firstScreen = prerendered === SERVER_RENDERED_SCREEN ? takeFirstScreen() : null;
  let queryClient: QueryClient | undefined;
  if (firstScreen) {
    // Inicio's screen replaced the page's splash: Inicio is there, so the splash is over.
    if (prerenderedSplashPaintedAt() !== null) endHomeSplash();
    queryClient = createQueryClient();
    restoreFirstScreen(queryClient, firstScreen.state);
    keepFirstScreenFresh(queryClient);
    startHydrationClock(firstScreen.now);
  }
  const app = (
    <StrictMode>
      <App
        queryClient={queryClient}
        onMounted={() => {
          endHydrationClock();
          finishHydration(root);
        }}
      />
    </StrictMode>
  );
  // The address's code starts downloading now (and a logged-in address without a session is /login).
  const screenReady = whenScreenReady();
  // The first render (or hydration) as a transition: React works in slices and lets the browser
  // breathe between them, instead of one long task that blocks a slow phone's main thread (TBT).
  if (prerendered && prerendered !== PRERENDERED_SPLASH) {
    void screenReady.then(() => startTransition(() => void hydrateRoot(root, app)));
  } else {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}

// The modules' own evaluation is one long task on a slow phone; the start (which begins loading the
// first screen's code) comes in the next one, so neither holds the main thread for both.
setTimeout(() => start(container));

// Once the page has loaded, in a chunk of its own: the service worker, the offline notice and the
// sending of what was queued without connection (decision 018; app/after-load.ts starts them).
void whenLoaded().then(() => import('./app/after-load'));
