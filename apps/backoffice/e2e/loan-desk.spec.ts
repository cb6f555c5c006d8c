import { expect, test, type Page, type TestInfo } from '../../../e2e/support/test';
import { formatCents, formatMoney } from '@prestamos-hn/domain';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson } from '../../../e2e/support/census';
import { accountNumberOf, legacyCall, postOfferAsApp } from '../../../e2e/support/legacy-api';
import {
  approvedBorrower,
  expectedQuote,
  expectSummary,
  LOAN_REQUEST,
  MONTHLY,
  openApplication,
  productTile,
  requestMonthlyLoan,
  type ApprovedBorrower,
} from '../../../e2e/support/loan-application';
import { saveScreen } from '../../../e2e/support/screens';
import { createStaffAccount, staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { logInStaff, logOutStaff, openMenu } from './support/staff';

// Issue 11's acceptance journey across both apps: an approved borrower in Tegucigalpa requests
// L 1,000 over the seeded monthly product in /aplicar; in the back-office an analyst takes and
// approves it and a cashier records the disbursement, each through the loan desk's screens; after
// each step the borrower's /aplicar banner and Inicio (its notifications) follow; a second request
// is blocked. The borrower's page and the staff's page share the browser context: the borrower's
// session is in localStorage, the staff's in its own cookie.
test.describe.configure({ mode: 'serial' });

/** Synthetic people of e2e/support/census-e2e.json assigned to this journey. */
const PEOPLE = {
  phone: censusPerson('0801198800050', { UsrMail: '800050.escritorio@correo.hn', UsrTel: '97800050' }),
  desktop: censusPerson('0801198800051', { UsrMail: '800051.escritorio@correo.hn', UsrTel: '97800051' }),
};

type Project = keyof typeof PEOPLE;

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

/**
 * Chooses a status tab by keyboard: on a phone the tabs scroll sideways and a tap can land on the
 * neighbouring tab while they settle.
 */
async function chooseTab(page: Page, name: string | RegExp) {
  const tab = page.getByRole('tab', { name });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** The loan's line in the desk: a table row on a wide screen, a list entry on a phone. */
const loanEntry = (page: Page, personCode: string) =>
  page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: personCode });

/** /aplicar's banner, and Inicio's newest notification, as the borrower reads them now. */
async function expectBorrowerSees(
  page: Page,
  testInfo: TestInfo,
  step: string,
  expected: { banner: string | null; notification: string },
) {
  // Opened again, as the borrower would (a hash change alone keeps the screen's data).
  await page.goto('/#/aplicar');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Productos' })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: /solicitud/ });
  if (expected.banner) await expect(banner).toContainText(expected.banner);
  else
    await expect(page.getByRole('status').filter({ hasText: /Recibimos|validación|rechazada/ })).toHaveCount(
      0,
    );
  await expect(productTile(page, MONTHLY.name)).toBeDisabled();
  await saveScreen(page, testInfo, `loan-desk-borrower-aplicar-${step}`);

  await page.goto('/#/');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Notificaciones/ }).click();
  const popover = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(popover.getByText(expected.notification)).toBeVisible();
  await saveScreen(page, testInfo, `loan-desk-borrower-inicio-${step}`);
  await page.keyboard.press('Escape');
}

