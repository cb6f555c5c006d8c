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

/**
 * Frames sandboxed without scripts (a contract shown as the server wrote it) cannot run axe: the
 * page's run leaves them out, and each one's document is checked on a page of its own instead.
 */
const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

async function axeViolations(page: Page, exclude?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  return results.violations.map(({ id, impact, help, nodes }) => ({
    id,
    impact,
    help,
    targets: nodes.map((node) => node.target.join(' ')),
  }));
}

/** Every screen must pass axe's WCAG 2 A and AA rules with no violation, once it is still. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForAnimationsToSettle(page);
  const frames = page.locator(SCRIPTLESS_FRAMES);
  const hasFrames = (await frames.count()) > 0;
  expect(
    await axeViolations(page, hasFrames ? SCRIPTLESS_FRAMES : undefined),
    'axe WCAG 2 A/AA violations',
  ).toEqual([]);
  for (const html of await frames.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('srcdoc')),
  )) {
    if (!html) continue;
    const framed = await page.context().newPage();
    try {
      await framed.setContent(html);
      expect(await axeViolations(framed), 'axe WCAG 2 A/AA violations in a framed document').toEqual([]);
    } finally {
      await framed.close();
    }
  }
}
