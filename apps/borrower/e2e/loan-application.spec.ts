import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '../../../e2e/support/test';
import { annualCostPercent, formatMoney } from '@prestamos-hn/domain';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson } from '../../../e2e/support/census';
import { accountNumberOf, legacyCall, postOfferAsApp } from '../../../e2e/support/legacy-api';
import {
  approvedBorrower as sharedApprovedBorrower,
  expectedQuote,
  expectNoSidewaysScroll,
  expectSummary,
  LOAN_REQUEST,
  MONTHLY,
  openApplication as sharedOpenApplication,
  productTile,
} from '../../../e2e/support/loan-application';
import { saveScreen } from '../../../e2e/support/screens';
import { staffLogin, type StaffApi } from '../../../e2e/support/staff-api';

// Issue 11, borrower side: /aplicar against the real server and database. Each project prepares its
// own borrower through the borrower's legacy API (registration, profile, documents, sent for review)
// and the staff API (the default admin approves it), located in Tegucigalpa by Playwright's
// geolocation; then the borrower requests L 1,000 over the seeded monthly product and reads the
// summary, which must equal the domain's quote for the seeded price list (60 % a year, fee 5 %).
test.describe.configure({ mode: 'serial' });

/** Synthetic people of support/census-e2e.json that no other journey registers. */
const PEOPLE = {
  phone: censusPerson('0801199170012', { UsrMail: '70012.aplicar@correo.hn', UsrTel: '97200012' }),
  desktop: censusPerson('0801199270013', { UsrMail: '70013.aplicar@correo.hn', UsrTel: '97200013' }),
};

const REQUEST = LOAN_REQUEST;

let staff: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  staff = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await staff?.ctx.dispose();
});

/** This project's borrower, approved by the staff, prepared once per run. */
const approvedBorrower = (request: APIRequestContext) =>
  sharedApprovedBorrower(request, staff, PEOPLE[test.info().project.name as keyof typeof PEOPLE]);

/** Opens `path` logged in as this project's approved borrower, located in Tegucigalpa. */
async function openApplication(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  path: string,
) {
  await sharedOpenApplication(page, context, await approvedBorrower(request), path);
}

const tile = productTile;

