import { expect, type Page } from '@playwright/test';

/**
 * Records every Content-Security-Policy violation of the page (the browser's console message and
 * the `securitypolicyviolation` event, from the first byte on), so a test can say there were none:
 * the policy allows no inline style, so a style MUI injected without the page's nonce would show
 * here (and the page would render unstyled).
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

/** The page's policy names a style nonce and no 'unsafe-inline', and MUI's styles carry that nonce. */
export async function expectStyledUnderNonce(page: Page): Promise<void> {
  const styles = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((s) => ({ nonce: s.nonce, key: s.dataset.emotion ?? '' })),
  );
  const emotion = styles.filter((s) => s.key !== '');
  expect(emotion.length).toBeGreaterThan(0);
  const pageNonce = await page.evaluate(
    () => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '',
  );
  expect(pageNonce.length).toBeGreaterThan(10);
  for (const style of emotion) expect(style.nonce).toBe(pageNonce);
}
