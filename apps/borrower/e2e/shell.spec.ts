import { expect, test } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { holdAppCode } from '../../../e2e/support/borrower-browser';
import { expectStyledUnderNonce, watchCspViolations } from '../../../e2e/support/csp';
import { publishVersion, restorePublishedVersion } from '../../../e2e/support/published-version';
import { saveScreen } from '../../../e2e/support/screens';
import { watchConsoleErrors } from '../../../e2e/support/console-errors';

const NOT_FOUND = 'La página a la que intenta acceder no existe.';

test.describe('app shell', () => {
  test("the splash is Inicio's only: the login and registration forms paint first", async ({
    page,
  }, testInfo) => {
    // Records whether the splash's progress bar is ever put in the page, from the first byte on.
    await page.addInitScript(() => {
      const seen = { splash: false };
      Object.assign(window, { splashSeen: seen });
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Cargando la aplicación"]')) seen.splash = true;
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [address, heading] of [
      ['/#/login', 'Iniciar sesión'],
      ['/#/registro', 'ETAPA1: Crea tu perfil'],
    ] as const) {
      await page.goto(address);
      await expect(page).toHaveTitle('Préstamos HN');
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const seen = await page.evaluate(
        () => (window as unknown as { splashSeen: { splash: boolean } }).splashSeen.splash,
      );
      expect(seen, `${address} showed the splash`).toBe(false);
    }
    await saveScreen(page, testInfo, 'registro-first-paint');
    await expectNoAxeViolations(page);
  });

  test('/login and /registro paint from the page itself, and the app takes over those same nodes', async ({
    page,
  }, testInfo) => {
    const violations = await watchCspViolations(page);
    const errors = watchConsoleErrors(page);
    // Keeps the <main> the body script put into #root, and counts every <main> taken out of it:
    // hydration keeps the prerendered nodes, a client render would replace them.
    await page.addInitScript(() => {
      const seen = { first: null as Element | null, removed: 0 };
      Object.assign(window, { prerenderSeen: seen });
      new MutationObserver((records) => {
        seen.first ??= document.querySelector('#root > main');
        for (const record of records)
          for (const node of record.removedNodes) if (node.nodeName === 'MAIN') seen.removed += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    for (const [address, screen, heading] of [
      ['/#/login', 'login', 'Iniciar sesión'],
      ['/#/registro', 'registro', 'ETAPA1: Crea tu perfil'],
    ] as const) {
      await page.goto('about:blank'); // a new document each time, not a hash change
      const answer = await page.goto(address);
      const html = (await answer?.text()) ?? '';
      expect(html).toContain(`<script type="text/html" id="prerendered-${screen}">`);
      expect(html).toContain(heading);
      // Hydrated: the body script's mark is gone once the app has mounted.
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      const kept = await page.evaluate(() => {
        const seen = (window as unknown as { prerenderSeen: { first: Element | null; removed: number } })
          .prerenderSeen;
        return {
          same: seen.first !== null && seen.first === document.querySelector('#root > main'),
          removed: seen.removed,
        };
      });
      expect(kept, `${address}: the prerendered screen was replaced`).toEqual({ same: true, removed: 0 });
    }
    // The hydrated form works: the registration link, then the back arrow, are the router's.
    await page.getByRole('link', { name: 'Volver al inicio de sesión' }).click();
    await page.getByRole('link', { name: 'Regístrate' }).click();
    await expect(page.getByRole('heading', { name: 'ETAPA1: Crea tu perfil' })).toBeVisible();
    await saveScreen(page, testInfo, 'registro-hydrated');
    expect(errors, 'no hydration mismatch nor any other error').toEqual([]);
    expect(await violations()).toEqual([]);
  });

  test('a form sent before the app has arrived is not sent by the browser, and reaches the app once it has', async ({
    page,
  }) => {
    // The app's code waits until the test lets it through: only the page and its prerendered screen.
    const letThrough = await holdAppCode(page);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/app/login.php')) logins.push(request.method());
    });
    // Not until 'load': the app's module, held back here, may be what the load event waits for.
    await page.goto('/#/login', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'login');
    await page.getByLabel('Correo').fill('nadie@example.com');
    await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForTimeout(300);
    // Still the same page: no GET with the password in the address, nothing sent yet.
    expect(page.url()).not.toContain('Secreta123');
    expect(page.url()).toMatch(/\/#\/login$/);
    expect(logins).toEqual([]);

    // The code arrives, the app hydrates and takes the tap: the server answers it, once.
    letThrough();
    await expect(page.getByRole('alert')).toContainText('Correo o contraseña incorrectos.');
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    expect(logins).toEqual(['POST']);
  });

  test("renders styled under a policy without 'unsafe-inline' for styles: no CSP violation", async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    const answer = await page.goto('/#/registro');
    const styleSrc = /style-src ([^;]*)/.exec(answer?.headers()['content-security-policy'] ?? '')?.[1] ?? '';
    expect(styleSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(styleSrc).not.toContain("'unsafe-inline'");
    await expect(page.getByRole('heading', { name: 'ETAPA1: Crea tu perfil' })).toBeVisible();
    // Styled: the theme's blue on the contained button (its text-safe dark shade), Roboto on the page.
    await page.goto('/#/login');
    const login = page.getByRole('button', { name: 'Ingresar' });
    await expect(login).toHaveCSS('background-color', 'rgb(64, 98, 198)');
    await expect(page.locator('body')).toHaveCSS('font-family', /Roboto/);
    await expectStyledUnderNonce(page);
    expect(await violations()).toEqual([]);
  });

  test('an unknown address explains itself, and the back arrow leads home', async ({ page }, testInfo) => {
    await page.goto('/#/no-existe');

    await expect(page.getByText(NOT_FOUND)).toBeVisible();
    await saveScreen(page, testInfo, 'not-found');
    await expectNoAxeViolations(page);

    // Keyboard first: the back arrow is the first stop and follows with Enter.
    await page.keyboard.press('Tab');
    const back = page.getByRole('link', { name: 'Volver al inicio' });
    await expect(back).toBeFocused();
    await page.keyboard.press('Enter');

    // Home needs a session: a visitor lands on the login screen.
    await expect(page).toHaveURL(/\/#\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe('when a new version is published', () => {
    test.afterEach(async () => {
      await restorePublishedVersion();
    });

    test('announces it and restarts on the login screen', async ({ page }) => {
      await page.clock.install();
      await page.goto('/#/registro');
      await expect(page.getByRole('heading', { name: 'ETAPA1: Crea tu perfil' })).toBeVisible();

      const alerts: string[] = [];
      page.on('dialog', async (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        // The reloaded bundle is still this build: publish it again so the reload is not announced too.
        await restorePublishedVersion();
        await dialog.accept();
      });
      await publishVersion('9.9.9');

      const reloaded = page.waitForEvent('load');
      await page.clock.fastForward(31_000);
      await reloaded;

      expect(alerts).toEqual([
        'alert: Nueva versión disponible (9.9.9), la aplicación se reiniciará automáticamente.',
      ]);
      await expect(page).toHaveURL(/\/#\/login$/);
      await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    });

    test('says nothing while the published version is the running one', async ({ page }) => {
      await page.clock.install();
      await page.goto('/#/registro');
      await expect(page.getByRole('heading', { name: 'ETAPA1: Crea tu perfil' })).toBeVisible();

      const alerts: string[] = [];
      page.on('dialog', async (dialog) => {
        alerts.push(dialog.message());
        await dialog.dismiss();
      });
      const versionChecked = page.waitForResponse((response) => response.url().endsWith('/versionjs.txt'));
      await page.clock.fastForward(31_000);
      const response = await versionChecked;

      expect((await response.text()).trim()).toBe('0.3.1');
      await expect(page).toHaveURL(/\/#\/registro$/);
      expect(alerts).toEqual([]);
    });
  });
});