test('an approved borrower in Tegucigalpa requests L 1,000 over the monthly product, reads the summary, and is blocked from a second request', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await openApplication(page, context, request, '/#/aplicar');
  const person = PEOPLE[testInfo.project.name as keyof typeof PEOPLE];

  // No request yet: no banner, the allowed products can be chosen.
  await expect(page.getByText('Recibimos tu solicitud')).toHaveCount(0);
  await expect(tile(page, MONTHLY.name)).toBeEnabled();
  await expect(page.getByRole('link', { name: /Historial/ })).toHaveAttribute('href', '#/historial');
  await expect(page.getByRole('link', { name: 'Revisa tu perfil' })).toHaveAttribute('href', '#/perfil');
  await saveScreen(page, testInfo, 'aplicar');
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Step 1: amount, term and purpose, with the SPEC's messages.
  // By keyboard: the tile is reachable and opens the dialog.
  await tile(page, MONTHLY.name).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Solicitud de préstamo' });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByLabel(/Monto \(L\)/);
  const next = dialog.getByRole('button', { name: 'Continuar' });
  await amount.fill('900');
  await expect(dialog.getByText('El monto debe ser mayor o igual a L.1000')).toBeVisible();
  await amount.fill('1005');
  await expect(dialog.getByText('Minimo L1000, máximo de L10000 y multiplo de 10.')).toBeVisible();
  await expect(next).toBeDisabled();
  await saveScreen(page, testInfo, 'aplicar-step-1-errors', { fullPage: false });
  await expectNoAxeViolations(page);
  await amount.fill(String(REQUEST.amount));
  await dialog.getByLabel(/Plazo/).selectOption({ label: '90 días (3 pagos)' });
  await dialog.getByLabel(/Destino del préstamo/).selectOption({ label: 'Capital de trabajo' });
  await expect(next).toBeEnabled();
  await saveScreen(page, testInfo, 'aplicar-step-1', { fullPage: false });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Step 2: the account on file, confirmed.
  await next.click();
  const account = dialog.getByRole('definition').filter({ hasText: accountNumberOf(person) });
  await expect(account).toBeVisible();
  await expect(next).toBeDisabled();
  await dialog
    .getByRole('checkbox', { name: /Confirmo que quiero recibir mi préstamo en esta cuenta/ })
    .check();
  await expect(next).toBeEnabled();
  await saveScreen(page, testInfo, 'aplicar-step-2', { fullPage: false });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Step 3: both documents, rendered for this request in sandboxed frames, read and accepted.
  await next.click();
  const send = dialog.getByRole('button', { name: 'Enviar solicitud' });
  const contractFrame = dialog.locator('iframe[title="Contrato de préstamo"]');
  const noteFrame = dialog.locator('iframe[title="Pagaré"]');
  await expect(contractFrame).toHaveAttribute('sandbox', '');
  await expect(noteFrame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="Contrato de préstamo"]').locator('body')).toContainText(
    'CONTRATO DE PRÉSTAMO',
  );
  await expect(page.frameLocator('iframe[title="Contrato de préstamo"]').locator('body')).toContainText(
    formatMoney(REQUEST.amount),
  );
  await expect(page.frameLocator('iframe[title="Pagaré"]').locator('body')).toContainText('PAGARÉ');
  // Above the boxes, what the loan costs (issue 35, point 2): the quote of the price list and the
  // holiday calendar, the very one the summary shows once the request is stored, and its CAT.
  const cost = dialog.getByRole('region', { name: 'Lo que vas a pagar' });
  const quote = await expectedQuote();
  await expectSummary(cost, quote, { amountTerm: 'Monto que recibes' });
  await expect(
    cost.locator('dl > div').filter({ hasText: 'Costo anual total (CAT)' }).locator('dd'),
  ).toHaveText(`${annualCostPercent(quote)} %`);
  await expect(
    cost.locator('dl > div').filter({ hasText: 'Tasa de interés anual' }).locator('dd'),
  ).toHaveText(`${MONTHLY.annualRatePct} %`);
  const contractBox = dialog.getByRole('checkbox', { name: 'He leído y acepto el contrato.' });
  expect(
    await cost.evaluate(
      (section, box) => Boolean(section.compareDocumentPosition(box!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await contractBox.elementHandle(),
    ),
  ).toBe(true);
  await expect(send).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'He leído y acepto el contrato.' }).check();
  await expect(send).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'He leído y acepto el pagaré.' }).check();
  await expect(send).toBeEnabled();
  await saveScreen(page, testInfo, 'aplicar-step-3', { fullPage: false });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Sent: the success dialog (the answer within 24 hours).
  await send.click();
  const sent = page.getByRole('dialog', { name: '¡Solicitud enviada!' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('Te daremos una respuesta en un máximo de 24 horas.');
  await saveScreen(page, testInfo, 'aplicar-sent', { fullPage: false });
  await expectNoAxeViolations(page);

  // The summary equals the domain's quote, and getFactura.php is read every second while it shows.
  let invoiceReads = 0;
  page.on('request', (call) => {
    if (call.url().endsWith('/api/app/getFactura.php')) invoiceReads += 1;
  });
  await sent.getByRole('button', { name: 'Ver resumen' }).click();
  const summary = page.getByRole('dialog', { name: 'Resumen de tu solicitud' });
  await expect(summary).toBeVisible();
  // The same numbers as before sending: the quote stored is the one shown above the boxes.
  await expectSummary(summary, quote);
  await saveScreen(page, testInfo, 'aplicar-summary', { fullPage: false });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  const readsBefore = invoiceReads;
  await page.waitForTimeout(2_500);
  expect(invoiceReads - readsBefore).toBeGreaterThanOrEqual(2);

  // Finalizar: the polling stops, the list is read again and shows the new request (status 0).
  await summary.getByRole('button', { name: 'Finalizar' }).click();
  await expect(summary).toBeHidden();
  const readsAtClose = invoiceReads;
  await expect(page.getByRole('status').filter({ hasText: 'Recibimos tu solicitud' })).toContainText(
    'La estamos revisando. Te daremos una respuesta en un máximo de 24 horas.',
  );
  for (const name of ['Préstamo semanal', 'Préstamo quincenal', 'Préstamo mensual']) {
    await expect(tile(page, name)).toBeDisabled();
  }
  await expect(
    page.getByText('Ya tienes una solicitud o un préstamo activo. No puedes solicitar otro por ahora.'),
  ).toBeVisible();
  await page.waitForTimeout(1_500);
  expect(invoiceReads).toBe(readsAtClose);
  await saveScreen(page, testInfo, 'aplicar-status-0');
  await expectNoAxeViolations(page);

  // Stored on the server as the SPEC's offer, status 0; a second request is refused there too.
  const { sid } = await approvedBorrower(request);
  const offers = (await legacyCall(request, 'getCustomerOfferList', { sid })) as {
    status: number;
    loans: Record<string, { amount_limit: number; term_days: number; status: number }>;
  };
  expect(offers.status).toBe(0);
  expect(Object.values(offers.loans)).toEqual([
    expect.objectContaining({ amount_limit: REQUEST.amount, term_days: REQUEST.termDays, status: 0 }),
  ]);
  const { Products } = (await legacyCall(request, 'getApplicationProfilev2', { sid })) as {
    Products: { ProCod: number; ProNom: string }[];
  };
  const monthly = Products.find((product) => product.ProNom === MONTHLY.name)!;
  const second = await postOfferAsApp(request, {
    sid,
    amount: REQUEST.amount,
    period: 30,
    purpose: 1,
    productId: monthly.ProCod,
  });
  expect(second).toEqual({
    status: 'ER',
    payload: { message: 'Ya tienes una solicitud o un préstamo activo. No puedes solicitar otro por ahora.' },
  });
});

