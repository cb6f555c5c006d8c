import { expect, test, type APIRequestContext, type Page } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { storeBorrowerSession, type BorrowerSession } from '../../../e2e/support/borrower-browser';
import { censusPerson } from '../../../e2e/support/census';
import { registerThroughApi } from '../../../e2e/support/legacy-api';
import { BORROWER_PASSWORD, registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { makePng } from '../../../e2e/support/images';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import {
  receiptsIn,
  rejectReceipt,
  staffLogin,
  validateReceipt,
  type StaffApi,
} from '../../../e2e/support/staff-api';
import { E2E_TODAY_SHOWN, todayInHondurasAt } from '../../../e2e/support/server-clock';

// Issue 12, the borrower side: /plan, /plan/{idprestamoparam}, /historial and the receipt dialogs,
// against the real server and database, with the browser's clock fixed (receipt hours, Holy Week).
//
// Every state is real: borrowers register, complete their profile and send it for review through
// the borrower's legacy API, the default admin approves it through the staff API, and the borrower
// requests a loan with postOffer.php from Tegucigalpa (status 0 Enviado); the staff API's loan desk
// approves and disburses it (e2e/support/loan-desk.ts).
test.describe.configure({ mode: 'serial' });

const NO_LOAN =
  'No tienes préstamos aprobados aún, puedes solicitar un nuevo préstamo o ver el estado de tu solicitud.';

/** People of support/census-e2e.json no other journey registers; each project its own. */
const PEOPLE = {
  phone: {
    // Registered only: no loan at all.
    newcomer: censusPerson('0801198370004', { UsrMail: 'daniela.plan@correo.hn', UsrTel: '97200004' }),
    // Approved by the staff, with a loan requested (status 0 Enviado).
    requester: censusPerson('0801198970010', { UsrMail: 'isabel.plan@correo.hn', UsrTel: '97200010' }),
  },
  desktop: {
    newcomer: censusPerson('0801199570016', { UsrMail: 'valeria.plan@correo.hn', UsrTel: '97200016' }),
    requester: censusPerson('0801199670017', { UsrMail: 'erick.plan@correo.hn', UsrTel: '97200017' }),
  },
};
type Role = keyof (typeof PEOPLE)['phone'];

interface Prepared extends BorrowerSession {
  /** The requested loan's id (the requester only). */
  containerId?: number;
}

let staff: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  staff = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await staff?.ctx.dispose();
});

const prepared = new Map<string, Promise<Prepared>>();

/** This project's borrower in `role`, prepared once per run (the database is fresh for every run). */
function borrowerIn(request: APIRequestContext, role: Role): Promise<Prepared> {
  const person = PEOPLE[test.info().project.name as 'phone' | 'desktop'][role];
  let session = prepared.get(person.UsrDNI);
  if (!session) {
    session = (async () => {
      if (role === 'newcomer') return registerThroughApi(request, { ...person, UsrPwd: BORROWER_PASSWORD });
      // Approved by the staff, located in Tegucigalpa, it reads both documents and requests L 1,000
      // monthly over 90 days.
      const { sid, data } = await registerApprovedBorrower(request, staff, person);
      return { sid, data, containerId: await requestLoanThroughApi(request, sid) };
    })();
    prepared.set(person.UsrDNI, session);
  }
  return session;
}

/** Opens `path` logged in as this project's borrower in `role`. */
async function openAs(page: Page, request: APIRequestContext, role: Role, path: string): Promise<Prepared> {
  const session = await borrowerIn(request, role);
  await storeBorrowerSession(page, session);
  await page.goto(path);
  return session;
}

