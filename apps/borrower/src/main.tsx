// Roboto ships with the app (latin subset, only the weights the theme uses); never from a CDN.
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root en index.html.');

// The first render as a transition: React renders in slices and lets the browser breathe between
// them, instead of one long task that blocks a slow phone's main thread (Lighthouse's TBT).
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Once the page has loaded, in a chunk of its own: the service worker, the offline notice and the
// sending of what was queued without connection (decision 018; app/after-load.ts starts them).
addEventListener('load', () => import('./app/after-load'));
