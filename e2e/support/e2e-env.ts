// Where the end-to-end server runs and the files it reads: one place for playwright.config.ts, the
// server preparation and the tests of both apps.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { withDatabase } from '../../apps/api/test/support/database-url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Override with E2E_PORT to run two checkouts side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** A fresh embedded database for every run (deleted before the server starts). */
export const E2E_DATA_DIR = path.join(REPO_ROOT, `test-results/e2e-data-${E2E_PORT}`);
/**
 * With DATABASE_URL the end-to-end server runs on that PostgreSQL server instead, in a database of
 * its own (one per port) made afresh for every run, so that runs never see each other's borrowers.
 */
export const E2E_DATABASE_URL: string | undefined = process.env.DATABASE_URL
  ? withDatabase(process.env.DATABASE_URL, `prestamos_e2e_${E2E_PORT}`)
  : undefined;

/** The file the server answers GET /versionjs.txt with, read fresh on every request. */
export const E2E_VERSION_FILE = path.join(REPO_ROOT, `test-results/e2e-version-${E2E_PORT}/versionjs.txt`);
/**
 * The borrower app the server serves: a copy of apps/borrower/dist made before the server starts
 * (prepare-server.ts), so a journey can deploy another version over it while the server runs
 * (apps/borrower/e2e/update.spec.ts) and put the build back after.
 */
export const E2E_BORROWER_DIST = path.join(REPO_ROOT, `test-results/e2e-borrower-${E2E_PORT}`);
/** The borrower app as `npm run build` wrote it. */
export const BORROWER_BUILD = path.join(REPO_ROOT, 'apps/borrower/dist');
/** Screenshots to look at, at the reference phone size. */
export const SCREENS_DIR = path.join(REPO_ROOT, 'test-results/screens');

/** The version the apps are built as: the repository's. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

/**
 * Where the server's clock starts (APP_NOW): today in Honduras at 10:00, then running at real speed.
 * Receipts are received 00:00-19:59 and validated money is applied at once 8:00-19:59 (server
 * time), so journeys that pay instalments behave the same whenever the run starts. The browsers fix
 * their own clocks (page.clock) on the same day: server-clock.ts.
 *
 * Fixed once per run, in the runner's environment, which the workers inherit: a worker started
 * after midnight in Honduras would otherwise call another day today than the server it tests (a CI
 * run from 23:45 to 00:28 failed 29 journeys on 'La fecha del desembolso no puede ser posterior a
 * hoy.'). Set E2E_SERVER_NOW yourself to run the journeys on another day.
 */
export const E2E_SERVER_NOW: string =
  (process.env.E2E_SERVER_NOW ??= `${todayInTegucigalpa(new Date())}T10:00:00-06:00`);
/** When this run began (epoch ms), fixed with E2E_SERVER_NOW: the server's clock has run since about then. */
export const E2E_STARTED_AT = Number((process.env.E2E_STARTED_AT ??= String(Date.now())));
if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/.test(E2E_SERVER_NOW)) {
  throw new Error(`E2E_SERVER_NOW must read YYYY-MM-DDTHH:mm:ss-06:00, not ${E2E_SERVER_NOW}`);
}