/** The page scrolls only up and down: nothing sticks out sideways at 360 px. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("Inicio's Plan tile leads to the plan: no loan yet, and 'Historial' leads to an empty history", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await openAs(page, request, 'newcomer', '/#/');
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /^Plan/ }).click();
  await expect(page).toHaveURL(/#\/plan$/);
  await expect(page.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible();
  await expect(page.getByText(NO_LOAN)).toBeVisible();
  // Outside 16-19 April there is no Holy Week notice.
  await expect(page.getByText(/Semana Santa/)).toHaveCount(0);
  await saveScreen(page, testInfo, 'plan-no-loan');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Historial' }).click();
  await expect(page).toHaveURL(/#\/historial$/);
  await expect(page.getByRole('heading', { name: 'Historial', level: 1 })).toBeVisible();
  await expect(page.getByText('No hay nada que mostrar aún.')).toBeVisible();
  await saveScreen(page, testInfo, 'history-empty');
  await expectNoAxeViolations(page);

  // The back button returns to the screen before, then to Inicio.
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/#\/plan$/);
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /^Historial/ }).click();
  await expect(page.getByText('No hay nada que mostrar aún.')).toBeVisible();
});

test('on 17 April (Holy Week, browser clock) the plan without a loan adds the closure notice', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.clock.setFixedTime(new Date('2027-04-17T10:00:00-06:00'));
  await openAs(page, request, 'newcomer', '/#/plan');
  await expect(page.getByText(NO_LOAN)).toBeVisible();
  await expect(
    page.getByText(/^Por Semana Santa nuestras oficinas están cerradas del 16 al 19 de abril\./),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'plan-holy-week');
  await expectNoAxeViolations(page);
});

test('a requested loan (0 Enviado): listed in history, it opens its plan with the information block and the contract', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  const { containerId } = await openAs(page, request, 'requester', '/#/plan');
  // /plan picks only loans with status 3, 1, 8 or 5: a request just sent is not one of them.
  await expect(page.getByText(NO_LOAN)).toBeVisible();
  await page.getByRole('link', { name: 'Historial' }).click();

  const loans = page.getByRole('list', { name: 'Préstamos' });
  const item = loans.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Préstamo de L. 1,000.00');
  await expect(item).toContainText(`${E2E_TODAY_SHOWN} · Enviado`);
  await saveScreen(page, testInfo, 'history-requested');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/plan/${containerId}$`));
  const block = page.getByRole('region', { name: 'Información del préstamo' });
  await expect(block.getByText('Recibimos tu solicitud y la estamos revisando.')).toBeVisible();
  await expect(block.getByRole('definition').nth(0)).toHaveText(String(containerId));
  // Before the disbursement the debt is the stored quote's total.
  await expect(block.getByRole('definition').nth(1)).toHaveText('L 1,251.63');
  await expect(block.getByRole('definition').nth(2)).toHaveText('L 0.00');
  await expect(block.getByText('Deposito por aplicar')).toBeVisible();
  await expect(block.getByRole('progressbar', { name: 'Pagos 0 / 3' })).toBeVisible();
  // 60 % a year over 12 months.
  await expect(block.getByRole('list', { name: 'Condiciones' }).getByRole('listitem')).toHaveText([
    'Tasa 5.00 %',
    'Mensual',
    'Enviado',
  ]);
  await expect(
    page.getByText(
      'Recibimos comprobantes de 8:00 am - 8:00 pm. Los pagos enviados después de esa hora se aplican al día siguiente.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plan de pagos', level: 2 })).toBeVisible();
  // Where to pay (issue 35, point 1): the demo collection accounts a loopback server starts with,
  // each with a copy button, and the loan's number as the reference, copied with 'Copiado' said.
  const whereToPay = page.getByRole('region', { name: 'Dónde pagar' });
  await expect(whereToPay).toBeVisible();
  await expect(whereToPay.getByRole('listitem')).toHaveCount(2);
  await expect(whereToPay.getByRole('listitem').first()).toContainText('BAC Credomatic');
  await expect(whereToPay.getByRole('listitem').first()).toContainText('200123456');
  await expect(
    whereToPay.getByText(`Escribe como referencia el número de tu préstamo: ${containerId}`),
  ).toBeVisible();
  // Both projects are Chromium: the clipboard can be read back.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await whereToPay.getByRole('button', { name: 'Copiar cuenta de BAC Credomatic' }).click();
  await expect(whereToPay.getByRole('status')).toHaveText('Copiado: 200123456');
  await whereToPay.getByRole('button', { name: 'Copiar referencia' }).click();
  await expect(whereToPay.getByRole('status')).toHaveText(`Copiado: ${containerId}`);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(String(containerId));
  await expect(page.getByRole('button', { name: 'Enviar comprobante BAC' })).toBeEnabled();
  await expect(page.getByText('No tienes lista de pagos')).toBeVisible();
  // The final plan comes with the disbursement.
  await expect(block.getByRole('link', { name: 'Descargar plan de pagos (PDF)' })).toHaveCount(0);
  await saveScreen(page, testInfo, 'plan-requested');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // The contract as accepted, in a sandboxed frame; and its PDF.
  await block.getByRole('button', { name: 'Ver contrato' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contrato' });
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe[title="Contrato"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('iframe[title="Contrato"]').locator('body')).toContainText(
    `Documento Nacional de Identificación número ${PEOPLE[testInfo.project.name as 'phone' | 'desktop'].requester.UsrDNI}`,
  );
  await saveScreen(page, testInfo, 'plan-contract', { fullPage: false });
  await expectNoAxeViolations(page);
  const pdf = await request.get(
    (await dialog.getByRole('link', { name: 'Descargar contrato (PDF)' }).getAttribute('href'))!,
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  // Keyboard: Escape closes the dialog and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(block.getByRole('button', { name: 'Ver contrato' })).toBeFocused();
});

test("at 20:00 Honduras time (browser clock) 'Enviar comprobante BAC' is disabled: 'Fuera de horario operativo'", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { containerId } = await borrowerIn(request, 'requester');
  await page.clock.setFixedTime(todayInHondurasAt('20:00'));
  await openAs(page, request, 'requester', `/#/plan/${containerId}`);
  await expect(page.getByRole('button', { name: 'Enviar comprobante BAC' })).toBeDisabled();
  await expect(page.getByText('Fuera de horario operativo')).toBeVisible();
  await saveScreen(page, testInfo, 'plan-outside-hours');
  await expectNoAxeViolations(page);
});

const DUPLICATE =
  'El comprobante con este número de referencia ya ha sido cargado, se actualizará tu foto de comprobante si se reenvía';

/** A phone photo of a receipt: bigger than the app sends, so it is scaled down before upload. */
const RECEIPT_PHOTO = { name: 'comprobante.png', mimeType: 'image/png', buffer: makePng(2400, 1800, 7) };

