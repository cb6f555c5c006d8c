import { expect, test, type APIRequestContext } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson, type CensusPerson } from '../../../e2e/support/census';
import { E2E_BASE_URL } from '../../../e2e/support/e2e-env';
import { makePng } from '../../../e2e/support/images';
import { legacyCall } from '../../../e2e/support/legacy-api';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import {
  createStaffAccount,
  pendingReceipts,
  staffLogin,
  type StaffApi,
} from '../../../e2e/support/staff-api';
import { logInStaff } from './support/staff';
import { E2E_TODAY, E2E_TODAY_SHOWN } from '../../../e2e/support/server-clock';

// Issue 31 point 5 on the real server and database: two borrowers each send a receipt of L 417.21
// for today; a cashier imports BAC's statement of today in 'Conciliación' (a file with a bad date is
// refused first, in Spanish, naming the row), confirms the two matches proposed ('CONC…1.' on the
// statement is the receipt 'CONC…1'; '00CONC…2' is 'CONC…2'), and sees both receipts validated with
// the bank's date; the credit line without a receipt stays listed with the reason. axe passes on the
// screen, its dialogs and the statement's page. The server's clock is 10:00 today (APP_NOW).
test.describe.configure({ mode: 'serial' });

/** People of e2e/support/census-e2e.json kept for this journey; two per project. */
const PEOPLE = {
  phone: [
    censusPerson('0801199300081', { UsrMail: 'rebeca.conciliacion@correo.hn', UsrTel: '97600081' }),
    censusPerson('0801199300082', { UsrMail: 'samuel.conciliacion@correo.hn', UsrTel: '97600082' }),
  ],
  desktop: [
    censusPerson('0801199400083', { UsrMail: 'karina.conciliacion@correo.hn', UsrTel: '97600083' }),
    censusPerson('0801199400084', { UsrMail: 'julio.conciliacion@correo.hn', UsrTel: '97600084' }),
  ],
};

const cashierOf = (project: string) => ({
  email: `conciliacion.${project}@prestamos.local`,
  password: 'Cajera#2026-conc',
});

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

/** Today in Honduras, as the server's clock has it: YYYY-MM-DD, and as the bank writes it (dd/mm/yyyy). */
const BANK_TODAY = E2E_TODAY_SHOWN;

/** A borrower with a disbursed loan who sent a receipt of L 417.21 with `reference` (a photo of their own). */
async function borrowerWithReceipt(
  request: APIRequestContext,
  person: CensusPerson,
  reference: string,
  seed: number,
): Promise<number> {
  const { sid } = await registerApprovedBorrower(request, admin, person);
  const containerId = await requestLoanThroughApi(request, sid);
  await disburseLoanForTest(admin, containerId, { disbursedOn: E2E_TODAY, reference: `TRF-${reference}` });
  const schedule = (await legacyCall(request, 'getBorrowerRepaymentSchedule', {
    sid,
    ContainerId: containerId,
  })) as unknown as { id: number }[];
  const sent = await request.post(`${E2E_BASE_URL}/api/app/send_recipemail.php`, {
    multipart: {
      sid,
      containerId: String(containerId),
      idpago: String(schedule[0]!.id),
      amount: '417.21',
      reference,
      DOC: { name: 'deposito.png', mimeType: 'image/png', buffer: makePng(900, 1200, seed) },
    },
  });
  expect(((await sent.json()) as { status: string }).status).toBe('OK');
  const receipt = (await pendingReceipts(admin)).find((r) => r.reference === reference);
  return receipt!.id;
}

/** BAC's statement export: five rows about the account, the header, then the movements. */
function bacStatement(rows: string[]): { name: string; mimeType: string; buffer: Buffer } {
  const text = [
    'BAC Credomatic Honduras - Estado de cuenta,,,,,',
    'Cuenta:,730-123456-7,Moneda:,HNL,,',
    'Titular:,PRESTAMOS HN S.A. DE C.V.,,,,',
    `Período:,${BANK_TODAY} al ${BANK_TODAY},,,,`,
    ',,,,,',
    'Fecha,Referencia,Descripción,Débito,Crédito,Saldo',
    ...rows,
  ].join('\r\n');
  return { name: 'bac-hoy.csv', mimeType: 'text/csv', buffer: Buffer.from(`${text}\r\n`) };
}

