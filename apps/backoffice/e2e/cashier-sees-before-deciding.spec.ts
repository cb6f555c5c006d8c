import { expect, test, type Locator, type Page } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson } from '../../../e2e/support/census';
import { E2E_BASE_URL } from '../../../e2e/support/e2e-env';
import { makePng } from '../../../e2e/support/images';
import { legacyCall } from '../../../e2e/support/legacy-api';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import {
  confirmReceiptApproval,
  createStaffAccount,
  DEFAULT_ADMIN,
  receiptsIn,
  staffLogin,
  type StaffApi,
} from '../../../e2e/support/staff-api';
import { logInStaff, staffPage } from './support/staff';
import { E2E_TODAY } from '../../../e2e/support/server-clock';

// Issue 35 point 11, the cashier sees before deciding, on the real server and database, at 360 px
// and on a desktop: a borrower declares L 420.00 for a deposit of L 417.21. In 'Caja' (no sideways
// scroll) the cashier opens the receipt and 'Validar': the photo stays in view (beside the fields on
// a desktop, above them on a phone), the amount field starts empty with the declared amount beside
// it. She types what the bank shows; the validation waits 'Por aprobar' (it differs), a supervisor
// confirms it, and from then on the receipt, the queue, the borrower file and the chat's panel show
// the L 417.21 credited, not the L 420.00 declared. The loan file's census table fits the phone.
// Axe on every screen and dialog.
test.describe.configure({ mode: 'serial' });

/** People of e2e/support/census-e2e.json kept for this journey; one per project. */
const PEOPLE = {
  phone: censusPerson('0801199635101', { UsrMail: 'yessica.caja35@correo.hn', UsrTel: '97335101' }),
  desktop: censusPerson('0801199635102', { UsrMail: 'edgardo.caja35@correo.hn', UsrTel: '97335102' }),
};

const cashierOf = (project: string) => ({
  email: `cajera.ve.${project}@prestamos.local`,
  password: 'Cajera#2026-e2e',
});

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

/** Nothing on the page is wider than the screen: document.scrollingElement does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const sizes = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(sizes.scrollWidth, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.clientWidth);
}

/** An element's own box does not scroll sideways (a table that fits the screen). */
async function expectFitsSideways(element: Locator) {
  const sizes = await element.evaluate((node) => ({
    scrollWidth: node.scrollWidth,
    clientWidth: node.clientWidth,
  }));
  expect(sizes.scrollWidth, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.clientWidth);
}

