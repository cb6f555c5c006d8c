import { expect, test, type APIRequestContext } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import {
  holdAppCode,
  storeBorrowerSession,
  type BorrowerSession,
} from '../../../e2e/support/borrower-browser';
import { censusPerson } from '../../../e2e/support/census';
import { watchConsoleErrors } from '../../../e2e/support/console-errors';
import { watchCspViolations } from '../../../e2e/support/csp';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import { todayInHondurasAt } from '../../../e2e/support/server-clock';
import { staffLogin, type StaffApi } from '../../../e2e/support/staff-api';

// Decision 024 (issue 33): a logged-in screen's first visit paints the borrower's own data before the
// app's code has arrived. The page asks the server for the screen (POST /api/first-screen with its
// session), the server renders it with the app's own code and the borrower's answers, and the app
// hydrates it: same nodes, same answers, no call asked for again, nothing in the console.
test.describe.configure({ mode: 'serial' });

/** People of support/census-e2e.json no other journey registers; each project its own. */
const PEOPLE = {
  phone: censusPerson('0801198800052', { UsrMail: 'marlon.primera@correo.hn', UsrTel: '97300052' }),
  desktop: censusPerson('0801198800053', { UsrMail: 'wendy.primera@correo.hn', UsrTel: '97300053' }),
};

let staff: StaffApi;
let payer: Promise<BorrowerSession> | undefined;
test.beforeAll(async ({ baseURL }) => {
  staff = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await staff?.ctx.dispose();
});

/** This project's borrower with a loan disbursed today (L 1,000 monthly over 90 days), once per run. */
function payerSession(request: APIRequestContext): Promise<BorrowerSession> {
  payer ??= (async () => {
    const person = PEOPLE[test.info().project.name as 'phone' | 'desktop'];
    const { sid, data } = await registerApprovedBorrower(request, staff, person);
    const containerId = await requestLoanThroughApi(request, sid);
    await disburseLoanForTest(staff, containerId, {
      disbursedOn: todayInHondurasAt('10:00').toISOString().slice(0, 10),
      reference: `TRF-PRIMERA-${test.info().project.name.toUpperCase()}`,
    });
    return { sid, data };
  })();
  return payer;
}

test("/plan's first visit paints the loan from the server before the app's code, and the app takes it over as it is", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await storeBorrowerSession(page, await payerSession(request));
  const errors = watchConsoleErrors(page);
  const violations = await watchCspViolations(page);
  const calls: string[] = [];
  page.on('request', (sent) => {
    const call = /\/api\/(app\/\w+\.php|first-screen)/.exec(sent.url())?.[1];
    if (call) calls.push(call);
  });
  // The app's code waits until the test lets it through.
  const letThrough = await holdAppCode(page);

  await page.goto('/#/plan', { waitUntil: 'domcontentloaded' });
  // On the screen with no module of the app: the server's.
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'servidor');
  await expect(page.getByRole('heading', { name: 'Plan', level: 1 })).toBeVisible();
  const block = page.getByRole('region', { name: 'Información del préstamo' });
  await expect(block.getByText('Pagando')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Cuotas' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Pago 1/3');
  await expect(rows.first()).toContainText('L 417.21');
  await expect(page.getByRole('region', { name: 'Dónde pagar' })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreen(page, testInfo, 'plan-from-the-server');
  // The page sent the screen's request alone; the server made the calls.
  expect(calls).toEqual(['first-screen']);
  await page.evaluate(() => document.querySelector('main')!.setAttribute('data-kept', ''));
  // A tap before the app has arrived is kept for it, not lost.
  await page.getByRole('button', { name: 'Enviar comprobante BAC' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  letThrough();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  // Hydrated: the same nodes, now the app's, and the tap made before reached it.
  await expect(page.locator('main[data-kept]')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'Subir Archivo BAC' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // The app used the server's answers: none of the plan's calls was asked for again.
  const planCalls =
    /getCustomerOfferList|getBorrowerRepaymentSchedule|getWalletInfo|getPayoffQuote|getCollectionAccounts|getLoanPayments/;
  expect(calls.filter((call) => planCalls.test(call))).toEqual([]);
  expect(errors).toEqual([]);
  expect(await violations()).toEqual([]);
});

test('/perfil and /historial likewise: painted from the server, hydrated with nothing in the console', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await storeBorrowerSession(page, await payerSession(request));
  const errors = watchConsoleErrors(page);
  const firstScreens: number[] = [];
  page.on('response', (answer) => {
    if (answer.url().endsWith('/api/first-screen')) firstScreens.push(answer.status());
  });

  await page.goto('/#/perfil');
  await expect(page.getByText('Número de cliente')).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await page.goto('about:blank');
  await page.goto('/#/historial');
  await expect(page.getByRole('heading', { name: 'Historial', level: 1 })).toBeVisible();
  await expect(page.getByText('Pagando')).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await page.waitForLoadState('networkidle');
  expect(firstScreens).toEqual([200, 200]);
  expect(errors).toEqual([]);
});
