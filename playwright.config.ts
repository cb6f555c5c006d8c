import { defineConfig } from '@playwright/test';
import {
  E2E_BASE_URL,
  E2E_BORROWER_DIST,
  E2E_DATA_DIR,
  E2E_DATABASE_URL,
  E2E_PORT,
  E2E_SERVER_NOW,
  E2E_VERSION_FILE,
} from './e2e/support/e2e-env';

// End-to-end journeys of both apps (apps/*/e2e; what both use is in e2e/support) against the real
// server and a fresh embedded database, in Debian's Chromium (never a downloaded browser).
// `npm run test:e2e` builds both apps first.
export default defineConfig({
  testDir: 'apps',
  testMatch: /apps\/[^/]+\/e2e\/.+\.spec\.ts$/,
  // Per port, like the server's data: two runs side by side never delete each other's traces.
  outputDir: `test-results/playwright-${E2E_PORT}`,
  // One server, one database and one published version file are shared by every test (a test
  // publishes a new version), so tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: `playwright-report/${E2E_PORT}`, open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    headless: true,
    locale: 'es-HN',
    timezoneId: 'America/Tegucigalpa',
    trace: 'retain-on-failure',
    // The borrower app's service worker (decision 018) is exercised by its own journeys
    // (apps/borrower/e2e/offline.spec.ts, `serviceWorkers: 'allow'`); elsewhere every page talks to
    // the server itself, as the journeys were written.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      // The reference user: a cheap Android phone.
      name: 'phone',
      use: {
        browserName: 'chromium',
        viewport: { width: 360, height: 640 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent:
          'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
      },
    },
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx e2e/support/prepare-server.ts && node scripts/start.mjs',
    url: `${E2E_BASE_URL}/versionjs.txt`,
    env: {
      PORT: String(E2E_PORT),
      NODE_ENV: 'test',
      // The journeys read their codes and links from the development outbox (e2e/support/outbox.ts);
      // start.mjs turns it on outside production on loopback, said here so it never depends on that.
      HOST: '127.0.0.1',
      DEV_OUTBOX: '1',
      DATA_DIR: E2E_DATA_DIR,
      // With DATABASE_URL: PostgreSQL, in the run's own fresh database (prepare-server.ts).
      ...(E2E_DATABASE_URL
        ? { DATABASE_URL: E2E_DATABASE_URL, E2E_ADMIN_DATABASE_URL: process.env.DATABASE_URL }
        : {}),
      VERSION_FILE: E2E_VERSION_FILE,
      // A copy of apps/borrower/dist, so that a journey can deploy a new version over it.
      BORROWER_DIST: E2E_BORROWER_DIST,
      // Links and signed document URLs must point at the address the browser uses.
      PUBLIC_URL: E2E_BASE_URL,
      // More synthetic people than the demo set, so every journey registers its own borrower.
      CENSUS_FIXTURES: 'e2e/support/census-e2e.json',
      // Nearly every spec logs the demo admin in, through the API and the UI, in both projects:
      // about 60 codes for one address within the half hour the suite takes (CI refused the 51st
      // with 'Pediste demasiados códigos' once the cashier-control journeys landed). Still limited.
      ONE_TIME_CODES_PER_HOUR: '300',
      // Every journey registers its borrowers from 127.0.0.1.
      REGISTRATION_CODES_PER_IP_PER_HOUR: '500',
      // Fixtures make staff decisions in bursts (120 returns for one borrower in seconds) from
      // 127.0.0.1; a person does not. Still limited, only higher (default 120 per route a minute).
      RATE_LIMIT_STAFF_PER_MINUTE: '1000',
      // Both projects sign staff in from 127.0.0.1 back to back (login.spec.ts alone, 7 times each):
      // more than the 10 a minute a person gets (security.test.ts checks the default's rule).
      RATE_LIMIT_STAFF_LOGIN_PER_MINUTE: '100',
      LOG_LEVEL: 'warn',
      // The server's hours (receipts, payment application) at 10:00 today, whatever time the run starts.
      APP_NOW: E2E_SERVER_NOW,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
