import { expect, test, type APIRequestContext } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { storeBorrowerSession } from '../../../e2e/support/borrower-browser';
import { censusPerson } from '../../../e2e/support/census';
import { E2E_BASE_URL } from '../../../e2e/support/e2e-env';
import { makePng } from '../../../e2e/support/images';
import { legacyCall } from '../../../e2e/support/legacy-api';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { readOutbox } from '../../../e2e/support/outbox';
import { saveScreen } from '../../../e2e/support/screens';
import {
  createStaffAccount,
  loanPayoff,
  pendingReceipts,
  staffLogin,
  validateReceipt,
  type StaffApi,
} from '../../../e2e/support/staff-api';
import { logInStaff, staffPage } from './support/staff';
import { todayInHondurasAt } from '../../../e2e/support/server-clock';

// Decision 014, point 5, both sides on the real server and database: a borrower pays L 25.00 more
// than the whole loan (L 1,251.63) in one receipt, validated at 10:00 (server clock): the loan is
// paid (4) and the money left is the borrower's credit. /historial and /plan show 'Saldo a tu
// favor'; a cashier opens the loan file's 'Liquidación' and gives it back with 'Devolver saldo';
// the borrower gets the SMS.
test.describe.configure({ mode: 'serial' });

const PEOPLE = {
  phone: censusPerson('0801199000060', { UsrMail: 'lucia.saldo@correo.hn', UsrTel: '97400060' }),
  desktop: censusPerson('0801199000061', { UsrMail: 'pedro.saldo@correo.hn', UsrTel: '97400061' }),
};

const RECEIPT_PHOTO = { name: 'deposito.png', mimeType: 'image/png', buffer: makePng(900, 1200, 9) };

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

/** A borrower whose loan was paid with L 25.00 too much: validated, applied, 4 Pagado. */
async function paidWithCredit(request: APIRequestContext, project: 'phone' | 'desktop') {
  const { sid, data } = await registerApprovedBorrower(request, admin, PEOPLE[project]);
  const containerId = await requestLoanThroughApi(request, sid);
  await disburseLoanForTest(admin, containerId, {
    disbursedOn: todayInHondurasAt('10:00').toISOString().slice(0, 10),
    reference: `TRF-SALDO-${project}`,
  });
  const schedule = (await legacyCall(request, 'getBorrowerRepaymentSchedule', {
    sid,
    ContainerId: containerId,
  })) as unknown as { id: number }[];
  const reference = `SALDO${project.toUpperCase()}`;
  const sent = await request.post(`${E2E_BASE_URL}/api/app/send_recipemail.php`, {
    multipart: {
      sid,
      containerId: String(containerId),
      idpago: String(schedule[0]!.id),
      amount: '1276.63',
      reference,
      DOC: RECEIPT_PHOTO,
    },
  });
  expect(((await sent.json()) as { status: string }).status).toBe('OK');
  const receipt = (await pendingReceipts(admin)).find((r) => r.reference === reference);
  await validateReceipt(admin, receipt!.id, '1276.63');
  return { sid, data, containerId };
}

test("a paid loan's credit: 'Saldo a tu favor' for the borrower, 'Devolver saldo' for the cashier, and the SMS", async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const borrower = await paidWithCredit(request, project);
  const view = await loanPayoff(admin, borrower.containerId);
  expect(view).toMatchObject({ status: 4, quote: null });
  // L 25.00 paid above the contract (closing by the payoff may credit back more: read it).
  expect(view.creditCents).toBeGreaterThanOrEqual(2_500);
  const credit = `L ${(view.creditCents / 100).toFixed(2)}`;

  // The borrower: /historial shows the paid loan's credit and opens its plan, which shows it too.
  await page.clock.setFixedTime(todayInHondurasAt('10:00'));
  await storeBorrowerSession(page, borrower);
  await page.goto('/#/historial');
  const item = page.getByRole('list', { name: 'Préstamos' }).getByRole('listitem').first();
  await expect(item).toContainText(`Pagado · Saldo a tu favor: ${credit}`);
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/plan/${borrower.containerId}$`));
  await expect(page.getByText(`Saldo a tu favor: ${credit}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar comprobante BAC' })).toHaveCount(0);
  await saveScreen(page, testInfo, 'plan-credit');
  await expectNoAxeViolations(page);

  // A cashier opens the loan file: 'Liquidación' shows the credit and 'Devolver saldo'.
  const cashier = { email: `cajera.saldo.${project}@prestamos.local`, password: 'Cajera#2026-saldo' };
  await createStaffAccount(admin, { ...cashier, name: `Cajera saldo ${project}`, role: 'cashier' });
  const desk = await staffPage(browser, testInfo, baseURL!);
  await logInStaff(desk, request, cashier);
  await desk.goto(`/backoffice/#/loans/${borrower.containerId}/show`);
  const section = desk.getByRole('region', { name: 'Liquidación' });
  await expect(section.getByText(credit, { exact: true })).toBeVisible();
  await expect(section.getByText('Saldo a tu favor')).toBeVisible();

  // By keyboard: the dialog opens on the amount, filled with the whole credit.
  await section.getByRole('button', { name: 'Devolver saldo' }).focus();
  await desk.keyboard.press('Enter');
  const dialog = desk.getByRole('dialog', {
    name: `Devolver el saldo a favor del préstamo #${borrower.containerId}`,
  });
  const amount = dialog.getByLabel(/^Monto a devolver/);
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue(credit.slice(2).replaceAll(',', ''));
  await dialog.getByRole('button', { name: 'Devolver saldo' }).click();
  await expect(dialog.getByText('Escribe la referencia bancaria de la devolución.')).toBeVisible();
  await saveScreen(desk, testInfo, 'refund-dialog', { fullPage: false });
  await expectNoAxeViolations(desk);
  // More than the credit: the server refuses it and the dialog stays.
  await amount.fill(((view.creditCents + 1) / 100).toFixed(2));
  await dialog.getByLabel(/^Referencia bancaria/).fill(`DEV-${project}`);
  await dialog.getByRole('button', { name: 'Devolver saldo' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `No puedes devolver más que el saldo a favor del préstamo (${credit}).`,
  );
  await amount.fill(credit.slice(2).replaceAll(',', ''));
  await dialog.getByRole('button', { name: 'Devolver saldo' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText('El préstamo está pagado y no tiene saldo a favor.')).toBeVisible();

  // The borrower's SMS.
  await expect
    .poll(async () => (await readOutbox(request, PEOPLE[project].UsrTel)).map((m) => m.body).join('\n'))
    .toContain(
      `Te devolvimos ${credit} de tu saldo a favor del préstamo n.º ${borrower.containerId}. Referencia: DEV-${project}.`,
    );
  await desk.context().close();
});
