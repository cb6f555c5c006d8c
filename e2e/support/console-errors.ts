import type { Page } from '@playwright/test';

/**
 * Every error the page writes to its console from now on (React's hydration mismatch is one), so a
 * test can say there was none.
 */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
