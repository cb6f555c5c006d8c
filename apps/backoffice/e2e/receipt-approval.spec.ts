import { expect, test, type APIRequestContext, type Page } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { censusPerson } from '../../../e2e/support/census';
import { E2E_BASE_URL } from '../../../e2e/support/e2e-env';
import { makePng } from '../../../e2e/support/images';
import { legacyCall } from '../../../e2e/support/legacy-api';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { saveScreen } from '../../../e2e/support/screens';
import { createStaffAccount, staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { logInStaff, logOutStaff, staffPage } from './support/staff';
import { todayInHondurasAt } from '../../../e2e/support/server-clock';

// Issue 31 point 3, the second pair of eyes at the cashier's desk, on the real server and database:
// a cashier validates L 450.00 for a receipt declared at L 417.21, which waits 'Por aprobar'; a
// supervisor reads why, confirms it, and the money is applied; another validation she sends back
// ('Devolver') and the cashier reads why; her own validation she cannot confirm. Axe on every new
// dialog and screen.
test.describe.configure({ mode: 'serial' });

/** People of e2e/support/census-e2e.json kept for this journey; one per project. */
const PEOPLE = {
  phone: censusPerson('0801199431001', { UsrMail: 'rosa.aprobar@correo.hn', UsrTel: '97310001' }),
  desktop: censusPerson('0801199431002', { UsrMail: 'jorge.aprobar@correo.hn', UsrTel: '97310002' }),
};

const accountsOf = (project: string) => ({
  cashier: { email: `cajero.aprobar.${project}@prestamos.local`, password: 'Cajero#2026-e2e' },
  supervisor: { email: `supervisora.aprobar.${project}@prestamos.local`, password: 'Supervisora#2026-e2e' },
});

let admin: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  admin = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

/** A disbursed borrower with two receipts sent for the first instalment, each with a photo of its own. */
async function borrowerWithReceipts(request: APIRequestContext, project: 'phone' | 'desktop') {
  const { sid } = await registerApprovedBorrower(request, admin, PEOPLE[project]);
  const containerId = await requestLoanThroughApi(request, sid);
  await disburseLoanForTest(admin, containerId, {
    disbursedOn: todayInHondurasAt('10:00').toISOString().slice(0, 10),
    reference: `TRF-APROBAR-${project}`,
  });
  const schedule = (await legacyCall(request, 'getBorrowerRepaymentSchedule', {
    sid,
    ContainerId: containerId,
  })) as unknown as { id: number }[];
  const references = [`APROBAR${project.toUpperCase()}1`, `APROBAR${project.toUpperCase()}2`];
  const amounts = ['417.21', '300.00'];
  for (const [index, reference] of references.entries()) {
    const seed = (project === 'phone' ? 31 : 34) + index;
    const sent = await request.post(`${E2E_BASE_URL}/api/app/send_recipemail.php`, {
      multipart: {
        sid,
        containerId: String(containerId),
        idpago: String(schedule[0]!.id),
        amount: amounts[index]!,
        reference,
        DOC: { name: 'deposito.png', mimeType: 'image/png', buffer: makePng(900, 1200, seed) },
      },
    });
    expect(((await sent.json()) as { status: string }).status).toBe('OK');
  }
  return { containerId, references };
}

/** From the queue's tab, the receipt with this reference. */
async function openFromQueue(desk: Page, tab: RegExp, reference: string) {
  await desk.goto('/backoffice/#/receipts');
  await desk.reload();
  // By keyboard: at 360 px the six tabs scroll sideways and a tab half out of view takes no click.
  await desk.getByRole('tab', { name: tab }).focus();
  await desk.keyboard.press('Enter');
  await expect(desk.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  const row = desk.getByRole('row').filter({ hasText: reference });
  await expect(row).toBeVisible();
  await row.click();
  await expect(desk.getByRole('heading', { name: /^Comprobante #\d+/, level: 1 })).toBeVisible();
}

/**
 * After a decision the receipt stays in view with 'Siguiente' (issue 35), which opens the next
 * receipt of the queue, or the queue: wait for that move before going anywhere, or it lands on top
 * of the next navigation.
 */
async function expectMovedOn(desk: Page, from: string) {
  const next = desk.getByRole('button', { name: 'Siguiente' });
  await expect(next).toBeFocused();
  await next.click();
  await expect(desk).not.toHaveURL(from);
}

/** 'Validar' with an amount; the notice says it waits for approval, and 'Siguiente' moves on. */
async function validateAndWait(desk: Page, amount: string) {
  const from = desk.url();
  await desk.getByRole('button', { name: 'Validar' }).click();
  const validate = desk.getByRole('dialog', { name: 'Validar comprobante' });
  await validate.getByRole('textbox', { name: /^Monto recibido/ }).fill(amount);
  await validate.getByRole('button', { name: 'Validar' }).click();
  await expect(
    desk.getByText(
      /^Validación enviada a aprobación \(Por aprobar\): El monto recibido difiere del declarado\./,
    ),
  ).toBeVisible();
  await expectMovedOn(desk, from);
}

test("a cashier's validation that differs from the declared amount waits 'Por aprobar'; a supervisor confirms it, returns another, and cannot confirm her own", async ({
  request,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(540_000);
  const project = testInfo.project.name as 'phone' | 'desktop';
  const { references } = await borrowerWithReceipts(request, project);
  const [first, second] = references as [string, string];
  const accounts = accountsOf(project);
  await createStaffAccount(admin, {
    ...accounts.cashier,
    name: `Cajero aprobar ${project}`,
    role: 'cashier',
  });
  await createStaffAccount(admin, {
    ...accounts.supervisor,
    name: `Supervisora aprobar ${project}`,
    role: 'supervisor',
  });

  // The cashier validates L 450.00 for the first (L 417.21 declared) and L 350.00 for the second.
  const desk = await staffPage(browser, testInfo, baseURL!);
  await logInStaff(desk, request, accounts.cashier);
  await openFromQueue(desk, /^Pendientes/, first);
  await validateAndWait(desk, '450.00');
  await openFromQueue(desk, /^Pendientes/, second);
  await validateAndWait(desk, '350.00');

  // The cashier sees it waiting, with why, and cannot answer it.
  await openFromQueue(desk, /^Por aprobar/, first);
  const waiting = desk.getByRole('status').filter({ hasText: 'Por aprobar' });
  await expect(waiting).toContainText('El monto recibido difiere del declarado');
  await expect(desk.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
  await expect(desk.getByRole('region', { name: 'Datos del comprobante' })).toContainText(
    'Monto recibido (por aprobar)',
  );

  // The supervisor opens 'Por aprobar': the reasons, 'Confirmar' and 'Devolver'.
  const supervisor = await staffPage(browser, testInfo, baseURL!);
  await logInStaff(supervisor, request, accounts.supervisor);
  await openFromQueue(supervisor, /^Por aprobar/, first);
  await expect(supervisor.getByRole('status').filter({ hasText: 'Por aprobar' })).toContainText(
    `Cajero aprobar ${project} validó L`,
  );
  await saveScreen(supervisor, testInfo, 'receipt-awaiting-approval');
  await expectNoAxeViolations(supervisor);

  await supervisor.getByRole('button', { name: 'Confirmar' }).click();
  const confirm = supervisor.getByRole('dialog', { name: 'Confirmar validación' });
  await expect(confirm.getByRole('list', { name: 'Motivos de la aprobación' })).toContainText(
    'El monto recibido difiere del declarado',
  );
  await expect(confirm).toContainText('(el cliente declaró L');
  await expectNoAxeViolations(supervisor);
  await saveScreen(supervisor, testInfo, 'receipt-confirm-approval-dialog', { fullPage: false });
  const confirmedFrom = supervisor.url();
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(
    supervisor.getByText(
      /Validación confirmada: aplicamos L\s450\.00\. Saldo pendiente del préstamo: L\s801\.63\./,
    ),
  ).toBeVisible();

  // 'Siguiente' moves on to the oldest one waiting (another journey's, in a shared database);
  // she opens the second and sends it back with a reason.
  await expectMovedOn(supervisor, confirmedFrom);
  await openFromQueue(supervisor, /^Por aprobar/, second);
  await supervisor.getByRole('button', { name: 'Devolver' }).click();
  const giveBack = supervisor.getByRole('dialog', { name: 'Devolver validación' });
  const reason = giveBack.getByRole('textbox', { name: /^Motivo de la devolución/ });
  await expect(reason).toBeFocused();
  await giveBack.getByRole('button', { name: 'Devolver' }).click();
  await expect(
    giveBack.getByText('Escribe por qué devuelves la validación: el cajero lo leerá.'),
  ).toBeVisible();
  await expectNoAxeViolations(supervisor);
  await saveScreen(supervisor, testInfo, 'receipt-return-approval-dialog', { fullPage: false });
  await reason.fill('El banco muestra L 300.00.');
  const returnedFrom = supervisor.url();
  await giveBack.getByRole('button', { name: 'Devolver' }).click();
  await expect(supervisor.getByText('Validación devuelta a caja. El cajero verá el motivo.')).toBeVisible();
  await expectMovedOn(supervisor, returnedFrom);

  // The first is validated; the cashier reads why the second came back.
  await openFromQueue(desk, /^Validados/, first);
  await expect(desk.getByRole('region', { name: 'Datos del comprobante' })).toContainText(
    `Supervisora aprobar ${project}`,
  );
  await openFromQueue(desk, /^Pendientes/, second);
  const returned = desk.getByRole('status').filter({ hasText: 'Validación devuelta' });
  await expect(returned).toContainText('El banco muestra L 300.00.');
  await saveScreen(desk, testInfo, 'receipt-returned');
  await expectNoAxeViolations(desk);

  // The supervisor validates the second herself: it still differs, so it waits for another person.
  await openFromQueue(supervisor, /^Pendientes/, second);
  await validateAndWait(supervisor, '350.00');
  await openFromQueue(supervisor, /^Por aprobar/, second);
  await expect(supervisor.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  await expect(
    supervisor.getByText('No puedes aprobar tu propia validación: otra persona debe confirmarla.'),
  ).toBeVisible();
  await expect(supervisor.getByRole('button', { name: 'Devolver' })).toBeEnabled();
  await expectNoAxeViolations(supervisor);

  await logOutStaff(desk);
  await desk.context().close();
  await supervisor.context().close();
});
