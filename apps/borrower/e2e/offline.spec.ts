import { expect, test, type APIRequestContext, type Page } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { storeBorrowerSession } from '../../../e2e/support/borrower-browser';
import { censusPerson } from '../../../e2e/support/census';
import { makePng } from '../../../e2e/support/images';
import { legacyCall } from '../../../e2e/support/legacy-api';
import { registerApprovedBorrower, type ApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import { receiptsIn, staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { todayInHondurasAt } from '../../../e2e/support/server-clock';

// Issue 33, point 3 (decision 018): the service worker keeps the app for a visit without network,
// and a receipt and a chat message sent without network wait on the phone ('Pendiente de enviar')
// and reach the server once when the network returns. Service workers are allowed here (the rest
// of the suite blocks them: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const OFFLINE_TEXT =
  'Sin conexión. Tus comprobantes y mensajes se guardan en tu teléfono y se envían cuando vuelva la señal.';

/** People of support/census-e2e.json no other journey registers; each project its own. */
const PEOPLE = {
  phone: censusPerson('0801199070011', { UsrMail: 'miguel.offline@correo.hn', UsrTel: '97300011' }),
  desktop: censusPerson('0801199770018', { UsrMail: 'norma.offline@correo.hn', UsrTel: '97300018' }),
};

let staff: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  staff = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await staff?.ctx.dispose();
});

test('behind the prerendered /login, the app still registers its service worker (decision 020)', async ({
  page,
}) => {
  // The app runs after the first paint there, often once the page's load event is over: what waits
  // for that event (app/after-load.ts) must start all the same.
  await page.goto('/#/login');
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined))
    .toBe(true);
});

/** Until the service worker controls the page (it claims the page once it has cached the app). */
async function untilServiceWorkerControls(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 30_000,
    })
    .toMatch(/\/sw\.js$/);
}

async function chatTexts(request: APIRequestContext, sid: string): Promise<string[]> {
  const answer = (await legacyCall(request, 'getChatMessages', { sid })) as { messages: { text: string }[] };
  return answer.messages.map((m) => m.text);
}

async function receiptsWith(containerId: number, reference: string) {
  return (await receiptsIn(staff, 'pending')).filter(
    (item) => item.loanId === containerId && item.reference === reference,
  );
}

test('without network the app opens from the phone, a receipt and a message wait, and each is sent once when the network returns', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const borrower: ApprovedBorrower = await registerApprovedBorrower(request, staff, PEOPLE[project]);
  const containerId = await requestLoanThroughApi(request, borrower.sid);
  await disburseLoanForTest(staff, containerId, {
    disbursedOn: todayInHondurasAt('10:00').toISOString().slice(0, 10),
    reference: `TRF-OFFLINE-${project.toUpperCase()}`,
  });
  const reference = `FT-OFFLINE-${project.toUpperCase()}-1`;
  const message = `Escrito sin señal (${project}).`;

  // Online: Inicio, the chat and the plan are read once; the service worker keeps the app.
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await storeBorrowerSession(page, borrower);
  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await untilServiceWorkerControls(page);
  await page.getByRole('link', { name: /^Chat/ }).click();
  const chat = page.getByRole('dialog', { name: 'Chat de ayuda' });
  await expect(chat.getByText('Escríbenos tu consulta y te responderemos por aquí.')).toBeVisible();
  await chat.getByRole('button', { name: 'Cerrar chat' }).click();
  await page.getByRole('link', { name: /^Plan/ }).click();
  await expect(page.getByRole('button', { name: 'Enviar comprobante BAC' })).toBeVisible();

  // No network at all: a new visit opens from the phone, and says so.
  await context.setOffline(true);
  const visit = await context.newPage();
  await storeBorrowerSession(visit, borrower);
  await visit.goto('/#/plan');
  await expect(visit.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible();
  await expect(visit.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
  await saveScreen(visit, testInfo, 'offline-visit');
  await expectNoAxeViolations(visit);
  await visit.close();

  // The open app says so too; the receipt waits on the phone.
  await expect(page.getByText(OFFLINE_TEXT)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar comprobante BAC' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subir Archivo BAC' });
  await dialog.getByLabel(/^Monto a Pagar/).fill('417.21');
  await dialog.getByLabel(/^Número de Referencia/).fill(reference);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: makePng(1600, 1200, 33) });
  await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(dialog).toBeHidden();
  const waiting = page.getByRole('region', { name: 'Comprobantes por enviar' });
  await expect(waiting.getByRole('listitem')).toHaveCount(1);
  await expect(waiting.getByRole('listitem')).toContainText(`Referencia ${reference}, L 417.21`);
  await expect(waiting.getByRole('listitem')).toContainText('Pendiente de enviar');
  await saveScreen(page, testInfo, 'offline-receipt-waiting');
  await expectNoAxeViolations(page);

  // The message waits too.
  await page.getByRole('button', { name: 'Volver' }).click();
  await page.getByRole('link', { name: /^Chat/ }).click();
  const box = chat.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await box.fill(message);
  await box.press('Enter');
  const log = chat.getByRole('log', { name: 'Mensajes del chat' });
  await expect(log.getByText(message)).toBeVisible();
  await expect(log.getByText('Pendiente de enviar')).toBeVisible();
  expect(await receiptsWith(containerId, reference)).toHaveLength(0);
  expect(await chatTexts(request, borrower.sid)).not.toContain(message);

  // The network returns: each leaves once, and the screen says so.
  await context.setOffline(false);
  await expect(log.getByText('Pendiente de enviar')).toHaveCount(0);
  await expect(page.getByText('¡Comprobante enviado con éxito!')).toBeAttached();
  await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);
  await expect.poll(async () => (await receiptsWith(containerId, reference)).length).toBe(1);
  await expect
    .poll(async () => (await chatTexts(request, borrower.sid)).filter((t) => t === message).length)
    .toBe(1);

  // The plan lists it among the receipts sent; a reload sends nothing again.
  await chat.getByRole('button', { name: 'Cerrar chat' }).click();
  await page.getByRole('link', { name: /^Plan/ }).click();
  const sent = page.getByRole('region', { name: 'Tus comprobantes' }).getByRole('listitem');
  await expect(sent).toHaveCount(1);
  await expect(sent.first()).toContainText(`Referencia ${reference} · L 417.21`);
  await expect(page.getByRole('region', { name: 'Comprobantes por enviar' })).toHaveCount(0);
  await page.reload();
  await expect(sent).toHaveCount(1);
  expect(await receiptsWith(containerId, reference)).toHaveLength(1);
  expect((await chatTexts(request, borrower.sid)).filter((t) => t === message)).toHaveLength(1);
});
