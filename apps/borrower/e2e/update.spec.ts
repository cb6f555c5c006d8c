import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../../../e2e/support/test';
import { BORROWER_BUILD } from '../../../e2e/support/e2e-env';
import { buildVersion, deploy, entryScriptOf, restoreDeployedBuild } from './support/deploy';

// Issue 33, point 3 (decision 018): a new version deployed while the app is open. The open page
// keeps running its own version whole (its service worker still has every file of it, though the
// server has them no more), the version check offers the new one (SPEC section 8's alert), and once
// accepted the new worker takes over and the page reloads once, wholly in the new version.
test.use({ serviceWorkers: 'allow' });

const NEXT_VERSION = '9.9.10';
const OFFER = `alert: Nueva versión disponible (${NEXT_VERSION}), la aplicación se reiniciará automáticamente.`;

/** Until the service worker controls the page (it claims the page once it has cached the app). */
async function untilServiceWorkerControls(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 30_000,
    })
    .toMatch(/\/sw\.js$/);
}

const entryScript = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src'));

/** The entry module the page runs, once it has added it (after its imports, a file per task). */
async function appEntry(page: Page): Promise<string> {
  await expect.poll(() => entryScript(page)).toMatch(/^\/static\/js\/index-/);
  return (await entryScript(page))!;
}

test.afterEach(async () => {
  await restoreDeployedBuild();
});

test('a new version deployed while the app is open is offered, and loads whole once accepted', async ({
  page,
  request,
}) => {
  // A real build of the app runs inside (tens of seconds on a busy machine).
  test.setTimeout(360_000);
  test.skip(test.info().project.name !== 'phone', 'one build and deploy per run is enough');
  const next = buildVersion(NEXT_VERSION);
  const manifest = JSON.parse(
    readFileSync(path.join(BORROWER_BUILD, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const oldRegistrationChunk = `/${manifest['src/app/routes/registration.tsx']!.file}`;

  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/static/')) {
      problems.push(`${response.status()} ${response.url()}`);
    }
  });
  const alerts: string[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.accept();
  });

  await page.clock.install();
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  const oldEntry = await appEntry(page);
  await untilServiceWorkerControls(page);

  await deploy(next);
  expect((await request.get(oldRegistrationChunk)).status()).toBe(404);
  expect(entryScriptOf(next)).not.toBe(oldEntry);

  // A screen of the old version not opened yet still comes whole: from the worker's copy.
  await page.getByRole('link', { name: 'Regístrate' }).click();
  await expect(page.getByRole('heading', { name: 'ETAPA1: Crea tu perfil' })).toBeVisible();
  expect(await entryScript(page)).toBe(oldEntry);

  // The check's next turn finds the new version and offers it; accepted, the page reloads once.
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  await page.clock.fastForward(31_000);
  await reloaded;
  expect(alerts).toEqual([OFFER]);
  await expect(page).toHaveURL(/\/#\/login$/);
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  expect(await appEntry(page)).toBe(entryScriptOf(next));
  await untilServiceWorkerControls(page);

  // The new version is the published one: the next check offers nothing.
  const checked = page.waitForResponse((response) => response.url().endsWith('/versionjs.txt'));
  await page.clock.fastForward(31_000);
  expect((await (await checked).text()).trim()).toBe(NEXT_VERSION);
  await page.getByRole('link', { name: 'Regístrate' }).click();
  await expect(page.getByRole('heading', { name: 'ETAPA1: Crea tu perfil' })).toBeVisible();
  expect(alerts).toEqual([OFFER]);
  expect(problems).toEqual([]);
});
