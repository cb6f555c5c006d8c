import { expect, test, type APIRequestContext, type Page } from '../../../e2e/support/test';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { E2E_DATABASE_URL } from '../../../e2e/support/e2e-env';
import { censusPerson, type CensusPerson } from '../../../e2e/support/census';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { createStaffAccount, staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { logInStaff } from './support/staff';
import { E2E_TODAY } from '../../../e2e/support/server-clock';

// Issue 13's back-office: an admin opens 'Cobranza' and 'Cartera', downloads their CSVs, and (on
// PostgreSQL, where the fixture can make a disbursed loan 40 days late with SQL: the embedded
// database belongs to the server process) records a promise to pay and moves the loan to 9 Alguacil.
// Both screens pass axe-core; the charts are described by the tables of their numbers.
test.describe.configure({ mode: 'serial' });

/** People of e2e/support/census-e2e.json kept for this journey; one per project. */
const PEOPLE = {
  phone: censusPerson('0801199870019', { UsrMail: 'francisco.cobranza@correo.hn', UsrTel: '97300119' }),
  desktop: censusPerson('0801199970020', { UsrMail: 'elena.cobranza@correo.hn', UsrTel: '97300120' }),
};

const collectorOf = (project: string) => ({
  email: `cobranza.${project}@prestamos.local`,
  password: 'Cobranza#2026-e2e',
});

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

/** Today as the back-office writes dates: dd/mm/aaaa. */
const todayShown = () => E2E_TODAY.split('-').reverse().join('/');

/** Registered, approved, requests the desks' loan; approved and disbursed today. */
async function disbursedLoan(request: APIRequestContext, person: CensusPerson) {
  const { sid } = await registerApprovedBorrower(request, admin, person);
  const loanId = await requestLoanThroughApi(request, sid);
  await disburseLoanForTest(admin, loanId, {
    disbursedOn: E2E_TODAY,
    reference: `TRF-COB-${loanId}`,
  });
  return loanId;
}

/** The fixture: the loan's first instalment due 40 days ago (70 days earlier) and the loan 8 Atrasado, as the daily run would leave it. */
async function makeLate(loanId: number) {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      'update instalments set due_date = due_date - 70, status = 3 where loan_id = $1 and position = 1',
      [loanId],
    );
    await client.query('update loans set status = 8 where id = $1', [loanId]);
  } finally {
    await client.end();
  }
}

/**
 * Clicks a download link and answers the file's name and text. On the phone project (an emulated
 * mobile Chromium fires no download event) the link's address is fetched with the page's cookies.
 */
async function download(page: Page, name: string) {
  const link = page.getByRole('link', { name }).first();
  if (test.info().project.name === 'phone') {
    const href = (await link.getAttribute('href'))!;
    const answer = await page.request.get(href);
    expect(answer.status()).toBe(200);
    const filename = /filename="([^"]+)"/.exec(answer.headers()['content-disposition'] ?? '')?.[1];
    return { filename, text: await answer.text() };
  }
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).first().click(),
  ]);
  return { filename: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test('Cobranza and Cartera: the queue, a promise to pay, a stage change, the CSVs and the charts', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const collector = collectorOf(project);
  await createStaffAccount(admin, { ...collector, name: `Cobranza ${project}`, role: 'admin' });
  const loanId = E2E_DATABASE_URL ? await disbursedLoan(request, PEOPLE[project]) : undefined;
  if (loanId !== undefined) await makeLate(loanId);

  await logInStaff(page, request, collector);
  await page.goto('/backoffice/#/collections');
  await expect(page.getByText(`Atraso calculado al ${todayShown()}`)).toBeVisible();
  await expectNoAxeViolations(page);

  const csv = await download(page, 'Descargar CSV');
  expect(csv.filename).toBe(`cobranza-${E2E_TODAY}.csv`);
  expect(csv.text.startsWith('\uFEFFPréstamo,Cliente,Identidad,Teléfono,Monto (L),Vencido (L)')).toBe(true);

  if (loanId !== undefined) {
    // A row of the grid (a list entry on a phone) with the days late, the bucket and what is overdue.
    const entry = page.getByText(new RegExp(`^#${loanId}( ·|$)`));
    await expect(page.getByText('40 (31-60 días)').first()).toBeVisible();
    await expect(page.getByText('L 417.21').first()).toBeVisible();
    expect(csv.text).toContain(`\r\n${loanId},`);
    await entry.click();
    await expect(
      page.getByRole('heading', { name: `Cobranza · Préstamo #${loanId} · L 1,000.00` }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Registrar promesa' }).click();
    const promise = page.getByRole('dialog', { name: 'Registrar promesa de pago' });
    await promise.getByLabel(/^Monto prometido/).fill('517.21');
    await promise.getByLabel(/^Nota/).fill('Paga el viernes con el salario.');
    await promise.getByRole('button', { name: 'Guardar promesa' }).click();
    await expect(page.getByText('Promesa de pago registrada.')).toBeVisible();
    const notes = page.getByRole('table', { name: 'Notas de cobranza' });
    await expect(notes).toContainText('Paga el viernes con el salario.');
    await expect(notes).toContainText(`L 517.21 el ${todayShown()}`);

    await page.getByRole('button', { name: 'Cambiar etapa' }).click();
    const stage = page.getByRole('dialog', { name: 'Cambiar etapa de cobranza' });
    await stage.getByRole('button', { name: 'Cambiar etapa' }).click();
    await expect(stage.getByText('Escribe el motivo del cambio de etapa.')).toBeVisible();
    await stage.getByLabel(/^Motivo/).fill('Tres promesas incumplidas.');
    await stage.getByRole('button', { name: 'Cambiar etapa' }).click();
    await expect(page.getByText('Préstamo movido a 9 Alguacil.')).toBeVisible();
    await expect(notes).toContainText('Tres promesas incumplidas.');
    await expect(page.getByText('Alguacil', { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  }

  await page.goto('/backoffice/#/portfolio');
  await expect(page.getByRole('heading', { name: `Cartera al ${todayShown()}` })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Desembolsado por semana (L)' })).toBeVisible();
  // 'Cobrado por semana' is bars, as 'Desembolsado' is: no line.
  const collected = page.getByRole('figure', { name: 'Cobrado por semana (L)' });
  await expect(collected.locator('.MuiBarChart-root')).toHaveCount(1);
  await expect(collected.locator('.MuiLineChart-linePlot, .MuiLineChart-line')).toHaveCount(0);
  await expect(page.getByRole('figure', { name: 'Capital pendiente por días de atraso (L)' })).toBeVisible();
  const weeks = page.getByRole('table', { name: 'Desembolsado y cobrado por semana' });
  await expect(weeks.getByRole('row')).toHaveCount(13);
  await expect(page.getByRole('table', { name: 'Cartera en atraso por tramo' })).toContainText('PAR30');
  await expectNoAxeViolations(page);
  const buckets = await download(page, 'Descargar CSV');
  expect(buckets.filename).toBe(`cartera-atraso-${E2E_TODAY}.csv`);
  expect(buckets.text.split('\r\n')[0]).toBe('\uFEFFTramo de atraso,Préstamos,Capital pendiente (L)');
});
