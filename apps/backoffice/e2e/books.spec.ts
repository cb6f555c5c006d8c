import { expect, test } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson } from '../../../e2e/support/census';
import { E2E_BASE_URL } from '../../../e2e/support/e2e-env';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import { staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { logInStaff, openMenu } from './support/staff';
import { E2E_TODAY } from '../../../e2e/support/server-clock';

// Decision 015 (the books) on the real server and database: a loan is disbursed through the APIs,
// then a supervisor opens 'Contabilidad', reads the trial balance of today (balanced, the portfolio
// holding the loan), downloads nothing but sees the CSV link, and opens the bank account's ledger.
test.describe.configure({ mode: 'serial' });

const PEOPLE = {
  phone: censusPerson('0801198900071', { UsrMail: 'rosa.libros@correo.hn', UsrTel: '97415071' }),
  desktop: censusPerson('0801198900072', { UsrMail: 'jose.libros@correo.hn', UsrTel: '97415072' }),
};
const PASSWORD = 'Libros#2026';

let admin: StaffApi;
test.beforeAll(async () => {
  admin = await staffLogin(E2E_BASE_URL);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

/** Today in Honduras (UTC−6), as the server's clock reads it (the e2e server starts at 10:00 today). */
/** Today as the back-office writes dates: dd/mm/aaaa. */
const todayShown = () => E2E_TODAY.split('-').reverse().join('/');

/** A menu entry: in the sidebar on a desktop, behind the menu button on a phone. */
test('a supervisor opens Contabilidad: the trial balance is balanced and an account opens its ledger', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  // A loan of L 1,000.00 disbursed today: Dr Cartera de préstamos / Cr Bancos.
  const { sid } = await registerApprovedBorrower(request, admin, PEOPLE[project]);
  const loanId = await requestLoanThroughApi(request, sid);
  await disburseLoanForTest(admin, loanId, {
    disbursedOn: E2E_TODAY,
    reference: `TRF-LIBROS-${project}`,
  });

  const supervisor = { email: `supervisora.libros.${project}@prestamos.test`, password: PASSWORD };
  const created = await admin.ctx.post('/api/backoffice/staff', {
    data: { ...supervisor, name: `Supervisora libros ${project}`, role: 'supervisor' },
    headers: { 'x-csrf-token': admin.csrf },
  });
  expect(created.status(), await created.text()).toBe(200);
  await logInStaff(page, request, supervisor);

  await openMenu(page, 'Contabilidad');
  await expect(page.getByRole('heading', { name: 'Contabilidad', level: 1 })).toBeVisible();
  const trial = page.getByRole('region', { name: 'Balance de comprobación' });
  await expect(trial.getByText(`Cuadrado al ${todayShown()}`)).toBeVisible();
  const table = trial.getByRole('table', { name: `Balance de comprobación al ${todayShown()}` });
  await expect(table.getByRole('link', { name: '1201 Cartera de préstamos' })).toBeVisible();
  await expect(table.getByRole('row', { name: /Totales/ })).toBeVisible();
  const csv = trial.getByRole('link', { name: 'Descargar CSV' });
  await expect(csv).toHaveAttribute('href', '/api/backoffice/accounting/journal.csv');
  // The journal lists the disbursement of this loan.
  const journal = page.getByRole('region', { name: 'Libro diario' });
  await journal.getByLabel('Préstamo n.º').fill(String(loanId));
  await expect(
    journal.getByRole('cell', {
      name: `Desembolso del préstamo n.º ${loanId}, referencia TRF-LIBROS-${project}`,
    }),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'books-trial-balance');
  await expectNoAxeViolations(page);

  // The bank's ledger: the disbursement went out of it, with the running balance.
  await table.getByRole('link', { name: '1101 Bancos' }).click();
  await expect(page.getByRole('heading', { name: 'Mayor de la cuenta 1101 Bancos' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Movimientos de 1101 Bancos' });
  await expect(
    lines.getByRole('row', { name: new RegExp(`Desembolso del préstamo n.º ${loanId},`) }),
  ).toBeVisible();
  await expect(page.getByText('Saldo final')).toBeVisible();
  await saveScreen(page, testInfo, 'books-ledger');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Volver a Contabilidad' }).click();
  await expect(page.getByRole('heading', { name: 'Contabilidad', level: 1 })).toBeVisible();
});
