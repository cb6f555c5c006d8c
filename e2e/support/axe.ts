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

/**
 * Runs axe on a still page. Something may start moving while axe reads it (a popup whose time is up
 * fades out, half transparent): a CSS transition or animation that starts during the run voids it,
 * and the page is read again once still. A screen that never keeps still for a whole run fails.
 */
async function violationsOfStillPage(page: Page, exclude?: string) {
  for (let attempt = 1; ; attempt += 1) {
    await waitForAnimationsToSettle(page);
    await page.evaluate(() => {
      const flags = window as unknown as { __axeRunMoved?: boolean; __axeRunWatched?: boolean };
      flags.__axeRunMoved = false;
      if (flags.__axeRunWatched) return;
      flags.__axeRunWatched = true;
      for (const type of ['transitionrun', 'animationstart']) {
        document.addEventListener(type, () => (flags.__axeRunMoved = true), true);
      }
    });
    const violations = await axeViolations(page, exclude);
    const moved = await page.evaluate(
      () => (window as unknown as { __axeRunMoved?: boolean }).__axeRunMoved === true,
    );
    if (!moved || violations.length === 0 || attempt === 3) return violations;
  }
}

/** Every screen must pass axe's WCAG 2 A and AA rules with no violation, once it is still. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const frames = page.locator(SCRIPTLESS_FRAMES);
  const hasFrames = (await frames.count()) > 0;
  expect(
    await violationsOfStillPage(page, hasFrames ? SCRIPTLESS_FRAMES : undefined),
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