test("'Subir Archivo BAC' on a requested loan: the enable rules, the reference check, a scaled photo, and the server's refusal", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { containerId } = await borrowerIn(request, 'requester');
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await openAs(page, request, 'requester', `/#/plan/${containerId}`);
  const open = page.getByRole('button', { name: 'Enviar comprobante BAC' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Subir Archivo BAC' });
  await expect(dialog).toBeVisible();
  const amount = dialog.getByLabel(/^Monto a Pagar/);
  const reference = dialog.getByLabel(/^Número de Referencia/);
  const attach = dialog.getByText('Adjuntar foto del comprobante');
  const send = dialog.getByRole('button', { name: 'Enviar comprobante' });
  await expect(amount).toHaveAttribute('inputmode', 'decimal');
  await expect(dialog.locator('label').filter({ has: page.locator('input[type="file"]') })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expect(send).toBeDisabled();
  await saveScreen(page, testInfo, 'receipt-dialog', { fullPage: false });
  await expectNoAxeViolations(page);

  // The reference loses its spaces; once typing pauses the server checks it for this loan.
  const checked = page.waitForResponse('**/api/app/getPagosReference.php');
  await amount.fill('417.21');
  await reference.fill('FT 2611 2233');
  await expect(reference).toHaveValue('FT26112233');
  const answer = (await (await checked).json()) as { status: string; payload: string };
  expect(answer).toEqual({ status: 'OK', payload: 'no existe' });
  await expect(dialog.getByText(DUPLICATE)).toHaveCount(0);

  // Images only; then 'Enviar comprobante' can be pressed.
  await expect(dialog.locator('input[type="file"]')).toHaveAttribute('accept', 'image/*');
  await expect(attach).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles(RECEIPT_PHOTO);
  await expect(dialog.getByText('Foto: comprobante.png')).toBeVisible();
  await expect(send).toBeEnabled();

  // The photo goes scaled down, as a JPEG, with the loan, the amount and the reference; this loan is
  // only requested, so the server refuses it with its reason, and the dialog stays open.
  let body: Buffer | null = null;
  await page.route('**/api/app/send_recipemail.php', async (route) => {
    body = route.request().postDataBuffer();
    await route.continue();
  });
  await send.click();
  await expect.poll(() => body?.length ?? 0).toBeGreaterThan(0);
  expect(body!.length).toBeLessThan(RECEIPT_PHOTO.buffer.length);
  const text = body!.toString('latin1');
  expect(text).toMatch(/name="DOC"; filename="DOC\.jpg"\r\nContent-Type: image\/jpeg/);
  expect(text).toContain(`name="containerId"\r\n\r\n${containerId}\r\n`);
  expect(text).toContain('name="amount"\r\n\r\n417.21\r\n');
  expect(text).toContain('name="reference"\r\n\r\nFT26112233\r\n');
  await expect(dialog.getByRole('alert')).toHaveText('Este préstamo no tiene pagos pendientes.');
  await expect(send).toBeEnabled();
  await saveScreen(page, testInfo, 'receipt-dialog-refused', { fullPage: false });
  await expectNoAxeViolations(page);

  // A failed check reads 'Error validando'.
  await page.route('**/api/app/getPagosReference.php', (route) => route.abort());
  await reference.fill('FT999');
  await expect(dialog.getByText('Error validando')).toBeVisible();
  await expectNoAxeViolations(page);

  // Keyboard: Escape closes the dialog and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('a disbursed loan: the plan lists its instalments, a receipt goes against the first one not paid, and a resend is flagged', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { containerId } = await borrowerIn(request, 'requester');
  await disburseLoanForTest(staff, containerId!, {
    disbursedOn: todayInHondurasAt('10:00').toISOString().slice(0, 10),
    reference: 'TRF-E2E-12',
  });
  // Each project its own deposits: the desk refuses a reference already validated at the same bank.
  const [firstRef, secondRef] = ['001', '002'].map((n) => `FT-${testInfo.project.name.toUpperCase()}-${n}`);
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await openAs(page, request, 'requester', '/#/plan');
  const block = page.getByRole('region', { name: 'Información del préstamo' });
  await expect(block.getByText('Pagando')).toBeVisible();
  await expect(block.getByRole('progressbar', { name: 'Pagos 0 / 3' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Cuotas' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Pago 1/3');
  await expect(rows.first()).toContainText('L 417.21');
  // 'Dónde pagar' comes in its own chunk after the screen: the screenshot waits for it.
  await expect(page.getByRole('region', { name: 'Dónde pagar' })).toBeVisible();
  await saveScreen(page, testInfo, 'plan-disbursed');
  await expectNoAxeViolations(page);

  // The final plan, its dates counted from the disbursement, as a PDF behind a signed link.
  const planLink = block.getByRole('link', { name: 'Descargar plan de pagos (PDF)' });
  await expect(planLink).toBeVisible();
  const planHref = (await planLink.getAttribute('href'))!;
  expect(new URL(planHref).pathname).toBe(`/api/files/loans/${containerId}/plan-de-pagos.pdf`);
  const planPdf = await request.get(planHref);
  expect(planPdf.status()).toBe(200);
  expect(planPdf.headers()['content-type']).toContain('application/pdf');
  expect((await planPdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const sendReceipt = async (reference: string) => {
    await page.getByRole('button', { name: 'Enviar comprobante BAC' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subir Archivo BAC' });
    await expect(dialog.getByText('Pago 1/3: L 417.21')).toBeVisible();
    await dialog.getByLabel(/^Monto a Pagar/).fill('417.21');
    await dialog.getByLabel(/^Número de Referencia/).fill(reference);
    await dialog.locator('input[type="file"]').setInputFiles(RECEIPT_PHOTO);
    return dialog;
  };
  const dialog = await sendReceipt(firstRef!);
  await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(page.getByText('¡Comprobante enviado con éxito!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await saveScreen(page, testInfo, 'receipt-sent');
  await expectNoAxeViolations(page);

  // The same reference again: the app warns that the photo will be replaced.
  const again = await sendReceipt(firstRef!);
  await expect(again.getByText(DUPLICATE)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(again).toBeHidden();

  // What happened to the money (issue 35, point 5). The receipt sent waits for the cashier.
  const receipts = page.getByRole('region', { name: 'Tus comprobantes' }).getByRole('listitem');
  await expect(receipts).toHaveCount(1);
  await expect(receipts.first()).toContainText(`Referencia ${firstRef} · L 417.21`);
  await expect(receipts.first()).toContainText('Pendiente de validar');
  // A second deposit, with a photo of its own, that the cashier will reject.
  await page.getByRole('button', { name: 'Enviar comprobante BAC' }).click();
  const second = page.getByRole('dialog', { name: 'Subir Archivo BAC' });
  await second.getByLabel(/^Monto a Pagar/).fill('100');
  await second.getByLabel(/^Número de Referencia/).fill(secondRef!);
  await second
    .locator('input[type="file"]')
    .setInputFiles({ ...RECEIPT_PHOTO, buffer: makePng(2400, 1800, 8) });
  await second.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(second).toBeHidden();
  await expect(receipts).toHaveCount(2);
  await expect(receipts.first()).toContainText(`Referencia ${secondRef} · L 100.00`);

  // The cashier validates the first (at 10:00 the money is applied at once) and rejects the second.
  const pending = (await receiptsIn(staff, 'pending')).filter((item) => item.loanId === containerId);
  const idOf = (reference: string) => pending.find((item) => item.reference === reference)!.id;
  await validateReceipt(staff, idOf(firstRef!), '417.21');
  await rejectReceipt(staff, idOf(secondRef!), 'La foto no se lee.');
  await page.reload();
  await expect(receipts).toHaveCount(2);
  await expect(receipts.nth(0)).toContainText('Rechazado: La foto no se lee.');
  await expect(receipts.nth(1)).toContainText('Validado por L 417.21');
  await expect(rows.first()).toContainText('Pagado');
  await expect(page.getByRole('region', { name: 'Dónde pagar' })).toBeVisible();
  await saveScreen(page, testInfo, 'plan-receipts');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // /historial lists the payment under its loan, with what it covered.
  await page.goto('/#/historial');
  const payments = page
    .getByRole('list', { name: `Pagos del préstamo ${containerId}` })
    .getByRole('listitem');
  await expect(payments).toHaveCount(1);
  const today = todayInHondurasAt('10:00').toISOString().slice(0, 10).split('-').reverse().join('/');
  await expect(payments.first()).toContainText(`Pago del ${today} · L 417.21`);
  await expect(payments.first()).toContainText(
    'Cuota 1: recargo por mora L 0.00, intereses L 50.00, gastos administrativos L 50.00 y capital L 317.21',
  );
  await saveScreen(page, testInfo, 'history-payments');
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // Inicio shows the next instalment: the second, L 417.21.
  await page.goto('/#/');
  const next = page.getByRole('region', { name: 'Tu próxima cuota' });
  await expect(next).toContainText('L 417.21');
  await expect(next).toContainText(/Vence el \d{1,2} de [a-z]+ de \d{4}\./);
  await expect(next.getByRole('link', { name: 'Ver mi plan de pagos' })).toHaveAttribute(
    'href',
    `#/plan/${containerId}`,
  );
  await expectNoAxeViolations(page);
});
