import { expect, test } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { E2E_BASE_URL } from '../../../e2e/support/e2e-env';
import { saveScreen } from '../../../e2e/support/screens';
import { DEFAULT_ADMIN, staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { logInStaff, openMenu } from './support/staff';

/**
 * Decision 014 in the back-office: an admin keeps the holiday calendar ('Feriados': a year's days
 * off, one added with its name and removed again) and sets a product's grace days and arrears
 * tolerance in its form. Whatever the journey leaves, afterAll puts back: no test holiday stays,
 * and the weekly product's price list reads as before.
 */

interface Holiday {
  date: string;
  name: string;
  createdBy: string | null;
}
interface Product {
  id: number;
  name: string;
  price: Record<string, number | string>;
}

let staff: StaffApi;
let weeklyPriceAtStart: Record<string, number | string>;

async function getJson<T>(path: string): Promise<T> {
  const response = await staff.ctx.get(`/api/backoffice${path}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}
const send = (method: 'post' | 'patch', path: string, data?: unknown) =>
  staff.ctx[method](`/api/backoffice${path}`, { data, headers: { 'x-csrf-token': staff.csrf } });
const holidaysOf = async (year: number) =>
  (await getJson<{ items: Holiday[] }>(`/holidays?year=${year}`)).items;
const weeklyProduct = async () =>
  (await getJson<{ items: Product[] }>('/products')).items.find((p) => p.id === 1)!;

test.beforeAll(async () => {
  staff = await staffLogin(E2E_BASE_URL);
  const { productId: _id, periodType: _period, ...price } = (await weeklyProduct()).price;
  weeklyPriceAtStart = price;
});

test.afterAll(async () => {
  for (const holiday of await holidaysOf(2027)) {
    if (holiday.name.startsWith('Feriado de prueba')) await send('post', `/holidays/${holiday.date}/delete`);
  }
  await send('patch', '/products/1/price-list', weeklyPriceAtStart);
  await staff.ctx.dispose();
});

/** A menu entry: in the sidebar on a desktop, behind the menu button on a phone. */
test('an admin adds a holiday and removes it again', async ({ page, request }, testInfo) => {
  const project = testInfo.project.name;
  // One date per project (both run against the same server): Monday 7 or Tuesday 8 June 2027.
  const date = project === 'desktop' ? '2027-06-08' : '2027-06-07';
  const label = project === 'desktop' ? 'martes 8 de junio de 2027' : 'lunes 7 de junio de 2027';
  const name = `Feriado de prueba (${project})`;
  await logInStaff(page, request, DEFAULT_ADMIN);

  await openMenu(page, 'Feriados');
  await expect(page.getByRole('heading', { name: 'Feriados', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Año' }).click();
  await page.getByRole('option', { name: '2027' }).click();
  // A table on a desktop, a list on a phone.
  const isDesktop = project === 'desktop';
  const table = page.getByRole(isDesktop ? 'table' : 'list', { name: 'Feriados de 2027' });
  const rows = table.getByRole(isDesktop ? 'row' : 'listitem');
  await expect(rows.filter({ hasText: 'Jueves Santo' })).toContainText('jueves 25 de marzo de 2027');
  await expect(rows.filter({ hasText: 'Feriado Morazánico' })).toHaveCount(3);
  await saveScreen(page, testInfo, 'holidays-list');
  await expectNoAxeViolations(page);

  // The form's own Spanish checks first, then the holiday added.
  await page.getByRole('button', { name: 'Agregar feriado' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agregar feriado' });
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(
    dialog.getByText('Escribe la fecha del feriado (AAAA-MM-DD), entre 2000 y 2100.'),
  ).toBeVisible();
  await expect(dialog.getByText('Escribe el nombre del feriado (hasta 80 caracteres).')).toBeVisible();
  await dialog.getByLabel('Fecha').fill(date);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await saveScreen(page, testInfo, 'holidays-add');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog).toBeHidden();
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText(label);
  const added = (await holidaysOf(2027)).find((h) => h.date === date)!;
  expect(added).toMatchObject({ name, createdBy: expect.any(String) });
  await expect(row).toContainText(added.createdBy!);

  // The same date again: the server's 409, in the dialog.
  await page.getByRole('button', { name: 'Agregar feriado' }).click();
  await dialog.getByLabel('Fecha').fill(date);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Otro nombre');
  await dialog.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    `Ya hay un feriado el ${label.replace(/^\S+ /, '')}.`,
  );
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // Removed, after a confirmation.
  await row.getByRole('button', { name: `Eliminar ${name}, ${label}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminar feriado' });
  await expect(confirm).toContainText(`¿Eliminar «${name}» del ${label}?`);
  await saveScreen(page, testInfo, 'holidays-remove');
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows.filter({ hasText: name })).toHaveCount(0);
  expect((await holidaysOf(2027)).map((h) => h.date)).not.toContain(date);
});

test("an admin sets a product's grace days and arrears tolerance", async ({ page, request }, testInfo) => {
  await logInStaff(page, request, DEFAULT_ADMIN);
  await openMenu(page, 'Productos');
  await page.getByText('Préstamo semanal').first().click();
  const grace = page.getByRole('spinbutton', { name: 'Días de gracia' });
  const tolerance = page.getByRole('spinbutton', { name: 'Tolerancia de mora (L)' });
  await expect(grace).toHaveValue(String(weeklyPriceAtStart.graceDays));
  await expect(tolerance).toHaveValue(String(Number(weeklyPriceAtStart.arrearsToleranceCents) / 100));

  // Out of range: the form's Spanish, nothing sent.
  await grace.fill('61');
  await tolerance.fill('1000.01');
  // Sent with Enter: on a phone the form's 'not valid' notice covers the Guardar button for a while.
  await tolerance.press('Enter');
  await expect(page.getByText('Los días de gracia son un número entero de 0 a 60.')).toBeVisible();
  await expect(
    page.getByText('La tolerancia de mora es una cantidad fija entre L 0 y L 1,000.'),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'product-grace-refused');
  await expectNoAxeViolations(page);

  await grace.fill('3');
  await tolerance.fill('2.50');
  await tolerance.press('Enter');
  await expect(page.getByText('Préstamo semanal').first()).toBeVisible();
  expect((await weeklyProduct()).price).toMatchObject({ graceDays: 3, arrearsToleranceCents: 250 });
  if (testInfo.project.name === 'desktop') {
    const row = page.getByRole('row').filter({ hasText: 'Préstamo semanal' });
    await expect(row).toContainText('3 días de gracia');
    await expect(row).toContainText('L 2.50');
  }
  await send('patch', '/products/1/price-list', weeklyPriceAtStart);
});
