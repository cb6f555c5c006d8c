import { expect, test } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson } from '../../../e2e/support/census';
import { E2E_BASE_URL } from '../../../e2e/support/e2e-env';
import { makePng } from '../../../e2e/support/images';
import { legacyCall } from '../../../e2e/support/legacy-api';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import {
  createStaffAccount,
  staffLogin,
  validateReceipt,
  type StaffApi,
} from '../../../e2e/support/staff-api';
import { logInStaff, staffPage } from './support/staff';
import { E2E_TODAY } from '../../../e2e/support/server-clock';

// Issue 31 point 4 on the real server and database: a cashier validated a receipt that paid the
// first instalment; a supervisor reverses it with a reason, reads who, when and why, and the
// schedule is open again. Axe on the dialog and the reversed receipt.
test.describe.configure({ mode: 'serial' });

const PEOPLE = {
  phone: censusPerson('0801199531005', { UsrMail: 'marta.revertir@correo.hn', UsrTel: '97320003' }),
  desktop: censusPerson('0801199531006', { UsrMail: 'raul.revertir@correo.hn', UsrTel: '97320004' }),
};
const REASON = 'El banco devolvió el depósito por fondos insuficientes.';

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

test('a supervisor reverses a validated payment: the receipt reads Revertido with why, the first instalment is owed again', async ({
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const { sid } = await registerApprovedBorrower(request, admin, PEOPLE[project]);
  const containerId = await requestLoanThroughApi(request, sid);
  await disburseLoanForTest(admin, containerId, {
    disbursedOn: E2E_TODAY,
    reference: `TRF-REVERTIR-${project}`,
  });
  const schedule = (await legacyCall(request, 'getBorrowerRepaymentSchedule', {
    sid,
    ContainerId: containerId,
  })) as unknown as { id: number }[];
  const reference = `REVERTIR${project.toUpperCase()}1`;
  const sent = await request.post(`${E2E_BASE_URL}/api/app/send_recipemail.php`, {
    multipart: {
      sid,
      containerId: String(containerId),
      idpago: String(schedule[0]!.id),
      amount: '417.21',
      reference,
      DOC: {
        name: 'deposito.png',
        mimeType: 'image/png',
        buffer: makePng(900, 1200, project === 'phone' ? 51 : 52),
      },
    },
  });
  const receiptId = ((await sent.json()) as { payload: { receipt_id: number } }).payload.receipt_id;
  await validateReceipt(admin, receiptId, '417.21');

  const account = {
    email: `supervisora.revertir.${project}@prestamos.local`,
    password: 'Supervisora#2026-e2e',
  };
  await createStaffAccount(admin, {
    ...account,
    name: `Supervisora revertir ${project}`,
    role: 'supervisor',
  });
  const desk = await staffPage(browser, testInfo, baseURL!);
  await logInStaff(desk, request, account);
  await desk.goto(`/backoffice/#/receipts/${receiptId}/show`);
  await expect(desk.getByRole('heading', { name: /^Comprobante #\d+/, level: 1 })).toBeVisible();
  await expect(desk.getByText('Validado', { exact: true }).first()).toBeVisible();

  await desk.getByRole('button', { name: 'Revertir pago' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Revertir pago' });
  const reason = dialog.getByRole('textbox', { name: /^Motivo de la reversión/ });
  await expect(reason).toBeFocused();
  await dialog.getByRole('button', { name: 'Revertir pago' }).click();
  await expect(dialog.getByText('Escribe el motivo de la reversión: el cliente lo leerá.')).toBeVisible();
  await expectNoAxeViolations(desk);
  await saveScreen(desk, testInfo, 'receipt-reversal-dialog', { fullPage: false });
  await reason.fill(REASON);
  await dialog.getByRole('button', { name: 'Revertir pago' }).click();

  await expect(desk.getByText('Pago revertido. Le avisamos al cliente el motivo.')).toBeVisible();
  const reversed = desk.getByRole('status').filter({ hasText: 'Pago revertido' });
  await expect(reversed).toContainText(`Supervisora revertir ${project} revirtió este pago`);
  await expect(reversed).toContainText(REASON);
  await expect(desk.getByRole('button', { name: 'Revertir pago' })).toHaveCount(0);
  // The schedule owes the first instalment again, in full.
  const plan = desk.getByRole('table', { name: 'Plan de pagos del préstamo' });
  await expect(plan.getByRole('row').nth(1)).toContainText('L 417.21');
  await saveScreen(desk, testInfo, 'receipt-reversed');
  await expectNoAxeViolations(desk);

  await desk.context().close();
});
