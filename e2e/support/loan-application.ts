import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  formatCents,
  formatLongDate,
  ordinalPaymentName,
  quoteLoan,
  toCents,
  type LoanQuote,
} from '@prestamos-hn/domain';
import { placeBrowserAt, storeBorrowerSession, TEGUCIGALPA, type BorrowerSession } from './borrower-browser';
import type { CensusPerson } from './census';
import { completeAndSendThroughApi, registerThroughApi } from './legacy-api';
import { E2E_BASE_URL } from './e2e-env';
import { approveProfile, staffLogin, type StaffApi } from './staff-api';
import { E2E_TODAY } from './server-clock';

/**
 * The borrower's side of issue 11's journeys (/aplicar), shared by the borrower's own journey
 * (apps/borrower/e2e/loan-application.spec.ts) and the loan desk's (apps/backoffice/e2e/loan-desk.spec.ts).
 */

export const BORROWER_PASSWORD = 'Clave#2024a';

/** The seeded monthly product's price list (apps/api/src/db/seed-data.ts). */
export const MONTHLY = { name: 'Préstamo mensual', annualRatePct: 60, feePercent: 5 } as const;
/** The request of the journeys: L 1,000 over 90 days (3 monthly payments). */
export const LOAN_REQUEST = { amount: 1000, termDays: 90 } as const;

export type Applicant = CensusPerson;
export type ApprovedBorrower = BorrowerSession;

/**
 * `person` registered through the borrower's legacy API (password BORROWER_PASSWORD), with a
 * complete profile, documents, sent for review and approved by `staff`. The new session.
 */
export async function registerApprovedBorrower(
  request: APIRequestContext,
  staff: StaffApi,
  person: Applicant,
): Promise<ApprovedBorrower> {
  const created = await registerThroughApi(request, { ...person, UsrPwd: BORROWER_PASSWORD });
  await completeAndSendThroughApi(request, created.sid, person);
  await approveProfile(staff, person.UsrDNI);
  return created;
}

const prepared = new Map<string, Promise<ApprovedBorrower>>();

/** registerApprovedBorrower, prepared once per run (later calls answer the same session). */
export function approvedBorrower(
  request: APIRequestContext,
  staff: StaffApi,
  person: Applicant,
): Promise<ApprovedBorrower> {
  let session = prepared.get(person.UsrDNI);
  if (!session) {
    session = registerApprovedBorrower(request, staff, person);
    prepared.set(person.UsrDNI, session);
  }
  return session;
}

/** Logs the browser in as `borrower` (its stored session) and places it in Tegucigalpa. */
export async function enterAsBorrower(page: Page, context: BrowserContext, borrower: ApprovedBorrower) {
  await placeBrowserAt(context, TEGUCIGALPA);
  await storeBorrowerSession(page, borrower);
}

/**
 * Opens `path` (/aplicar) as `borrower` in Tegucigalpa and waits until the screen has sent the
 * location (the server checks the borrower's last known city on a request).
 */
export async function openApplication(
  page: Page,
  context: BrowserContext,
  borrower: ApprovedBorrower,
  path = '/#/aplicar',
) {
  await enterAsBorrower(page, context, borrower);
  const located = page.waitForResponse('**/api/app/post_locations');
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Solicitar préstamo', level: 1 })).toBeVisible();
  expect((await (await located).json()) as { status: string }).toMatchObject({ status: 'OK' });
  await expect(page.getByRole('list', { name: 'Productos' })).toBeVisible();
}

/** Nothing on the screen (nor in a full-screen dialog) is wider than the phone. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll('.MuiDialogContent-root')].map(
      (element) => element.scrollWidth - element.clientWidth,
    ),
  );
  expect(
    overflow.every((extra) => extra <= 0),
    `overflow: ${overflow.join(', ')}`,
  ).toBe(true);
}

/** A product tile of /aplicar by its name. */
export const productTile = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Productos' }).getByRole('button', { name: new RegExp(name) });

let calendar: Promise<string[]> | undefined;

/**
 * The holiday calendar the server moves due dates off (decision 014), this year's and the next,
 * read once per worker from the staff API.
 */
function holidayCalendar(): Promise<string[]> {
  calendar ??= (async () => {
    const admin = await staffLogin(E2E_BASE_URL);
    const year = Number(E2E_TODAY.slice(0, 4));
    const dates: string[] = [];
    for (const y of [year, year + 1]) {
      const res = await admin.ctx.get(`/api/backoffice/holidays?year=${y}`);
      expect(res.status()).toBe(200);
      dates.push(...((await res.json()) as { items: { date: string }[] }).items.map((h) => h.date));
    }
    return dates;
  })();
  return calendar;
}

