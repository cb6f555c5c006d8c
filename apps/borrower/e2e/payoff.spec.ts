import { expect, test, type APIRequestContext, type Page } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { storeBorrowerSession, type BorrowerSession } from '../../../e2e/support/borrower-browser';
import { censusPerson } from '../../../e2e/support/census';
import { makePng } from '../../../e2e/support/images';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import {
  loanPayoff,
  pendingReceipts,
  staffLogin,
  validateReceipt,
  type StaffApi,
} from '../../../e2e/support/staff-api';
import { todayInHondurasAt } from '../../../e2e/support/server-clock';

// Decision 014, point 4, the borrower side on the real server and database: a loan disbursed today
// (L 1,000 monthly over 90 days, L 1,251.63 in all) is paid off on day 0 with principal and the
// current fee, L 1,050.00: /plan shows 'Liquidar préstamo' with that amount and its parts, and the
// button opens 'Subir Archivo BAC' with the amount filled in, which sends the receipt. The server's
// clock starts at 10:00 today (playwright.config.ts); the browser's is fixed at the same time.
test.describe.configure({ mode: 'serial' });

/** People of e2e/support/census-e2e.json kept for this journey; one per project. */
const PEOPLE = {
  phone: censusPerson('0801199100062', { UsrMail: 'rosa.liquida@correo.hn', UsrTel: '97400062' }),
  desktop: censusPerson('0801199100063', { UsrMail: 'mario.liquida@correo.hn', UsrTel: '97400063' }),
};

const RECEIPT_PHOTO = { name: 'deposito.png', mimeType: 'image/png', buffer: makePng(900, 1200, 5) };

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

const borrowers = new Map<string, Promise<BorrowerSession & { containerId: number }>>();

/** This project's borrower with the loan disbursed today, prepared once per run. */
function disbursedBorrower(request: APIRequestContext, project: 'phone' | 'desktop') {
  let borrower = borrowers.get(project);
  if (!borrower) {
    borrower = (async () => {
      const { sid, data } = await registerApprovedBorrower(request, admin, PEOPLE[project]);
      const containerId = await requestLoanThroughApi(request, sid);
      await disburseLoanForTest(admin, containerId, {
        disbursedOn: todayInHondurasAt('10:00').toISOString().slice(0, 10),
        reference: `TRF-LIQ-${project}`,
      });
      return { sid, data, containerId };
    })();
    borrowers.set(project, borrower);
  }
  return borrower;
}

async function openPlan(page: Page, session: BorrowerSession) {
  await storeBorrowerSession(page, session);
  await page.goto('/#/plan');
}

test("'Liquidar préstamo' shows today's payoff and opens the receipt dialog with it, which sends it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const borrower = await disbursedBorrower(request, project);
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await openPlan(page, borrower);

  // Day 0: principal L 1,000.00 and the first month's fee L 50.00; no interest yet.
  const section = page.getByRole('region', { name: 'Liquidar préstamo' });
  await expect(section.getByText('L 1,050.00', { exact: true })).toBeVisible();
  await expect(section.getByRole('term')).toHaveText([
    'Capital',
    'Intereses a hoy',
    'Gastos administrativos',
  ]);
  await expect(section.getByRole('definition')).toHaveText(['L 1,000.00', 'L 0.00', 'L 50.00']);
  await saveScreen(page, testInfo, 'plan-payoff');
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // By keyboard: the button opens 'Subir Archivo BAC' with the payoff as 'Monto a Pagar'.
  const payOff = section.getByRole('button', { name: 'Liquidar préstamo (L 1,050.00)' });
  await payOff.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Subir Archivo BAC' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Monto a Pagar/)).toHaveValue('1050.00');
  await expect(dialog.getByText('Liquidación del préstamo: L 1,050.00')).toBeVisible();
  await expectNoAxeViolations(page);
  // Escape closes it and gives the focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(payOff).toBeFocused();

  await payOff.click();
  await expect(dialog.getByLabel(/^Monto a Pagar/)).toHaveValue('1050.00');
  await dialog.getByLabel(/^Número de Referencia/).fill(`LIQ${project.toUpperCase()}`);
  await dialog.locator('input[type="file"]').setInputFiles(RECEIPT_PHOTO);
  let body: Buffer | null = null;
  await page.route('**/api/app/send_recipemail.php', async (route) => {
    body = route.request().postDataBuffer();
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Enviar comprobante' }).click();
  await expect(page.getByText('¡Comprobante enviado con éxito!')).toBeVisible();
  await expect(dialog).toBeHidden();
  // The dialog sends the amount as the number it reads (1050.00 is 1050).
  expect(body!.toString('latin1')).toMatch(/name="amount"\r\n\r\n1050(\.00)?\r\n/);
  const receipt = (await pendingReceipts(admin)).find((r) => r.reference === `LIQ${project.toUpperCase()}`);
  expect(receipt).toBeDefined();
});

test('a validated receipt for the payoff closes the loan', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const borrower = await disbursedBorrower(request, project);
  const receipt = (await pendingReceipts(admin)).find((r) => r.reference === `LIQ${project.toUpperCase()}`);
  await validateReceipt(admin, receipt!.id, '1050.00');
  expect(await loanPayoff(admin, borrower.containerId)).toMatchObject({ status: 4, creditCents: 0 });
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await storeBorrowerSession(page, borrower);
  await page.goto(`/#/plan/${borrower.containerId}`);
  const block = page.getByRole('region', { name: 'Información del préstamo' });
  await expect(block.getByText('Pagado', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Liquidar préstamo/ })).toHaveCount(0);
});