test('a cashier imports the bank’s statement, confirms two matches and sees both receipts validated', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const tag = project.toUpperCase();
  const references = [`CONC${tag}1`, `CONC${tag}2`];
  const seeds = project === 'phone' ? [41, 42] : [43, 44];
  const receiptIds = [
    await borrowerWithReceipt(request, PEOPLE[project][0]!, references[0]!, seeds[0]!),
    await borrowerWithReceipt(request, PEOPLE[project][1]!, references[1]!, seeds[1]!),
  ];
  const cashier = cashierOf(project);
  await createStaffAccount(admin, { ...cashier, name: `Cajera conciliación ${project}`, role: 'cashier' });

  await logInStaff(page, request, cashier);
  await page.goto('/backoffice/#/bank-statements');
  await expect(page.getByRole('heading', { name: 'Conciliación bancaria', level: 1 })).toBeVisible();
  await saveScreen(page, testInfo, 'reconciliation-list');
  await expectNoAxeViolations(page);

  // The banks' layouts: BAC's as shipped, a debit and a credit column.
  await page.getByRole('button', { name: 'Formatos de los bancos' }).click();
  const layouts = page.getByRole('dialog', { name: 'Formatos de los bancos' });
  await layouts.getByRole('combobox', { name: 'Banco' }).click();
  await page.getByRole('option', { name: 'BAC Credomatic' }).click();
  await expect(layouts.getByRole('textbox', { name: /^Columna de créditos/ })).toHaveValue('5');
  await expect(layouts.getByRole('textbox', { name: /^Columna de débitos/ })).toHaveValue('4');
  await expect(layouts.getByText('(formato inicial)')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreen(page, testInfo, 'reconciliation-layouts', { fullPage: false });
  await layouts.getByRole('button', { name: 'Cancelar' }).click();
  await expect(layouts).toBeHidden();

  // A file with a date that is not one: refused, naming the row; nothing imported.
  await page.getByRole('button', { name: 'Importar estado de cuenta' }).click();
  const upload = page.getByRole('dialog', { name: 'Importar estado de cuenta' });
  await upload.getByRole('button', { name: 'Importar' }).click();
  await expect(upload.getByText('Elige el banco del estado de cuenta.')).toBeVisible();
  await upload.getByRole('combobox', { name: 'Banco' }).click();
  await page.getByRole('option', { name: 'BAC Credomatic' }).click();
  await upload
    .locator('input[type="file"]')
    .setInputFiles(bacStatement([`31/02/2026,${references[0]}.,DEPOSITO,,417.21,"1,000.00"`]));
  await expect(upload.getByText('Archivo: bac-hoy.csv')).toBeVisible();
  await upload.getByRole('button', { name: 'Importar' }).click();
  await expect(
    upload.getByText('No importamos el estado de cuenta: Línea 7: la fecha no es válida.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreen(page, testInfo, 'reconciliation-import-refused', { fullPage: false });

  // Today's statement: a debit, the two deposits, and a deposit no receipt claims.
  await upload
    .locator('input[type="file"]')
    .setInputFiles(
      bacStatement([
        `${BANK_TODAY},TRF-CONC-${tag},TRANSFERENCIA ACH ENVIADA,"1,000.00",,"49,000.00"`,
        `${BANK_TODAY},${references[0]}.,DEPOSITO EN EFECTIVO AG. BOULEVARD MORAZAN,,417.21,"49,417.21"`,
        `${BANK_TODAY},00${references[1]},DEPOSITO AGENTE BAC TIENDA LA COLONIA,,417.21,"49,834.42"`,
        `${BANK_TODAY},SIN-COMPROBANTE-${tag},DEPOSITO EN EFECTIVO,,"1,251.63","51,086.05"`,
      ]),
    );
  await upload.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText('Estado de cuenta importado: 4 movimientos nuevos, 3 créditos.')).toBeVisible();
  await expect(page).toHaveURL(/#\/bank-statements\/\d+\/show$/);
  await expect(page.getByRole('heading', { name: /^Estado de cuenta #\d+ · BAC Credomatic$/ })).toBeVisible();

  const proposals = page.getByRole('region', { name: 'Coincidencias por confirmar' });
  const first = proposals.getByRole('article', {
    name: `Línea ${references[0]}. con comprobante #${receiptIds[0]}`,
  });
  const second = proposals.getByRole('article', {
    name: `Línea 00${references[1]} con comprobante #${receiptIds[1]}`,
  });
  await expect(first).toContainText('L 417.21');
  await expect(first).toContainText(`Fecha valor: ${BANK_TODAY}`);
  await expect(second).toBeVisible();
  const unmatched = page.getByRole('table', { name: 'Líneas sin conciliar' });
  await expect(unmatched.getByRole('row').filter({ hasText: `SIN-COMPROBANTE-${tag}` })).toContainText(
    'Ningún comprobante pendiente de este banco tiene esta referencia.',
  );
  await saveScreen(page, testInfo, 'reconciliation-statement');
  await expectNoAxeViolations(page);

  // One click each.
  await first.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByText(`Comprobante #${receiptIds[0]} validado con fecha valor ${BANK_TODAY}.`),
  ).toBeVisible();
  await expect(first).toBeHidden();
  await second.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    page.getByText(`Comprobante #${receiptIds[1]} validado con fecha valor ${BANK_TODAY}.`),
  ).toBeVisible();
  await expect(proposals.getByText('No hay coincidencias por confirmar.')).toBeVisible();

  // Both lines tied to their receipts, validated.
  const movements = page.getByRole('table', { name: 'Movimientos del estado de cuenta' });
  for (const [i, reference] of [`${references[0]}.`, `00${references[1]}`].entries()) {
    const row = movements.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText(`Comprobante #${receiptIds[i]}`);
    await expect(row).toContainText('Validado');
  }
  await expect(movements.getByRole('row').filter({ hasText: `TRF-CONC-${tag}` })).toContainText('Débito');
  await expect(page.getByText('2 de 3', { exact: true })).toBeVisible();
  await saveScreen(page, testInfo, 'reconciliation-confirmed');
  await expectNoAxeViolations(page);

  // The receipt at the cashier's desk: validated for the line's amount.
  await movements.getByRole('link', { name: `Comprobante #${receiptIds[0]}` }).click();
  await expect(
    page.getByRole('heading', { name: new RegExp(`^Comprobante #${receiptIds[0]} `) }),
  ).toBeVisible();
  const facts = page.getByRole('region', { name: 'Datos del comprobante' });
  await expect(facts).toContainText('Monto recibido');
  await expect(facts).toContainText('L 417.21');
  await expect(page.getByText('Validado', { exact: true }).first()).toBeVisible();
});
