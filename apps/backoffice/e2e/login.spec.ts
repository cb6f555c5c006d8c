import { expect, test } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { expectStyledUnderNonce, watchCspViolations } from '../../../e2e/support/csp';
import { countOutbox, nextCode, nextStaffPasswordLink } from '../../../e2e/support/outbox';
import { saveScreen } from '../../../e2e/support/screens';
import { DEFAULT_ADMIN, createStaffAccount, staffLogin } from '../../../e2e/support/staff-api';
import { logInStaff } from './support/staff';

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

test.describe('own password and styles', () => {
  test('renders styled with no CSP violation; a forced reset voids the old password and the e-mailed link sets a new one, then the user menu changes it', async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const violations = await watchCspViolations(page);
    const admin = await staffLogin(baseURL!);
    const account = {
      email: `soporte.clave.${Date.now()}@prestamos.test`,
      name: 'Sofía Soporte',
      role: 'support' as const,
      password: 'Inicial#Soporte-2026',
    };
    const id = await createStaffAccount(admin, account);
    const mailsBefore = await countOutbox(request, account.email);
    const forced = await admin.ctx.post(`/api/backoffice/staff/${id}/password-reset`, {
      headers: { 'x-csrf-token': admin.csrf },
    });
    expect(forced.status()).toBe(200);

    // The old password no longer opens anything.
    await page.goto('/backoffice/');
    await page.getByLabel('Correo').fill(account.email);
    await page.getByLabel('Contraseña').fill(account.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Correo o contraseña incorrectos.')).toBeVisible();

    // The e-mailed link opens the back-office's form for a new password.
    await page.goto(await nextStaffPasswordLink(request, account.email, mailsBefore));
    await expect(page.getByRole('heading', { name: 'Nueva contraseña' })).toBeVisible();
    await expectStyledUnderNonce(page);
    await expect(page.getByRole('button', { name: 'Guardar contraseña' })).toHaveCSS(
      'background-color',
      /^rgb\((76, 116, 233|64, 98, 198)\)$/,
    );
    await saveScreen(page, testInfo, 'backoffice-password-link');
    await expectNoAxeViolations(page);

    // A common breached password is refused with a Spanish message.
    await page.getByLabel(/^Nueva contraseña/).fill('qwertyuiop');
    await page.getByLabel('Repetir nueva contraseña').fill('qwertyuiop');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText(/Esa contraseña es muy común/)).toBeVisible();

    await page.getByLabel(/^Nueva contraseña/).fill('Sofia#Nueva-Clave27');
    await page.getByLabel('Repetir nueva contraseña').fill('Sofia#Nueva-Clave27');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(
      page.getByText('Listo: guardamos tu nueva contraseña. Ya puedes ingresar con ella.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(page.url()).not.toContain('clave=');

    // In with the new password and the e-mailed code.
    const codesBefore = await countOutbox(request, account.email);
    await page.getByLabel('Correo').fill(account.email);
    await page.getByLabel('Contraseña').fill('Sofia#Nueva-Clave27');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByLabel('Código').fill(await nextCode(request, account.email, codesBefore));
    await page.getByRole('button', { name: 'Verificar' }).click();

    // The user menu's row opens the password dialog, closable from the keyboard.
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Contraseña actual')).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Cambiar contraseña' })).toHaveCSS(
      'background-color',
      /^rgb\((76, 116, 233|64, 98, 198)\)$/,
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    expect(await violations()).toEqual([]);
  });
});

test.describe('an admin and a staff password', () => {
  test("'Restablecer contraseña' on a staff account e-mails a link after a confirmation and marks it pending; the same form disables it", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const admin = await staffLogin(baseURL!);
    const account = {
      email: `cajero.clave.${Date.now()}@prestamos.test`,
      name: 'Carla Cajera',
      role: 'cashier' as const,
      password: 'Inicial#Cajera-2026',
    };
    const id = await createStaffAccount(admin, account);

    await logInStaff(page, request, DEFAULT_ADMIN);
    await page.evaluate((staffId) => {
      window.location.hash = `#/staff/${staffId}`;
    }, id);
    const force = page.getByRole('button', { name: 'Restablecer contraseña' });
    // Accounts are disabled, never deleted: the form offers no delete that could only fail.
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await force.click();
    const confirm = page.getByRole('dialog', { name: 'Restablecer contraseña' });
    await expect(
      confirm.getByText(
        'Se cerrarán las sesiones de Carla Cajera, su contraseña actual dejará de servir y le enviaremos por correo un enlace para definir una nueva (vence en 24 horas).',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreen(page, testInfo, 'backoffice-force-password-confirm');
    const mailsBefore = await countOutbox(request, account.email);
    await confirm.getByRole('button', { name: 'Restablecer' }).click();

    await expect(
      page.getByText('Listo: le enviamos por correo el enlace para definir su nueva contraseña.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar de nuevo el enlace de contraseña' })).toBeEnabled();
    expect(await nextStaffPasswordLink(request, account.email, mailsBefore)).toMatch(/clave=/);
    type Account = { id: number; mustChangePassword: boolean; disabled: boolean };
    const accountNow = async () => {
      const list = await admin.ctx.get('/api/backoffice/staff');
      return ((await list.json()) as { items: Account[] }).items.find((item) => item.id === id);
    };
    expect((await accountNow())?.mustChangePassword).toBe(true);

    // The same form disables the account: back on the list its row says so, and so does the API.
    await page.getByRole('switch', { name: 'Cuenta deshabilitada' }).check();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('heading', { name: 'Personal' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: account.email })).toContainText('Deshabilitada');
    expect((await accountNow())?.disabled).toBe(true);
  });
});

test.describe('a session that ends', () => {
  test('takes the staff member back to the sign-in when a screen call is refused with 401', async ({
    page,
    request,
  }, testInfo) => {
    await logInStaff(page, request, DEFAULT_ADMIN);

    // The session cookie goes away (expired, or ended from another tab); the app still believes in
    // it, so the next screen's own call is the one that learns: the portfolio's GET answers 401.
    await page.context().clearCookies();
    const refused = page.waitForResponse('**/api/backoffice/portfolio');
    await page.evaluate(() => {
      window.location.hash = '#/portfolio';
    });
    expect((await refused).status()).toBe(401);

    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(
      page.getByText('Tu sesión terminó o no has iniciado sesión. Ingresa de nuevo.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Cartera al/ })).toHaveCount(0);
    await saveScreen(page, testInfo, 'backoffice-session-ended');
  });
});
