import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until every finite animation and transition on the page has finished. A dialog fading in
 * or out is half transparent for a moment, and axe measures the contrast of what it sees; on a
 * slow CI machine that moment is long enough to be caught. Endless ones (spinners) are ignored.
 */
export async function waitForAnimationsToSettle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      if (animation.playState !== 'running') return true;
      const end = animation.effect?.getComputedTiming().endTime;
      return end === undefined || end === Infinity;
    }),
  );
}

/** Every screen must pass axe's WCAG 2 A and AA rules with no violation, once it is still. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForAnimationsToSettle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const summary = results.violations.map(({ id, impact, help, nodes }) => ({
    id,
    impact,
    help,
    targets: nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, 'axe WCAG 2 A/AA violations').toEqual([]);
}
