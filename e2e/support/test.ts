// The journeys' `test`: Playwright's, with every page on the server's day (server-clock.ts). Import
// `test` and `expect` from here, not from '@playwright/test', in the spec files.
import { test as base } from '@playwright/test';
import { onServerDay } from './server-clock';

export * from '@playwright/test';

export const test = base.extend({
  context: async ({ context }, use) => {
    await onServerDay(context);
    await use(context);
  },
});
