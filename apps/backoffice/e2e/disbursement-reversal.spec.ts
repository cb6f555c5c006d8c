import { expect, test } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson } from '../../../e2e/support/census';
import { accountNumberOf, legacyCall } from '../../../e2e/support/legacy-api';
import { BORROWER_PASSWORD, registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { demoCashier, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { countOutbox, nextCode, readOutbox } from '../../../e2e/support/outbox';
import { saveScreen } from '../../../e2e/support/screens';
import {
  DEFAULT_ADMIN,
  DEMO_SUPERVISOR,
  decideLoan,
  recordDisbursement,
  staffLogin,
  type StaffApi,
} from '../../../e2e/support/staff-api';
import { logInStaff, staffPage } from './support/staff';
import { E2E_TODAY } from '../../../e2e/support/server-clock';

// Issue 31, points 1, 3 and 4 on the loan file, on the real server and database: the admin who
// approved a loan sees 'Registrar desembolso' disabled with the reason; the demo cashier records it;
// the demo supervisor reverses it with a reason ('Revertir desembolso'), the loan goes back to
// 'Reunido' and the borrower gets the SMS; the cashier pays it out again, and once the borrower
// replaces their account the file warns that the loan still pays the contract's.
test.describe.configure({ mode: 'serial' });

/** Synthetic people of support/census-e2e.json that no other journey registers. */
const PEOPLE = {
  phone: censusPerson('0801199531003', { UsrMail: '531003.reversion@correo.hn', UsrTel: '97531003' }),
  desktop: censusPerson('0801199531004', { UsrMail: '531004.reversion@correo.hn', UsrTel: '97531004' }),
};

const REASON = 'El banco devolvió la transferencia: la cuenta no acepta depósitos.';

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

test('the approver cannot disburse; a supervisor reverses the disbursement with a reason; it is paid out again to the contract’s account', async ({
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name as keyof typeof PEOPLE;
  const person = PEOPLE[project];
  const borrower = await registerApprovedBorrower(request, admin, person);
  const loanId = await requestLoanThroughApi(request, borrower.sid);
  await decideLoan(admin, loanId, { decision: 'take' });
  await decideLoan(admin, loanId, { decision: 'approve' });

  // The admin approved it: the disbursement is shown, disabled, with the reason.
  const adminDesk = await staffPage(browser, testInfo, baseURL!);
  await logInStaff(adminDesk, request, DEFAULT_ADMIN);
  await adminDesk.goto(`/backoffice/#/loans/${loanId}/show`);
  const blocked = adminDesk.getByRole('button', { name: 'Registrar desembolso' });
  await expect(blocked).toBeDisabled();
  await expect(
    adminDesk.getByText(
      'Quien aprobó el préstamo no puede registrar su desembolso: otra persona debe hacerlo.',
    ),
  ).toBeVisible();
  await expect(adminDesk.getByText(`Cuenta del contrato (desembolso)`)).toBeVisible();
  await expect(adminDesk.getByText(`Banco Atlántida · ${accountNumberOf(person)}`).first()).toBeVisible();
  await adminDesk.context().close();

  // Another person (the demo cashier) records it.
  const cashier = await demoCashier(baseURL!);
  const paid = await recordDisbursement(cashier, loanId, {
    disbursedOn: E2E_TODAY,
    reference: `TRF-REV-${project}`,
  });
  expect(paid.status).toBe(3);

  // The supervisor reverses it from the loan file.
  const desk = await staffPage(browser, testInfo, baseURL!);
  await logInStaff(desk, request, DEMO_SUPERVISOR);
  await desk.goto(`/backoffice/#/loans/${loanId}/show`);
  await expect(desk.getByRole('heading', { name: 'Cuotas', exact: true })).toBeVisible();
  // By keyboard: the button is reachable and the dialog opens on the reason.
  await desk.getByRole('button', { name: 'Revertir desembolso' }).focus();
  await desk.keyboard.press('Enter');
  const dialog = desk.getByRole('dialog', { name: `Revertir el desembolso del préstamo #${loanId}` });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByLabel(/^Motivo de la reversión/);
  await expect(reason).toBeFocused();
  await expect(dialog).toContainText(`referencia TRF-REV-${project}`);
  await dialog.getByRole('button', { name: 'Revertir desembolso' }).click();
  await expect(dialog.getByText('Escribe el motivo de la reversión.')).toBeVisible();
  await saveScreen(desk, testInfo, 'disbursement-reversal-dialog', { fullPage: false });
  await expectNoAxeViolations(desk);
  const smsBefore = await countOutbox(request, person.UsrTel);
  await reason.fill(REASON);
  await dialog.getByRole('button', { name: 'Revertir desembolso' }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.getByText('Reunido').first()).toBeVisible();
  await expect(desk.getByRole('heading', { name: 'Cuotas', exact: true })).toHaveCount(0);
  const history = desk.locator('section[aria-labelledby="section-reversals"]');
  await expect(history).toContainText(REASON);
  await expect(history).toContainText(`TRF-REV-${project}`);
  await expect(desk.getByRole('button', { name: 'Revertir desembolso' })).toHaveCount(0);
  await saveScreen(desk, testInfo, 'disbursement-reversed');
  await expectNoAxeViolations(desk);
  await expect.poll(async () => (await readOutbox(request, person.UsrTel)).length).toBeGreaterThan(smsBefore);
  expect((await readOutbox(request, person.UsrTel))[0]!.body).toContain(
    'Revertimos el depósito de tu préstamo',
  );

  // Paid out again: a fresh schedule.
  await recordDisbursement(cashier, loanId, { disbursedOn: E2E_TODAY, reference: `TRF-REV2-${project}` });

  // The borrower replaces their account (allowed once the loan is paid out): the file warns.
  const newAccount = `47${person.UsrDNI.slice(-6)}`;
  const codesBefore = await countOutbox(request, person.UsrTel);
  await legacyCall(request, 'sendBankAccountCode', {
    sid: borrower.sid,
    UsrBan: '2',
    UsrBanNum: newAccount,
    UsrPwd: BORROWER_PASSWORD,
  });
  await legacyCall(request, 'putProfile', {
    sid: borrower.sid,
    array: {
      bank: '2',
      account_number: newAccount,
      UsrPwd: BORROWER_PASSWORD,
      OtpLNum: await nextCode(request, person.UsrTel, codesBefore),
    },
  });
  await desk.reload();
  await expect(desk.getByRole('heading', { name: 'Cuotas', exact: true })).toBeVisible();
  await expect(
    desk.getByText(
      'La cuenta actual del perfil es distinta de la cuenta aceptada con el contrato; el desembolso se hace a la cuenta del contrato.',
    ),
  ).toBeVisible();
  await expect(desk.getByText(`BAC Credomatic · ${newAccount}`)).toBeVisible();
  await saveScreen(desk, testInfo, 'loan-file-payout-account-warning');
  await expectNoAxeViolations(desk);
  await desk.context().close();
});
