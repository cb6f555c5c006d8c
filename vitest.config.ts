import { defineConfig } from 'vitest/config';

/** An app's screens, rendered in jsdom. */
const screensProject = (name: 'borrower' | 'backoffice') => ({
  test: {
    name,
    root: `apps/${name}`,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom' as const,
    setupFiles: ['../../vitest.dom-setup.ts'],
    // A screen rendered in jsdom with 120 rows takes 9 s on a loaded 2-core machine: the default 5 s
    // failed tests that only waited for the screen.
    testTimeout: 20_000,
  },
});

// One runner for unit and integration tests. Each workspace is a project so a single suite can be run
// alone: `vitest run --project api` is how CI repeats the API suite against PostgreSQL.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'ui', root: 'packages/ui', include: ['src/**/*.test.ts'] } },
      { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'] } },
      screensProject('borrower'),
      screensProject('backoffice'),
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
