import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { SCREENS_DIR } from './e2e-env';

/**
 * Saves a full-page screenshot as test-results/screens/<project>-<name>.png, for a person to look at.
 * `fullPage: false` keeps to the viewport, as a person sees a dialog over a scrolled page.
 */
export async function saveScreen(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  await page.screenshot({ path: path.join(SCREENS_DIR, `${testInfo.project.name}-${name}.png`), fullPage });
}
