import { expect, test } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { E2E_BASE_URL } from '../../../e2e/support/e2e-env';
import { saveScreen } from '../../../e2e/support/screens';
import { DEFAULT_ADMIN, staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { logInStaff, openMenu } from './support/staff';

/**
 * An admin manages what borrowers are offered: a product and its price list (typed in lempiras and
 * percents, stored exactly in centavos and basis points), a purpose, and the contract template
 * (edited, previewed in its sandboxed frame, saved as a new version, then the previous text put
 * back as the next one). Products and purposes made here are retired before the journey ends, so
 * the borrower journeys of the same run see the seeded catalogue.
 */

interface Product {
  id: number;
  name: string;
  active: boolean;
  price: Record<string, number | string>;
}
interface Templates {
  items: { kind: string; current: { version: number; title: string; body: string } }[];
}

let staff: StaffApi;
let contractAtStart: { title: string; body: string };

async function getJson<T>(path: string): Promise<T> {
  const response = await staff.ctx.get(`/api/backoffice${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}
const send = (method: 'post' | 'patch', path: string, data: unknown) =>
  staff.ctx[method](`/api/backoffice${path}`, { data, headers: { 'x-csrf-token': staff.csrf } });
const currentContract = async () =>
  (await getJson<Templates>('/templates')).items.find((i) => i.kind === 'contract')!.current;

test.beforeAll(async () => {
  staff = await staffLogin(E2E_BASE_URL);
  const { title, body } = await currentContract();
  contractAtStart = { title, body };
});

// Whatever happened in the journey: nothing of it stays offered, and the contract reads as before.
test.afterAll(async () => {
  const { items } = await getJson<{ items: Product[] }>('/products');
  for (const product of items.filter((p) => p.name.startsWith('Préstamo de prueba') && p.active)) {
    await send('patch', `/products/${product.id}`, { active: false });
  }
  const purposes = await getJson<{ items: { id: number; title: string; active: boolean }[] }>('/purposes');
  for (const purpose of purposes.items.filter(
    (p) => p.title.startsWith('Compra de herramientas') && p.active,
  )) {
    await send('patch', `/purposes/${purpose.id}`, { active: false });
  }
  if ((await currentContract()).body !== contractAtStart.body) {
    await send('post', '/templates/contract/versions', contractAtStart);
  }
  await staff.ctx.dispose();
});

/** A menu entry: in the sidebar on a desktop, behind the menu button on a phone. */
test('an admin edits a price list, retires a product and a purpose, and saves a new contract version', async ({
  page,
  request,
}, testInfo) => {
  // Three screens, two forms and the template editor, each checked with axe: a long journey.
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const productName = `Préstamo de prueba ${project}`;
  const purposeTitle = `Compra de herramientas (${project})`;
  await logInStaff(page, request, DEFAULT_ADMIN);

  // --- Productos: create one with its price list, in lempiras and percents.
  await openMenu(page, 'Productos');
  await expect(page.getByText('Préstamo mensual').first()).toBeVisible();
  await saveScreen(page, testInfo, 'catalog-products');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill(productName);
  await page.getByRole('textbox', { name: 'Descripción' }).fill('Pagos cada semana, de 1 a 3 semanas.');
  await page.getByRole('combobox', { name: 'Periodicidad de los pagos' }).click();
  await page.getByRole('option', { name: 'Semanal' }).click();
  await page.getByRole('spinbutton', { name: 'Monto mínimo (L)' }).fill('500');
  await page.getByRole('spinbutton', { name: 'Monto máximo (L)' }).fill('2000');
  await page.getByRole('spinbutton', { name: 'Plazo mínimo (días)' }).fill('7');
  await page.getByRole('spinbutton', { name: 'Plazo máximo (días)' }).fill('21');
  await page.getByRole('spinbutton', { name: 'Tasa de interés anual (%)' }).fill('72.5');
  await page.getByRole('combobox', { name: 'Tipo de gasto administrativo' }).click();
  await page.getByRole('option', { name: 'Cantidad fija por cuota' }).click();
  await page.getByRole('spinbutton', { name: 'Gasto administrativo (L por cuota)' }).fill('25.55');
  await saveScreen(page, testInfo, 'catalog-product-create');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(productName)).toBeVisible();

  const created = (await getJson<{ items: Product[] }>('/products')).items.find(
    (p) => p.name === productName,
  )!;
  expect(created).toMatchObject({
    active: true,
    price: {
      periodType: 'semanal',
      minAmountCents: 50_000,
      maxAmountCents: 200_000,
      minDays: 7,
      maxDays: 21,
      annualRateBp: 7_250,
      feeType: 'fixed',
      feeValue: 2_555,
    },
  });

  // Edit its price list: amounts and rate with decimals, converted to centavos exactly.
  await page.getByText(productName).click();
  await expect(page.getByRole('spinbutton', { name: 'Monto máximo (L)' })).toHaveValue('2000');
  await page.getByRole('spinbutton', { name: 'Monto máximo (L)' }).fill('2510');
  await page.getByRole('spinbutton', { name: 'Tasa de interés anual (%)' }).fill('80.15');
  await page.getByRole('spinbutton', { name: 'Gasto administrativo (L por cuota)' }).fill('0.29');
  await page.getByRole('spinbutton', { name: 'Recargo por atraso (L)' }).fill('85.50');
  await saveScreen(page, testInfo, 'catalog-product-edit');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(productName)).toBeVisible();
  if (project === 'desktop') {
    const row = page.getByRole('row').filter({ hasText: productName });
    await expect(row).toContainText('L 500.00 a L 2,510.00');
    await expect(row).toContainText('80.15 %');
    await expect(row).toContainText('L 0.29 por cuota');
    await expect(row).toContainText('L 85.50');
  }
  const edited = (await getJson<{ items: Product[] }>('/products')).items.find((p) => p.id === created.id)!;
  expect(edited.price).toMatchObject({
    maxAmountCents: 251_000,
    annualRateBp: 8_015,
    feeValue: 29,
    lateFeeCents: 8_550,
  });

  // A bad price list is refused with the server's Spanish, nothing saved.
  await page.getByText(productName).click();
  await page.getByRole('spinbutton', { name: 'Plazo mínimo (días)' }).fill('22');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.getByText('El plazo mínimo debe ser mayor que cero y no mayor que el máximo (hasta 720 días).'),
  ).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Plazo mínimo (días)' }).fill('7');

  // Retire it: no longer offered, still listed.
  await page.getByLabel('Ofrecido a los clientes').uncheck();
  await page.getByRole('button', { name: 'Guardar' }).click();
  const retiredRow = page
    .getByRole(project === 'desktop' ? 'row' : 'listitem')
    .filter({ hasText: productName });
  await expect(retiredRow).toContainText('Retirado');
  expect(
    (await getJson<{ items: Product[] }>('/products')).items.find((p) => p.id === created.id),
  ).toMatchObject({
    active: false,
    price: { maxAmountCents: 251_000, minDays: 7 },
  });

  // --- Propósitos: create one, then retire it.
  await openMenu(page, 'Propósitos');
  await expect(page.getByText('Capital de trabajo')).toBeVisible();
  await saveScreen(page, testInfo, 'catalog-purposes');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Crear' }).click();
  await page.getByRole('textbox', { name: 'Propósito' }).fill(purposeTitle);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const purposeRow = page
    .getByRole(project === 'desktop' ? 'row' : 'listitem')
    .filter({ hasText: purposeTitle });
  await expect(purposeRow).toContainText('Ofrecido');
  await purposeRow.getByText(purposeTitle).click();
  await expect(page.getByRole('textbox', { name: 'Propósito' })).toHaveValue(purposeTitle);
  await saveScreen(page, testInfo, 'catalog-purpose-edit');
  await expectNoAxeViolations(page);
  await page.getByLabel('Ofrecido a los clientes').uncheck();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(purposeRow).toContainText('Retirado');

  // --- Plantillas: edit the contract, preview it (sanitised, sample data), save it as a new version.
  const before = await currentContract();
  await openMenu(page, 'Plantillas');
  await expect(page.getByRole('tab', { name: 'Contrato' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(`Versión actual: ${before.version}`)).toBeVisible();
  await expect(page.getByRole('button', { name: '{{plan_de_pagos}}' })).toBeVisible();
  await saveScreen(page, testInfo, 'catalog-templates');
  await expectNoAxeViolations(page);

  const editor = page.getByRole('textbox', { name: 'Texto (HTML)' });
  await expect(editor).toHaveValue(before.body);
  await editor.fill(
    `${before.body}<p>DÉCIMA. Cláusula de prueba (${project}) de </p><script>alert(1)</script>`,
  );
  // The placeholder goes where the cursor is: just before the closing </p> typed above.
  await editor.evaluate((field: HTMLTextAreaElement) => {
    const at = field.value.lastIndexOf('</p>');
    field.setSelectionRange(at, at);
  });
  await page.getByRole('button', { name: '{{marca}}' }).click();
  await expect(editor).toHaveValue(
    new RegExp(`Cláusula de prueba \\(${project}\\) de \\{\\{marca\\}\\}</p>`),
  );

  await page.getByRole('button', { name: 'Vista previa' }).click();
  const preview = page.getByRole('dialog', { name: 'Vista previa: Contrato de préstamo' });
  await expect(preview).toBeVisible();
  const frame = page.frameLocator('iframe[title="Vista previa: Contrato de préstamo"]');
  await expect(frame.locator('body')).toContainText('CONTRATO DE PRÉSTAMO');
  await expect(frame.locator('body')).toContainText(`DÉCIMA. Cláusula de prueba (${project}) de`);
  await expect(frame.locator('body')).toContainText('KARLA PATRICIA MARTINEZ REYES');
  await expect(frame.locator('body')).not.toContainText('{{');
  await expect(frame.locator('script')).toHaveCount(0);
  await expect(preview.locator('iframe')).toHaveAttribute('sandbox', '');
  await saveScreen(page, testInfo, 'catalog-template-preview');
  await expectNoAxeViolations(page);
  await preview.getByRole('button', { name: 'Cerrar' }).click();
  await expect(preview).toBeHidden();

  await page.getByRole('button', { name: `Guardar como versión ${before.version + 1}` }).click();
  await expect(page.getByText(`Contrato: guardado como versión ${before.version + 1}.`)).toBeVisible();
  await expect(page.getByText(`Versión actual: ${before.version + 1}`)).toBeVisible();
  const versions = page.getByRole('list', { name: 'Versiones' });
  await expect(versions.getByRole('listitem').first()).toContainText(
    `Versión ${before.version + 1} (actual)`,
  );
  const saved = await currentContract();
  expect(saved.version).toBe(before.version + 1);
  expect(saved.body).toContain(`DÉCIMA. Cláusula de prueba (${project}) de {{marca}}</p>`);
  expect(saved.body).not.toContain('script');

  // An unknown placeholder is refused with the server's words, and nothing is saved.
  await editor.fill(`${saved.body}<p>{{sueldo}}</p>`);
  await page.getByRole('button', { name: `Guardar como versión ${before.version + 2}` }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'La plantilla usa campos que no existen: {{sueldo}}.' }),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'catalog-template-refused');
  await expectNoAxeViolations(page);
  expect((await currentContract()).version).toBe(before.version + 1);

  // The previous text, loaded from the history, becomes the next version: the contract reads as before.
  await versions.getByRole('button', { name: `Cargar la versión ${before.version} en el editor` }).click();
  await expect(editor).toHaveValue(before.body);
  await page.getByRole('button', { name: `Guardar como versión ${before.version + 2}` }).click();
  await expect(page.getByText(`Versión actual: ${before.version + 2}`)).toBeVisible();
  expect((await currentContract()).body).toBe(before.body);

  // The privacy notice of the registration is a template too (issue 35 point 9): the brand is its
  // only placeholder, and its preview is the notice the borrower reads.
  await page.getByRole('tab', { name: 'Aviso de privacidad' }).click();
  await expect(page.getByText(/^Versión actual: \d+ · guardada el /)).toBeVisible();
  await expect(page.getByRole('button', { name: '{{marca}}' })).toBeVisible();
  await expect(page.getByRole('button', { name: '{{plan_de_pagos}}' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const notice = page.frameLocator('iframe[title="Vista previa: Aviso de privacidad"]');
  await expect(notice.locator('body')).toContainText('Aviso de privacidad de');
  await expect(notice.locator('body')).toContainText('Tus derechos');
  await expect(notice.locator('body')).not.toContainText('{{');
  await saveScreen(page, testInfo, 'catalog-privacy-terms');
  await expectNoAxeViolations(page);
});
