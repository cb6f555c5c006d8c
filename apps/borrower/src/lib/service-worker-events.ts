/**
 * How the version check (in the first load) and the service worker's page side (lib/service-worker.ts,
 * loaded after the page) talk: events on `window`, not imports, so the first load carries none of the
 * service worker's code (decision 018).
 */

/** Asks the service worker's page side to restart into the new version; it cancels the event to take it on. */
export const RELOAD_INTO_NEW_VERSION_EVENT = 'app:reload-into-new-version';

/** Restarts the page in the published version: through its service worker when one takes it on. */
export function reloadIntoNewVersion(win: Window = window): void {
  const isTaken = !win.dispatchEvent(new Event(RELOAD_INTO_NEW_VERSION_EVENT, { cancelable: true }));
  if (!isTaken) win.location.reload();
}
