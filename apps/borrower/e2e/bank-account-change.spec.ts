import { expect, test } from '../../../e2e/support/test';
import { BANK_ACCOUNT_LOCKED_MESSAGE } from '@prestamos-hn/domain';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson } from '../../../e2e/support/census';
import { accountNumberOf, legacyPost } from '../../../e2e/support/legacy-api';
import {
  approvedBorrower,
  BORROWER_PASSWORD,
  expectNoSidewaysScroll,
  MONTHLY,
  openApplication,
  productTile,
} from '../../../e2e/support/loan-application';
import { countOutbox, nextCode, readOutbox } from '../../../e2e/support/outbox';
import { saveScreen } from '../../../e2e/support/screens';
import { staffLogin, type StaffApi } from '../../../e2e/support/staff-api';

// Issue 31, point 1: in the loan request's step 2 an approved borrower replaces the account the loan
// is paid into; the change takes the current password and a code sent by SMS to their phone, they
// are told in the app, by SMS and by e-mail, and the contract they accept names the new account.
// Once the request is sent, the account cannot change until it is disbursed or closed.

/** Synthetic people of support/census-e2e.json that no other journey registers. */
const PEOPLE = {
  phone: censusPerson('0801199531001', { UsrMail: '531001.cuenta@correo.hn', UsrTel: '97531001' }),
  desktop: censusPerson('0801199531002', { UsrMail: '531002.cuenta@correo.hn', UsrTel: '97531002' }),
};

let staff: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  staff = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await staff?.ctx.dispose();
});

test('in step 2 the borrower replaces the account with the password and an SMS code, and the contract names the new one', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const person = PEOPLE[testInfo.project.name as keyof typeof PEOPLE];
  const newAccount = `45${person.UsrDNI.slice(-6)}`;
  const borrower = await approvedBorrower(request, staff, person);
  await openApplication(page, context, borrower);

  await productTile(page, MONTHLY.name).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitud de préstamo' });
  const next = dialog.getByRole('button', { name: 'Continuar' });
  await dialog.getByLabel(/Monto \(L\)/).fill('1000');
  await dialog.getByLabel(/Plazo/).selectOption({ label: '90 días (3 pagos)' });
  await dialog.getByLabel(/Destino del préstamo/).selectOption({ label: 'Capital de trabajo' });
  await next.click();
  await expect(dialog.getByRole('definition').filter({ hasText: accountNumberOf(person) })).toBeVisible();

  // 'Cambiar cuenta': the bank and number, then the confirmation.
  await dialog.getByRole('button', { name: 'Cambiar cuenta' }).click();
  const form = dialog.getByRole('form', { name: 'Cambiar cuenta bancaria' });
  await form.getByLabel('Banco').selectOption({ label: 'BAC Credomatic' });
  await form.getByLabel('Número de cuenta').fill(newAccount);
  await form.getByRole('button', { name: 'Guardar cuenta' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirma tu nueva cuenta bancaria' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(`Nueva cuenta: BAC Credomatic · ${newAccount}`)).toBeVisible();
  const sendCode = confirm.getByRole('button', { name: 'Enviar código' });
  await expect(sendCode).toBeDisabled();

  // A wrong password: said on its field, and no SMS.
  const smsBefore = await countOutbox(request, person.UsrTel);
  await confirm.getByLabel('Contraseña actual').fill('NoEsMiClave#1');
  await sendCode.click();
  await expect(confirm.getByRole('alert')).toHaveText('La contraseña actual no es correcta.');
  expect(await countOutbox(request, person.UsrTel)).toBe(smsBefore);
  await saveScreen(page, testInfo, 'bank-account-wrong-password', { fullPage: false });
  await expectNoAxeViolations(page);

  await confirm.getByLabel('Contraseña actual').fill(BORROWER_PASSWORD);
  await sendCode.click();
  await expect(confirm.getByRole('status')).toHaveText(
    'Te enviamos un código por SMS a tu teléfono para confirmar tu nueva cuenta bancaria.',
  );
  const code = await nextCode(request, person.UsrTel, smsBefore);
  const sms = (await readOutbox(request, person.UsrTel))[0]!.body;
  expect(sms).toContain(`terminada en ${newAccount.slice(-4)}`);
  await confirm.getByLabel('Código').fill(code);
  await saveScreen(page, testInfo, 'bank-account-code', { fullPage: false });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  const noticesBefore = await countOutbox(request, person.UsrMail);
  await confirm.getByRole('button', { name: 'Confirmar cambio' }).click();
  await expect(confirm).toBeHidden();

  // Back in step 2: the new account, to confirm again.
  await expect(dialog.getByText('Guardamos tu nueva cuenta. Confírmala para continuar.')).toBeVisible();
  await expect(dialog.getByRole('definition').filter({ hasText: newAccount })).toBeVisible();
  await expect(next).toBeDisabled();
  await dialog
    .getByRole('checkbox', { name: /Confirmo que quiero recibir mi préstamo en esta cuenta/ })
    .check();
  // Told by e-mail (and SMS, and in the app) that the account changed.
  await expect
    .poll(async () => (await readOutbox(request, person.UsrMail)).length)
    .toBeGreaterThan(noticesBefore);
  expect((await readOutbox(request, person.UsrMail))[0]!.subject).toContain('Cambiaste tu cuenta bancaria');
  expect((await readOutbox(request, person.UsrTel))[0]!.body).toContain('Cambiaste tu cuenta bancaria');

  // The contract accepted with the request names the new account.
  await next.click();
  await expect(page.frameLocator('iframe[title="Contrato de préstamo"]').locator('body')).toContainText(
    newAccount,
  );
  await dialog.getByRole('checkbox', { name: 'He leído y acepto el contrato.' }).check();
  await dialog.getByRole('checkbox', { name: 'He leído y acepto el pagaré.' }).check();
  await dialog.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('dialog', { name: '¡Solicitud enviada!' })).toBeVisible();

  // With the request in progress (0 Enviado) the account is locked, and the refusal says why.
  const locked = await legacyPost(request, 'sendBankAccountCode', {
    sid: borrower.sid,
    UsrBan: '1',
    UsrBanNum: `46${person.UsrDNI.slice(-6)}`,
    UsrPwd: BORROWER_PASSWORD,
  });
  expect(locked).toMatchObject({ status: 'ER', payload: { message: BANK_ACCOUNT_LOCKED_MESSAGE } });
});