test('the calculator quotes L 1,000 over 90 days of the monthly product, with its annual cost (at /Aplicar)', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await openApplication(page, context, request, '/#/Aplicar');
  await page.getByRole('button', { name: 'Calculadora' }).click();
  const calculator = page.getByRole('dialog', { name: 'Calculadora de préstamo' });
  await expect(calculator).toBeVisible();
  await expect(calculator.getByText('Escribe un monto y elige un plazo para ver tus pagos.')).toBeVisible();
  await calculator.getByLabel('Producto').selectOption({ label: MONTHLY.name });
  await calculator.getByLabel(/Monto \(L\)/).fill(String(REQUEST.amount));
  await calculator.getByLabel('Plazo').selectOption({ label: '90 días (3 pagos)' });

  const quote = await expectedQuote({ sundaysOnly: true });
  await expectSummary(calculator, quote);
  const cat = calculator.locator('dl > div').filter({ hasText: 'Costo anual total (CAT)' });
  await expect(cat.locator('dd')).toHaveText(`${annualCostPercent(quote)} %`);
  await expect(
    calculator.locator('dl > div').filter({ hasText: 'Tasa de interés anual' }).locator('dd'),
  ).toHaveText(`${MONTHLY.annualRatePct} %`);
  await saveScreen(page, testInfo, 'aplicar-calculator', { fullPage: false });
  await cat.scrollIntoViewIfNeeded();
  await saveScreen(page, testInfo, 'aplicar-calculator-result', { fullPage: false });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // Out of the price list: the SPEC's message and no quote.
  await calculator.getByLabel(/Monto \(L\)/).fill('10010');
  await expect(calculator.getByText('Minimo L1000, máximo de L10000 y multiplo de 10.')).toBeVisible();
  await expect(calculator.getByRole('list', { name: 'Tus pagos' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(calculator).toBeHidden();
});
