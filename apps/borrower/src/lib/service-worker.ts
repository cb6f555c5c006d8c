/**
 * The page's side of the service worker (decision 018; the worker itself is written by the build,
 * scripts/service-worker.ts). Registered after the page has loaded, from a chunk of its own
 * (app/after-load.ts), so the first load's critical path carries none of it. The standard API is
 * all it takes: register, update, and a SKIP_WAITING message (Workbox's generateSW listens for it).
 *
 * A new worker never takes over by itself: it waits (its precache holds the new version's files, the
 * running one keeps the old version's, lazy chunks included) until `reloadThroughWorker` tells it to,
 * then the page reloads once, wholly in the new version. The version check (features/version-check)
 * is the only one to ask (lib/page-restart.ts), so the alert the SPEC asks for comes first.
 */

import { pageRestart } from './page-restart';
import { whenLoaded } from './when-loaded';

const SW_URL = '/sw.js';

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;
let isReloading = false;

function reloadOnce(reload: () => void) {
  if (isReloading) return;
  isReloading = true;
  reload();
}

/**
 * Registers /sw.js once the page has loaded (production builds only; the dev server has no worker).
 * Resolves with the registration, or undefined where there is none (no support, or it failed).
 */
export function registerServiceWorker(
  enabled: boolean = import.meta.env.PROD,
): Promise<ServiceWorkerRegistration | undefined> {
  registration ??= (async () => {
    if (!enabled || !('serviceWorker' in navigator)) return undefined;
    await whenLoaded();
    // The version check's restart (lib/page-restart.ts) goes through the worker from now on.
    pageRestart.reload = () => void reloadThroughWorker();
    // A page already controlled is being updated when the controller changes: by then the new worker
    // has dropped the old version's files, so this page (any tab of it) starts again in the new one.
    // The first install's claim (no controller before) changes nothing on screen.
    if (navigator.serviceWorker.controller) {
      navigator.serviceWorker.addEventListener('controllerchange', () =>
        reloadOnce(() => window.location.reload()),
      );
    }
    try {
      return await navigator.serviceWorker.register(SW_URL);
    } catch {
      return undefined;
    }
  })();
  return registration;
}

function installed(worker: ServiceWorker): Promise<void> {
  if (worker.state !== 'installing') return Promise.resolve();
  return new Promise((resolve) => {
    const onChange = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', onChange);
      resolve();
    };
    worker.addEventListener('statechange', onChange);
  });
}

/**
 * Restarts the page in the published version: asks the server for its worker, lets that worker take
 * over once installed, and reloads once when it controls the page. Without a worker, or when the
 * server's is the one already running, a plain reload.
 */
export async function reloadThroughWorker(reload: () => void = () => window.location.reload()) {
  const reg = await (registration ?? Promise.resolve(undefined));
  if (!reg || !navigator.serviceWorker.controller) return reloadOnce(reload);
  try {
    await reg.update();
  } catch {
    return reloadOnce(reload); // no network: the worker cannot be asked; the page asks again later
  }
  const next = reg.installing ?? reg.waiting;
  if (!next) return reloadOnce(reload);
  await installed(next);
  // It failed to install (or another tab let it take over already): a plain reload.
  if (next.state !== 'installed') return reloadOnce(reload);
  navigator.serviceWorker.addEventListener('controllerchange', () => reloadOnce(reload), { once: true });
  next.postMessage({ type: 'SKIP_WAITING' });
}
