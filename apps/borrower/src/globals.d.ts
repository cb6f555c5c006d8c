/** The app version, from the repository's package.json, embedded at build time by vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Base URL of the legacy API, e.g. `/api/app` (apps/borrower/.env). */
  readonly VITE_API_URL?: string;
}
