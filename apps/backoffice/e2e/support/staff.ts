import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { countOutbox, nextCode } from '../../../../e2e/support/outbox';

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

export async function logOutStaff(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
}
