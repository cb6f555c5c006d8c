import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { countOutbox, nextCode } from '../../../e2e/support/outbox';
import { saveScreen } from '../../../e2e/support/screens';
import { DEFAULT_ADMIN } from '../../../e2e/support/staff-api';

test.describe('back-office login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/backoffice/');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('shows the Spanish sign-in form', async ({ page }, testInfo) => {
    await expect(page).toHaveTitle('Préstamos HN');
    await expect(page.getByLabel('Correo')).toBeVisible();
    await expect(page.getByLabel('Contraseña')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-login');
    await expectNoAxeViolations(page);
  });

  test('refuses an empty submit with Spanish messages', async ({ page }, testInfo) => {
    let calledServer = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/backoffice/')) calledServer = true;
    });

    await page.getByRole('button', { name: 'Ingresar' }).click();

    await expect(page.getByText('Campo obligatorio')).toHaveCount(2);
    await expect(page.getByLabel('Correo')).toBeFocused();
    await expect(page.getByLabel('Correo')).toHaveAttribute('aria-invalid', 'true');
    await saveScreen(page, testInfo, 'backoffice-login-empty');
    await expectNoAxeViolations(page);

    await page.getByLabel('Correo').fill('ana@');
    await page.getByLabel('Contraseña').fill('una-clave');
    await page.getByLabel('Contraseña').press('Enter');
    await expect(page.getByText('Ingrese un correo válido')).toBeVisible();
    expect(calledServer).toBe(false);
  });

  test('reports a refusal from the server in Spanish', async ({ page }, testInfo) => {
    await page.getByLabel('Correo').fill('nadie@prestamos.hn');
    await page.getByLabel('Contraseña').fill('no-es-la-clave');
    const answer = page.waitForResponse('**/api/backoffice/auth/login');
    await page.getByRole('button', { name: 'Ingresar' }).click();

    expect((await answer).ok()).toBe(false);
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
    await saveScreen(page, testInfo, 'backoffice-login-refused');
    await expectNoAxeViolations(page);
  });

  test('signs the admin in with the password, then the e-mailed code', async ({
    page,
    request,
  }, testInfo) => {
    const before = await countOutbox(request, DEFAULT_ADMIN.email);
    await page.getByLabel('Correo').fill(DEFAULT_ADMIN.email);
    await page.getByLabel('Contraseña').fill(DEFAULT_ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();

    await expect(page.getByRole('heading', { name: 'Código de acceso' })).toBeVisible();
    await expect(page.getByText(`Enviamos un código de 6 dígitos a ${DEFAULT_ADMIN.email}`)).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-login-code');
    await expectNoAxeViolations(page);

    await page.getByLabel('Código').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    const refusal = await page.getByRole('alert').textContent();
    expect(refusal?.length).toBeGreaterThan(5);

    await page.getByLabel('Código').fill(await nextCode(request, DEFAULT_ADMIN.email, before));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('heading', { name: 'Hola, Administrador' })).toBeVisible();
    await expect(page.getByText('Esperando revisión')).toBeVisible();
    await saveScreen(page, testInfo, 'backoffice-dashboard');
    await expectNoAxeViolations(page);
  });
});