test('the cashier validates with the photo in view and an empty amount; the credited amount shows everywhere afterwards', async ({
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(360_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const person = PEOPLE[project];
  const reference = `VERANTES${project.toUpperCase()}`;

  // A disbursed borrower sends a receipt declaring L 420.00 for the first instalment, and writes in the chat.
  const { sid } = await registerApprovedBorrower(request, admin, person);
  const containerId = await requestLoanThroughApi(request, sid);
  await disburseLoanForTest(admin, containerId, {
    disbursedOn: E2E_TODAY,
    reference: `TRF-VE-${project}`,
  });
  const schedule = (await legacyCall(request, 'getBorrowerRepaymentSchedule', {
    sid,
    ContainerId: containerId,
  })) as unknown as { id: number }[];
  const sent = await request.post(`${E2E_BASE_URL}/api/app/send_recipemail.php`, {
    multipart: {
      sid,
      containerId: String(containerId),
      idpago: String(schedule[0]!.id),
      amount: '420.00',
      reference,
      DOC: {
        name: 'deposito.png',
        mimeType: 'image/png',
        // A photo no other journey sends: the desk flags a photo already sent (reconciliation uses 41-44).
        buffer: makePng(900, 1200, project === 'phone' ? 61 : 62),
      },
    },
  });
  expect(((await sent.json()) as { status: string }).status).toBe('OK');
  await legacyCall(request, 'postChatMessage', {
    sid,
    text: 'Ya deposité mi cuota.',
    clientId: `ve-${project}-${Date.now()}`,
  });

  const cashier = cashierOf(project);
  await createStaffAccount(admin, { ...cashier, name: `Cajera VE ${project}`, role: 'cashier' });
  const desk = await staffPage(browser, testInfo, baseURL!);
  await logInStaff(desk, request, cashier);

  // 'Caja': the pending receipt, the declared amount; nothing scrolls sideways.
  await desk.goto('/backoffice/#/receipts');
  await desk.reload();
  const row = desk.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('L 420.00');
  await expect(row).toContainText('declarado');
  await expectNoSidewaysScroll(desk);
  await saveScreen(desk, testInfo, 've-cashier-queue');
  await expectNoAxeViolations(desk);
  await row.click();
  await expect(
    desk.getByRole('heading', { name: /^Comprobante #\d+ · L\s420\.00$/, level: 1 }),
  ).toBeVisible();
  await expectNoSidewaysScroll(desk);

  // 'Validar': the photo in view, the amount field empty, the declared amount beside it.
  await desk.getByRole('button', { name: 'Validar' }).click();
  const validate = desk.getByRole('dialog', { name: 'Validar comprobante' });
  const photo = validate.getByRole('img', { name: `Comprobante de depósito con referencia ${reference}` });
  const amount = validate.getByRole('textbox', { name: /^Monto recibido/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
  await expect(amount).toHaveValue('');
  await expect(amount).toBeFocused();
  const declared = validate.locator('#validate-declared');
  await expect(declared).toContainText('Declarado');
  await expect(declared).toBeInViewport();
  await expect(declared).toContainText('L 420.00');
  await expect(photo).toBeInViewport();
  await expect(amount).toBeInViewport();
  const photoBox = (await validate.getByRole('region', { name: /^Foto del comprobante/ }).boundingBox())!;
  const amountBox = (await amount.boundingBox())!;
  const declaredBox = (await declared.boundingBox())!;
  if (project === 'desktop') {
    // Side by side: the photo on the left of the fields, the declared amount beside the field.
    expect(photoBox.x + photoBox.width).toBeLessThanOrEqual(amountBox.x);
    expect(declaredBox.x).toBeGreaterThanOrEqual(amountBox.x + amountBox.width);
  } else {
    // Above on a phone.
    expect(photoBox.y + photoBox.height).toBeLessThanOrEqual(amountBox.y);
  }
  await expectNoSidewaysScroll(desk);
  await expectFitsSideways(desk.locator('.MuiDialogContent-root'));
  await expectNoAxeViolations(desk);
  await saveScreen(desk, testInfo, 've-validate-dialog', { fullPage: false });

  // Empty, nothing is sent; she types what the bank shows.
  await validate.getByRole('button', { name: 'Validar' }).click();
  await expect(validate.getByText('Escribe el monto recibido.')).toBeVisible();
  await expectNoAxeViolations(desk);
  await amount.fill('417.21');
  await validate.getByRole('button', { name: 'Validar' }).click();
  await expect(
    desk.getByText(
      /^Validación enviada a aprobación \(Por aprobar\): El monto recibido difiere del declarado\./,
    ),
  ).toBeVisible();
  // The receipt stays in view, waiting, with 'Siguiente' for the next one.
  await expect(validate).toBeHidden();
  await expect(desk.getByRole('button', { name: 'Siguiente' })).toBeFocused();
  await expect(desk.getByRole('region', { name: 'Datos del comprobante' })).toContainText(
    'Monto recibido (por aprobar)',
  );
  await expectNoAxeViolations(desk);
  await saveScreen(desk, testInfo, 've-after-validation');

  // A supervisor confirms it: L 417.21 is credited.
  const [waiting] = (await receiptsIn(admin, 'awaiting_approval')).filter((r) => r.reference === reference);
  await confirmReceiptApproval(admin, waiting!.id);

  // The receipt: the credited amount in its title and facts, the declared one kept beside.
  await desk.reload();
  await expect(
    desk.getByRole('heading', { name: /^Comprobante #\d+ · L\s417\.21$/, level: 1 }),
  ).toBeVisible();
  const facts = desk.getByRole('region', { name: 'Datos del comprobante' });
  await expect(facts).toContainText('Monto recibido (acreditado)L 417.21');
  await expect(facts).toContainText('Monto declaradoL 420.00');
  await expectNoSidewaysScroll(desk);
  await saveScreen(desk, testInfo, 've-receipt-credited');
  await expectNoAxeViolations(desk);

  // The queue's 'Validados': L 417.21 credited (L 420.00 declared); no sideways scroll.
  await desk.goto('/backoffice/#/receipts');
  await desk.reload();
  await desk.getByRole('tab', { name: /^Validados/ }).focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('tab', { name: /^Validados/ })).toHaveAttribute('aria-selected', 'true');
  const validated = desk.getByRole('row').filter({ hasText: reference });
  await expect(validated).toContainText('L 417.21');
  await expect(validated).toContainText('acreditado (declaró L 420.00)');
  await expectNoSidewaysScroll(desk);
  await saveScreen(desk, testInfo, 've-cashier-queue-validated');
  await expectNoAxeViolations(desk);

  // The borrower file: the receipt's credited amount.
  await validated.click();
  await desk.getByRole('link', { name: new RegExp(`^${person.UsrNom1} `, 'i') }).click();
  const receipts = desk.getByRole('table', { name: 'Comprobantes del cliente' });
  const inFile = receipts.getByRole('row').filter({ hasText: reference });
  await expect(inFile).toContainText('L 420.00');
  await expect(inFile).toContainText('L 417.21');
  await expect(receipts.getByRole('columnheader', { name: 'Acreditado' })).toBeVisible();
  await expectNoSidewaysScroll(desk);
  await receipts.scrollIntoViewIfNeeded();
  await saveScreen(desk, testInfo, 've-borrower-file');
  await expectNoAxeViolations(desk);

  // The chat's panel beside the conversation: the credited amount.
  const chats = (await (await admin.ctx.get('/api/backoffice/chats?pageSize=100')).json()) as {
    items: { id: number; borrower: { personCode: string } }[];
  };
  const conversation = chats.items.find((c) => c.borrower.personCode === person.UsrDNI);
  await desk.goto(`/backoffice/#/chats/${conversation!.id}/show`);
  const panel = desk.getByRole('complementary', { name: new RegExp(person.UsrNom1, 'i') });
  await expect(panel).toContainText(`Ref. ${reference} · L 417.21 acreditado`);
  await expectNoSidewaysScroll(desk);
  await saveScreen(desk, testInfo, 've-chat-panel');
  await expectNoAxeViolations(desk);

  await desk.context().close();

  // The loan file (read by the admin: a cashier does not see the census record): the census table
  // fits the phone.
  const office = await staffPage(browser, testInfo, baseURL!);
  await logInStaff(office, request, DEFAULT_ADMIN);
  await office.goto(`/backoffice/#/loans/${containerId}/show`);
  const census = office.getByRole('region', { name: 'Censo frente a lo declarado' });
  await expect(census).toBeVisible();
  await expectFitsSideways(census);
  await expectNoSidewaysScroll(office);
  await census.scrollIntoViewIfNeeded();
  await saveScreen(office, testInfo, 've-loan-file-census', { fullPage: false });
  await expectNoAxeViolations(office);
  await office.context().close();
});