test('a request goes from /aplicar through the loan desk: taken and approved by an analyst, disbursed by a cashier, the borrower following each step', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  const project = testInfo.project.name as Project;
  const person = PEOPLE[project];
  const analyst = {
    name: 'Ana Analista',
    email: `analista.prestamos.${project}@prestamos.local`,
    password: 'Analista#2026x',
  };
  const cashier = {
    name: 'Carlos Cajero',
    email: `cajero.prestamos.${project}@prestamos.local`,
    password: 'Cajero#2026xy',
  };
  await createStaffAccount(admin, { ...analyst, role: 'analyst' });
  await createStaffAccount(admin, { ...cashier, role: 'cashier' });
  const borrower: ApprovedBorrower = await approvedBorrower(request, admin, person);

  // The borrower requests L 1,000 over the monthly product; the summary is the domain's quote.
  await openApplication(page, context, borrower);
  const sent = await requestMonthlyLoan(page, accountNumberOf(person));
  await sent.getByRole('button', { name: 'Ver resumen' }).click();
  const summary = page.getByRole('dialog', { name: 'Resumen de tu solicitud' });
  const quote = await expectedQuote();
  await expectSummary(summary, quote);
  await summary.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Recibimos tu solicitud' })).toBeVisible();

  // The analyst, in the back-office (same browser, its own cookie), finds it in the queue.
  const desk = await context.newPage();
  await logInStaff(desk, request, analyst);
  await openMenu(desk, 'Préstamos');
  await expect(desk.getByRole('tab', { name: /^Enviado/ })).toHaveAttribute('aria-selected', 'true');
  await desk.getByPlaceholder('Identidad, nombre, correo o teléfono').fill(person.UsrDNI);
  await expect(desk).toHaveURL(new RegExp(person.UsrDNI));
  await expect(desk.getByRole('tab', { name: 'Enviado (1)' })).toBeVisible();
  const row = loanEntry(desk, person.UsrDNI);
  await expect(row).toContainText(`L ${formatMoney(LOAN_REQUEST.amount)}`);
  await expect(row).toContainText('90 días (3 pagos)');
  await expect(row).toContainText(MONTHLY.name);
  await expect(row).toContainText('Enviado');
  await saveScreen(desk, testInfo, 'loan-desk-list');
  await expectNoAxeViolations(desk);
  // Nothing in the cashiers' tab for this search.
  await chooseTab(desk, /^Reunido/);
  await expect(desk.getByText('No hay préstamos en estado «Reunido».')).toBeVisible();
  await saveScreen(desk, testInfo, 'loan-desk-list-empty');
  await expectNoAxeViolations(desk);
  await chooseTab(desk, /^Enviado/);

  // The loan file: request, borrower, the stored quote, the accepted documents and their evidence.
  await row.click();
  await expect(desk.getByRole('heading', { name: /^Préstamo #\d+ · L 1,000\.00$/ })).toBeVisible();
  const quoteSection = desk.getByRole('region', { name: 'Cotización guardada' });
  await expect(quoteSection).toContainText(`L ${formatCents(quote.totalCents)}`);
  await expect(quoteSection.getByRole('table', { name: 'Cuotas cotizadas' }).getByRole('row')).toHaveCount(
    quote.payments.length + 1,
  );
  const borrowerSection = desk.getByRole('region', { name: 'Cliente' });
  await expect(borrowerSection).toContainText(person.UsrDNI);
  await expect(borrowerSection).toContainText(accountNumberOf(person));
  await expect(borrowerSection.getByRole('table', { name: 'Censo frente a lo declarado' })).toBeVisible();
  await expect(desk.getByRole('region', { name: 'Solicitud' })).toContainText('Tegucigalpa');
  const documents = desk.getByRole('region', { name: 'Documentos aceptados' });
  await expect(documents.getByText('Íntegro: coincide con su SHA-256')).toHaveCount(2);
  // Nothing widens the page sideways on a phone: wide tables scroll in their own box.
  expect(
    await desk.evaluate(() => document.scrollingElement!.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await saveScreen(desk, testInfo, 'loan-desk-file');
  await expectNoAxeViolations(desk);

  await documents.getByRole('button', { name: 'Leer contrato' }).click();
  const reader = desk.getByRole('dialog', { name: /Contrato/ });
  await expect(reader.locator('iframe')).toHaveAttribute('sandbox', '');
  await expect(desk.frameLocator('iframe[title$="aceptado por el cliente"]').locator('body')).toContainText(
    'CONTRATO DE PRÉSTAMO',
  );
  await saveScreen(desk, testInfo, 'loan-desk-document', { fullPage: false });
  await expectNoAxeViolations(desk);
  // Closed from the keyboard, as a dialog must allow (on a phone the wide contract table scrolls the
  // frame sideways under the button).
  await desk.keyboard.press('Escape');
  await expect(reader).toBeHidden();
  const pdfUrl = await documents.getByRole('link', { name: /Descargar PDF/ }).getAttribute('href');
  const pdf = await request.get(pdfUrl!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // Tomar: 0 → 1; the borrower's banner and Inicio follow.
  await desk.getByRole('button', { name: 'Tomar' }).click();
  await expect(desk.getByText('Tomaste la solicitud.')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Tomar' })).toHaveCount(0);
  await expect(desk.getByText('Reuniendo', { exact: true }).first()).toBeVisible();
  await expectBorrowerSees(page, testInfo, 'taken', {
    banner: 'Tu solicitud está en validación',
    notification: 'Estamos revisando tu solicitud',
  });

  // The rejection dialog asks for the reason the borrower will read (opened, checked, cancelled).
  await desk.bringToFront();
  await desk.getByRole('button', { name: 'Rechazar' }).click();
  const reject = desk.getByRole('dialog', { name: /Rechazar la solicitud/ });
  await reject.getByRole('button', { name: 'Rechazar solicitud' }).click();
  await expect(reject.getByText('Escribe el motivo del rechazo: el cliente lo leerá.')).toBeVisible();
  await saveScreen(desk, testInfo, 'loan-desk-reject-dialog', { fullPage: false });
  await expectNoAxeViolations(desk);
  await reject.getByRole('button', { name: 'Cancelar' }).click();

  // Aprobar: 1 → 5, confirmed first with the amount and the borrower (issue 35).
  await desk.getByRole('button', { name: 'Aprobar' }).click();
  const approve = desk.getByRole('dialog', { name: /^¿Aprobar el préstamo #\d+\?$/ });
  // The name as the borrower file keeps it (the census's accents may be left out).
  const firstName = `(${person.UsrNom1}|${person.UsrNom1.normalize('NFD').replace(/\p{M}/gu, '')})`;
  await expect(approve).toContainText(
    new RegExp(`Vas a aprobar L\\s${formatMoney(LOAN_REQUEST.amount)} para ${firstName}`, 'i'),
  );
  await expectNoAxeViolations(desk);
  await saveScreen(desk, testInfo, 'loan-desk-approve-dialog', { fullPage: false });
  await approve.getByRole('button', { name: 'Aprobar préstamo' }).click();
  await expect(desk.getByText('Préstamo aprobado. Le avisamos al cliente.')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Siguiente' })).toBeVisible();
  await expect(desk.getByText('Reunido', { exact: true }).first()).toBeVisible();
  // The analyst cannot disburse.
  await expect(desk.getByRole('button', { name: 'Registrar desembolso' })).toHaveCount(0);
  await saveScreen(desk, testInfo, 'loan-desk-approved');
  await expectNoAxeViolations(desk);
  await expectBorrowerSees(page, testInfo, 'approved', {
    banner: 'Tu solicitud está en validación',
    notification: '¡Tu préstamo fue aprobado!',
  });

  // The cashier records the disbursement from the Reunido tab.
  await desk.bringToFront();
  await logOutStaff(desk);
  await logInStaff(desk, request, cashier);
  await openMenu(desk, 'Préstamos');
  await desk.getByPlaceholder('Identidad, nombre, correo o teléfono').fill(person.UsrDNI);
  await expect(desk).toHaveURL(new RegExp(person.UsrDNI));
  await chooseTab(desk, 'Reunido (1)');
  await loanEntry(desk, person.UsrDNI).click();
  await expect(desk.getByRole('heading', { name: /^Préstamo #\d+/ })).toBeVisible();
  // The cashier cannot decide.
  await expect(desk.getByRole('button', { name: 'Aprobar' })).toHaveCount(0);
  await expect(desk.getByRole('button', { name: 'Rechazar' })).toHaveCount(0);
  await desk.getByRole('button', { name: 'Registrar desembolso' }).click();
  const disbursement = desk.getByRole('dialog', { name: /Registrar el desembolso/ });
  // What to transfer and where, before the date and the reference (issue 35).
  const transfer = disbursement.getByRole('group', { name: 'Transferencia a realizar' });
  await expect(transfer).toContainText(`Monto a transferirL ${formatMoney(LOAN_REQUEST.amount)}`);
  await expect(transfer).toContainText('Cuenta de destino');
  await expect(transfer).toContainText(new RegExp(`A nombre de${firstName}`, 'i'));
  const today = await desk.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Tegucigalpa' }).format(new Date()),
  );
  await expect(disbursement.getByLabel(/Fecha del desembolso/)).toHaveValue(today);
  await disbursement.getByRole('button', { name: 'Registrar desembolso' }).click();
  await expect(
    disbursement.getByText('Escribe la referencia de la transferencia del desembolso.'),
  ).toBeVisible();
  await disbursement.getByLabel(/Referencia de la transferencia/).fill(`TRF-${project.toUpperCase()}-0001`);
  await expect(
    disbursement.getByText('Escribe la referencia de la transferencia del desembolso.'),
  ).toHaveCount(0);
  await expectNoAxeViolations(desk);
  await saveScreen(desk, testInfo, 'loan-desk-disbursement-dialog', { fullPage: false });
  await disbursement.getByRole('button', { name: 'Registrar desembolso' }).click();
  await expect(desk.getByText('Desembolso registrado. El plan de pagos está listo.')).toBeVisible();
  await expect(desk.getByText('Pagando', { exact: true }).first()).toBeVisible();
  const instalments = desk.getByRole('table', { name: 'Cuotas', exact: true });
  await expect(instalments.getByRole('row')).toHaveCount(quote.payments.length + 1);
  await saveScreen(desk, testInfo, 'loan-desk-disbursed');
  await expectNoAxeViolations(desk);

  // The borrower: an active loan (no banner), the deposit notice, and no second request.
  await expectBorrowerSees(page, testInfo, 'disbursed', {
    banner: null,
    notification: 'Depositamos tu préstamo',
  });
  await page.goto('/#/aplicar');
  await expect(
    page.getByText('Ya tienes una solicitud o un préstamo activo. No puedes solicitar otro por ahora.'),
  ).toBeVisible();
  const offers = (await legacyCall(request, 'getCustomerOfferList', { sid: borrower.sid })) as {
    status: number;
  };
  expect(offers.status).toBe(3);
  const { Products } = (await legacyCall(request, 'getApplicationProfilev2', { sid: borrower.sid })) as {
    Products: { ProCod: number; ProNom: string }[];
  };
  const second = await postOfferAsApp(request, {
    sid: borrower.sid,
    amount: LOAN_REQUEST.amount,
    period: 30,
    purpose: 1,
    productId: Products.find((product) => product.ProNom === MONTHLY.name)!.ProCod,
  });
  expect(second).toEqual({
    status: 'ER',
    payload: { message: 'Ya tienes una solicitud o un préstamo activo. No puedes solicitar otro por ahora.' },
  });
});
