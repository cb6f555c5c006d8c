/**
 * How the version check restarts the page into a new version: a plain reload, until the service
 * worker's page side (lib/service-worker.ts, loaded after the page) puts its own here, which lets the
 * new version's worker take over first (decision 018). Shared through this object, not an import, so
 * that the first load carries none of the service worker's code.
 */
export const pageRestart: { reload: () => void } = { reload: () => window.location.reload() };
