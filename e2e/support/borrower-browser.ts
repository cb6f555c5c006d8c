import type { BrowserContext, Page } from '@playwright/test';

/** Where the journeys' borrowers are (the capital, where the products are offered). */
export const TEGUCIGALPA = { latitude: 14.0818, longitude: -87.2068 };

/** A borrower's session as the legacy calls answer it (register.php, login): what the app stores. */
export interface BorrowerSession {
  sid: string;
  data: unknown;
}

/** Logs the browser in as `session`: stored as the borrower app keeps it (local storage), before the first page loads. */
export async function storeBorrowerSession(page: Page, session: BorrowerSession): Promise<void> {
  await page.addInitScript(
    ([sid, data]) => {
      localStorage.setItem('sid', sid);
      localStorage.setItem('sessionData', data);
    },
    [session.sid, JSON.stringify(session.data)] as const,
  );
}

/** The browser shares its location, and is at `place`. */
export async function placeBrowserAt(
  context: BrowserContext,
  place: { latitude: number; longitude: number },
): Promise<void> {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(place);
}

/**
 * The server gives no rendered screen (decision 024), as when its render is unavailable or late: the
 * app starts from nothing and makes its own calls, with its loading and error states.
 */
export async function withoutServerScreen(page: Page): Promise<void> {
  await page.route('**/api/first-screen', (route) => route.fulfill({ status: 204 }));
}

/**
 * Requests matching `pattern` wait until the test lets them through (then go on to the server).
 * Answers the function that lets them through.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let letThrough: () => void = () => {};
  const gate = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return letThrough;
}

/**
 * The server's rendered screen (decision 024) waits until the test lets it through, as on a slow
 * network: at Inicio the page's splash shows meanwhile. Answers the function that lets it through.
 */
export function holdServerScreen(page: Page): Promise<() => void> {
  return holdRequests(page, '**/api/first-screen');
}

/**
 * The app's code (its modules under /static/js) waits until the test lets it through: the page and
 * what it paints by itself (a prerendered or server-rendered screen, Inicio's splash) come first.
 * Answers the function that lets it through.
 */
export function holdAppCode(page: Page): Promise<() => void> {
  return holdRequests(page, '**/static/js/**');
}
