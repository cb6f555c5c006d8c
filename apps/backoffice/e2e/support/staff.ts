import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { countOutbox, nextCode } from '../../../../e2e/support/outbox';
import { onServerDay } from '../../../../e2e/support/server-clock';

/** Both login steps in the UI: password, then the code e-mailed (read from the dev outbox). */
export async function logInStaff(
  page: Page,
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  const before = await countOutbox(request, account.email);
  await page.getByLabel('Correo').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Código de acceso' })).toBeVisible();
  await page.getByLabel('Código').fill(await nextCode(request, account.email, before));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
}

/** Goes to a back-office resource by its menu entry (behind 'Abrir menú' on a phone). */
export async function openMenu(page: Page, name: string): Promise<void> {
  const item = page.getByRole('menuitem', { name });
  if (!(await item.isVisible())) {
    // The phone's app bar hides while the page is scrolled down: back to the top, as a user would.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Abrir menú' }).click();
  }
  await item.click();
}

export async function logOutStaff(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
}

/**
 * A page in a browser context of its own, with the project's device (phone or desktop): a second
 * staff member at another desk, whose session does not replace the first one's.
 */
export async function staffPage(browser: Browser, testInfo: TestInfo, baseURL: string): Promise<Page> {
  const use = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport: use.viewport,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    userAgent: use.userAgent,
    locale: 'es-HN',
    timezoneId: 'America/Tegucigalpa',
  });
  await onServerDay(context);
  return context.newPage();
}