/**
 * What the summary and the calculator must show: the domain's quote for the seeded monthly product,
 * its due dates moved off Sundays and (the summary, from the server) the calendar's holidays; the
 * calendar stays on the server, so the calculator moves Sundays only (`sundaysOnly`).
 */
export async function expectedQuote(opts: { sundaysOnly?: boolean } = {}): Promise<LoanQuote> {
  return quoteLoan({
    amountCents: toCents(LOAN_REQUEST.amount),
    termDays: LOAN_REQUEST.termDays,
    period: 'mensual',
    annualRatePct: MONTHLY.annualRatePct,
    feeType: 'percent',
    feeValue: MONTHLY.feePercent,
    startDate: E2E_TODAY,
    holidays: opts.sundaysOnly ? [] : await holidayCalendar(),
  });
}

/**
 * Checks the totals and the dated instalments of a summary against `quote` (`amountTerm`: the
 * amount's name, 'Monto que recibes' before a request is sent).
 */
export async function expectSummary(scope: Locator, quote: LoanQuote, opts: { amountTerm?: string } = {}) {
  const totals: [string, string][] = [
    [opts.amountTerm ?? 'Monto solicitado', `L ${formatCents(quote.amountCents)}`],
    ['Intereses', `L ${formatCents(quote.interestCents)}`],
    ['Gastos administrativos', `L ${formatCents(quote.feesCents)}`],
    ['Total a pagar', `L ${formatCents(quote.totalCents)}`],
    ['Número de pagos', String(quote.payments.length)],
  ];
  for (const [term, value] of totals) {
    const row = scope.locator('dl > div').filter({ has: scope.page().getByText(term, { exact: true }) });
    await expect(row.locator('dd')).toHaveText(value);
  }
  const payments = scope.getByRole('list', { name: 'Tus pagos' }).getByRole('listitem');
  await expect(payments).toHaveCount(quote.payments.length);
  for (const [index, payment] of quote.payments.entries()) {
    await expect(payments.nth(index)).toHaveText(
      `${ordinalPaymentName(index + 1)}${formatLongDate(payment.dueDate)}L ${formatCents(payment.totalCents)}`,
    );
  }
}

/**
 * The request dialog from the monthly tile to the success dialog: L 1,000 over 90 days, the account
 * on file confirmed, both documents read (in their sandboxed frames) and accepted, sent. Answers the
 * success dialog. `check` runs on each step (screenshots, axe) with the step's name.
 */
export async function requestMonthlyLoan(
  page: Page,
  accountNumber: string,
  check: (step: string) => Promise<void> = async () => {},
): Promise<Locator> {
  await productTile(page, MONTHLY.name).click();
  const dialog = page.getByRole('dialog', { name: 'Solicitud de préstamo' });
  await expect(dialog).toBeVisible();
  const next = dialog.getByRole('button', { name: 'Continuar' });
  await dialog.getByLabel(/Monto \(L\)/).fill(String(LOAN_REQUEST.amount));
  await dialog.getByLabel(/Plazo/).selectOption({ label: '90 días (3 pagos)' });
  await dialog.getByLabel(/Destino del préstamo/).selectOption({ label: 'Capital de trabajo' });
  await expect(next).toBeEnabled();
  await check('step-1');

  await next.click();
  await expect(dialog.getByRole('definition').filter({ hasText: accountNumber })).toBeVisible();
  await dialog
    .getByRole('checkbox', { name: /Confirmo que quiero recibir mi préstamo en esta cuenta/ })
    .check();
  await check('step-2');

  await next.click();
  const send = dialog.getByRole('button', { name: 'Enviar solicitud' });
  await expect(page.frameLocator('iframe[title="Contrato de préstamo"]').locator('body')).toContainText(
    'CONTRATO DE PRÉSTAMO',
  );
  await expect(page.frameLocator('iframe[title="Pagaré"]').locator('body')).toContainText('PAGARÉ');
  await dialog.getByRole('checkbox', { name: 'He leído y acepto el contrato.' }).check();
  await dialog.getByRole('checkbox', { name: 'He leído y acepto el pagaré.' }).check();
  await expect(send).toBeEnabled();
  await check('step-3');
  await send.click();
  const sent = page.getByRole('dialog', { name: '¡Solicitud enviada!' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText('Te daremos una respuesta en un máximo de 24 horas.');
  return sent;
}
