import type {
  CollectionAccountWire,
  LoanItem,
  LoanPaymentsWire,
  PayoffQuoteWire,
  ScheduleItem,
} from '@prestamos-hn/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSid } from '../../lib/session';
import { stubUploads } from '../../testing/fake-upload';
import { stubLegacyApi } from '../../testing/legacy-api-stub';
import { planLoanFixture, scheduleFixture } from '../../testing/plan-fixtures';
import { Route, Switch } from 'wouter';
import { cleanUpScreen, renderRoutes } from '../../testing/render-screen';
import { Component as History } from './history';
import { Component as Plan } from './plan';

// The plan and history screens over stubbed answers typed by the contract: the states the e2e
// journey cannot reach yet (a disbursed loan, a wallet that covers the debt, a failed network).

interface Server {
  loans: LoanItem[];
  /** Each loan's wallet ('Deposito por aplicar'). */
  wallets: Record<number, number>;
  schedules: Record<number, ScheduleItem[]>;
  /** Each loan's payoff quote (getPayoffQuote.php); a loan without one gets PAYOFF. */
  payoffs: Record<number, PayoffQuoteWire | { er: string }>;
  /** Each loan's receipts and payments (getLoanPayments.php); none by default. */
  payments: Record<number, LoanPaymentsWire>;
}

/** A payoff on 5 January 2027: principal, a few days' interest and the current fee. */
const PAYOFF: PayoffQuoteWire = {
  asOf: '2027-01-05',
  payoff: 893.68,
  principal: 834.42,
  interest: 9.26,
  fees: 50,
  lateFees: 0,
  creditedBack: 0,
  validUntil: '2027-01-05',
};
/** The lender's active collection accounts (getCollectionAccounts.php). */
const COLLECTION_ACCOUNTS: CollectionAccountWire[] = [
  { bank: 2, bank_name: 'BAC Credomatic', account_number: '200123456', holder_name: 'Préstamos HN S. A.' },
  { bank: 1, bank_name: 'Banco Atlántida', account_number: '1100223344', holder_name: 'Préstamos HN S. A.' },
];
let server: Server;
let calls: ReturnType<typeof stubLegacyApi>;

function stubServer() {
  calls = stubLegacyApi({
    'getCustomerOfferList.php': () => ({
      ok: {
        status: server.loans[0]?.status ?? null,
        loans: Object.fromEntries(server.loans.map((loan) => [String(loan.container_id), loan])),
      },
    }),
    'getWalletInfo.php': (body) => ({
      ok: { data: { amount_wallet_balance: server.wallets[Number(body.ContainerId)] ?? 0 } },
    }),
    'getBorrowerRepaymentSchedule.php': (body) => ({ ok: server.schedules[Number(body.ContainerId)] ?? [] }),
    'getPagosReference.php': () => ({ ok: 'no existe' }),
    'getCollectionAccounts.php': () => ({ ok: COLLECTION_ACCOUNTS }),
    'getLoanPayments.php': (body) => ({
      ok: server.payments[Number(body.ContainerId)] ?? { receipts: [], payments: [] },
    }),
    'getPayoffQuote.php': (body) => {
      const answer = server.payoffs[Number(body.ContainerId)] ?? PAYOFF;
      return 'er' in answer ? { er: answer.er } : { ok: answer };
    },
  });
}

function renderAt(path: string) {
  return renderRoutes(
    <Switch>
      <Route path="/">
        <p>Inicio</p>
      </Route>
      <Route path="/login">
        <p>Pantalla de ingreso</p>
      </Route>
      <Route path="/plan" component={Plan} />
      <Route path="/plan/:idprestamoparam" component={Plan} />
      <Route path="/historial" component={History} />
    </Switch>,
    path,
  );
}

beforeEach(() => {
  setSid('S'.repeat(43));
  vi.useFakeTimers({ toFake: ['Date'] });
  // 10:00 in Tegucigalpa: receipts are accepted.
  vi.setSystemTime(new Date('2027-01-05T16:00:00Z'));
  server = { loans: [], wallets: {}, schedules: {}, payoffs: {}, payments: {} };
  stubServer();
});
afterEach(cleanUpScreen);

/** A receipt as getLoanPayments.php answers it, sent on 2 January 2027 at 10:00 in Honduras. */
const receipt = (
  id: number,
  state: LoanPaymentsWire['receipts'][number]['state'],
  changes: Partial<LoanPaymentsWire['receipts'][number]> = {},
): LoanPaymentsWire['receipts'][number] => ({
  id,
  sent_at: '2027-01-02T16:00:00.000Z',
  reference: `DEP-${id}`,
  amount: 417.21,
  state,
  credited: null,
  reason: null,
  ...changes,
});

describe('/plan', () => {
  it("lists the receipts sent for the loan with their state: 'Pendiente de validar', 'Validado por L …', 'Rechazado: motivo'", async () => {
    server.loans = [planLoanFixture(9, 3)];
    server.schedules[9] = scheduleFixture(9, [1, 5, 0]);
    server.payments[9] = {
      receipts: [
        receipt(3, 'pending', { amount: 100 }),
        receipt(2, 'rejected', { reason: 'La foto está borrosa.' }),
        receipt(1, 'validated', { credited: 1234.5 }),
      ],
      payments: [],
    };
    renderAt('/plan');
    const card = await screen.findByRole('region', { name: 'Tus comprobantes' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Referencia DEP-3 · L 100.00Enviado el 02/01/2027Pendiente de validar',
      'Referencia DEP-2 · L 417.21Enviado el 02/01/2027Rechazado: La foto está borrosa.',
      'Referencia DEP-1 · L 417.21Enviado el 02/01/2027Validado por L 1,234.50',
    ]);
  });

  it('shows no receipts card before any receipt is sent', async () => {
    server.loans = [planLoanFixture(9, 3)];
    server.schedules[9] = scheduleFixture(9, [5, 0, 0]);
    renderAt('/plan');
    await screen.findByRole('list', { name: 'Cuotas' });
    await waitFor(() => expect(calls.some((c) => c.file === 'getLoanPayments.php')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Tus comprobantes' })).toBeNull();
  });

  it('shows the late fee of a late instalment on its own line', async () => {
    server.loans = [planLoanFixture(9, 8)];
    const schedule = scheduleFixture(9, [3, 5, 0]);
    schedule[0] = { ...schedule[0]!, late_fee: 100 };
    server.schedules[9] = schedule;
    renderAt('/plan');
    const rows = within(await screen.findByRole('list', { name: 'Cuotas' })).getAllByRole('listitem');
    expect(rows[0]!.textContent).toBe('Pago 1/322/12/2026 · Atrasado*Recargo por mora: L 100.00L 517.21');
    expect(rows[1]!.textContent).not.toContain('Recargo por mora');
  });

  it("shows 'Dónde pagar' under 'Plan de pagos': each account with a copy button, and the loan's number as the reference", async () => {
    server.loans = [planLoanFixture(9, 3)];
    server.schedules[9] = scheduleFixture(9, [1, 0, 0]);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt('/plan');
    const card = await screen.findByRole('region', { name: 'Dónde pagar' });
    const heading = screen.getByRole('heading', { name: 'Plan de pagos', level: 2 });
    // Under the heading, before the receipt button.
    expect(heading.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'BAC CredomaticCuenta: 200123456CopiarA nombre de: Préstamos HN S. A.',
      'Banco AtlántidaCuenta: 1100223344CopiarA nombre de: Préstamos HN S. A.',
    ]);
    expect(within(card).getByText('Escribe como referencia el número de tu préstamo: 9')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Copiar cuenta de Banco Atlántida' }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Copiado: 1100223344'));
    fireEvent.click(within(card).getByRole('button', { name: 'Copiar referencia' }));
    await waitFor(() => expect(within(card).getByRole('status').textContent).toBe('Copiado: 9'));
    expect(writeText.mock.calls).toEqual([['1100223344'], ['9']]);
    expect(calls.some((c) => c.file === 'getCollectionAccounts.php')).toBe(true);
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("shows 'Cargando....', then the first loan with status 3, 1, 8 or 5, its plan and the receipt button", async () => {
    server.loans = [
      planLoanFixture(9, 3, { created: '2026-11-22T16:00:00.000Z' }),
      planLoanFixture(4, 4, { created: '2026-06-01T16:00:00.000Z', debt: 0 }),
      planLoanFixture(2, 2, { created: '2026-01-10T16:00:00.000Z', debt: 0 }),
    ];
    server.schedules[9] = scheduleFixture(9, [1, 5, 0]);
    // The wallet is the shown loan's own.
    server.wallets = { 9: 120.5, 4: 999 };
    renderAt('/plan');
    expect(screen.getByRole('status').textContent).toBe('Cargando....');
    const block = await screen.findByRole('region', { name: 'Información del préstamo' });
    expect(within(block).getByText('L 120.50')).toBeTruthy();
    expect(within(block).getByText('Pagos 1 / 3')).toBeTruthy();
    expect(within(block).getByText('Pagando')).toBeTruthy();
    expect(
      screen.getByText(
        'Recibimos comprobantes de 8:00 am - 8:00 pm. Los pagos enviados después de esa hora se aplican al día siguiente.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Plan de pagos', level: 2 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar comprobante BAC' }).hasAttribute('disabled')).toBe(
      false,
    );
    const rows = within(screen.getByRole('list', { name: 'Cuotas' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Pago 1/322/12/2026 · PagadoL 417.21',
      'Pago 2/321/01/2027 · Pago ActualL 417.21',
      'Pago 3/320/02/2027 · PendienteL 417.21',
    ]);
    expect(
      calls.filter((call) => call.file === 'getBorrowerRepaymentSchedule.php').map((c) => c.body),
    ).toEqual([{ ContainerId: 9, sid: 'S'.repeat(43) }]);
  });

  it("'Enviar comprobante BAC' opens 'Subir Archivo BAC' for the first instalment not paid; once sent, the pop-up", async () => {
    const uploads = stubUploads();
    server.loans = [planLoanFixture(9, 3)];
    server.schedules[9] = scheduleFixture(9, [1, 6, 0]);
    renderAt('/plan');
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar comprobante BAC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subir Archivo BAC' });
    expect(within(dialog).getByText('Pago 3/3: L 417.21')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Monto a Pagar/), { target: { value: '417.21' } });
    fireEvent.change(within(dialog).getByLabelText(/^Número de Referencia/), { target: { value: 'FT77' } });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, {
      target: { files: [new File([new Uint8Array([0x89, 0x50])], 'deposito.png', { type: 'image/png' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar comprobante' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.form.get('idpago')).toBe('903');
    uploads[0]!.answer({
      status: 'OK',
      payload: { message: '¡Comprobante enviado con éxito!', receipt_id: 1, photo_replaced: false },
    });
    expect(await screen.findByText('¡Comprobante enviado con éxito!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subir Archivo BAC' })).toBeNull());
  });

  it("'Liquidar préstamo' shows today's payoff and its parts, and opens 'Subir Archivo BAC' with that amount", async () => {
    const uploads = stubUploads();
    server.loans = [planLoanFixture(9, 3)];
    server.schedules[9] = scheduleFixture(9, [1, 5, 0]);
    server.payoffs[9] = {
      ...PAYOFF,
      payoff: 725.41,
      principal: 700,
      interest: 5.41,
      fees: 50,
      creditedBack: 30,
    };
    renderAt('/plan');
    const section = await screen.findByRole('region', { name: 'Liquidar préstamo' });
    expect(within(section).getByText('L 725.41')).toBeTruthy();
    expect(within(section).getByText(/^Si pagas L 725\.41 hoy \(05\/01\/2027\)/)).toBeTruthy();
    const parts = [...section.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent} ${dt.nextSibling?.textContent}`,
    );
    expect(parts).toEqual([
      'Capital L 700.00',
      'Intereses a hoy L 5.41',
      'Gastos administrativos L 50.00',
      'Pagado por adelantado (se descuenta) L -30.00',
    ]);
    expect(calls.filter((c) => c.file === 'getPayoffQuote.php').map((c) => c.body)).toEqual([
      { ContainerId: 9, sid: 'S'.repeat(43) },
    ]);

    fireEvent.click(within(section).getByRole('button', { name: 'Liquidar préstamo (L 725.41)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subir Archivo BAC' });
    const amount = within(dialog).getByLabelText<HTMLInputElement>(/^Monto a Pagar/);
    expect(amount.value).toBe('725.41');
    expect(within(dialog).getByText('Liquidación del préstamo: L 725.41')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Número de Referencia/), { target: { value: 'LIQ1' } });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, {
      target: { files: [new File([new Uint8Array([0x89, 0x50])], 'deposito.png', { type: 'image/png' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar comprobante' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.form.get('amount')).toBe('725.41');
    expect(uploads[0]!.form.get('idpago')).toBe('902');
  });

  it("a plain 'Enviar comprobante BAC' after a payoff opens with no amount", async () => {
    server.loans = [planLoanFixture(9, 3)];
    server.schedules[9] = scheduleFixture(9, [0, 0, 0]);
    renderAt('/plan');
    fireEvent.click(await screen.findByRole('button', { name: 'Liquidar préstamo (L 893.68)' }));
    let dialog = await screen.findByRole('dialog', { name: 'Subir Archivo BAC' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Monto a Pagar/).value).toBe('893.68');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subir Archivo BAC' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Enviar comprobante BAC' }));
    dialog = await screen.findByRole('dialog', { name: 'Subir Archivo BAC' });
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Monto a Pagar/).value).toBe('');
    expect(within(dialog).getByText('Pago 1/3: L 417.21')).toBeTruthy();
  });

  it('says why there is no payoff when the call refuses it, and keeps the plan usable', async () => {
    server.loans = [planLoanFixture(9, 8)];
    server.schedules[9] = scheduleFixture(9, [3, 0, 0]);
    server.payoffs[9] = { er: 'Este préstamo no está activo: no hay nada que liquidar.' };
    renderAt('/plan');
    // The query client tries a failed read three times before it shows the failure.
    expect(
      await screen.findByText(
        'Este préstamo no está activo: no hay nada que liquidar.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar comprobante BAC' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Liquidar préstamo' })).toBeNull();
  });

  it("a paid loan shows 'Saldo a tu favor' and its instalments, no receipt button and no payoff", async () => {
    server.loans = [planLoanFixture(9, 3), planLoanFixture(4, 4, { debt: 0 })];
    server.schedules[4] = scheduleFixture(4, [1, 1, 6]);
    server.wallets[4] = 25;
    renderAt('/plan/4');
    const credit = await screen.findByText('Saldo a tu favor: L 25.00');
    expect(credit.closest('[role="status"]')?.textContent).toContain('Te devolveremos este saldo');
    expect(screen.getByRole('heading', { name: 'Plan de pagos' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar comprobante BAC' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Liquidar préstamo/ })).toBeNull();
    expect(calls.some((c) => c.file === 'getPayoffQuote.php')).toBe(false);
  });

  it('shows the amount still due on an instalment partly covered', async () => {
    server.loans = [planLoanFixture(9, 8)];
    server.schedules[9] = scheduleFixture(9, [3, 0, 0]);
    server.schedules[9][0] = {
      ...server.schedules[9][0]!,
      late_fee: 25.5,
      charge_covered: 50,
      amount_covered: 100,
    };
    renderAt('/plan');
    const rows = within(await screen.findByRole('list', { name: 'Cuotas' })).getAllByRole('listitem');
    // 50 + 50 + 317.21 + 25.50 - 50 - 100
    expect(rows[0]!.textContent).toBe('Pago 1/322/12/2026 · Atrasado*Recargo por mora: L 25.50L 292.71');
  });

  it('shows the loan of the URL whatever its status, and its contract', async () => {
    server.loans = [planLoanFixture(9, 3), planLoanFixture(4, 0, { contract_content: null })];
    renderAt('/plan/4');
    const block = await screen.findByRole('region', { name: 'Información del préstamo' });
    expect(within(block).getByText('Recibimos tu solicitud y la estamos revisando.')).toBeTruthy();
    expect(within(block).getByText('Enviado')).toBeTruthy();
    expect(screen.getByText('No tienes lista de pagos')).toBeTruthy();
    within(block).getByRole('button', { name: 'Ver contrato' }).click();
    expect(await screen.findByText('No hay contrato generado')).toBeTruthy();
  });

  it('shows the paid-awaiting-closure banner instead of the receipt button when the wallet covers the debt', async () => {
    server.loans = [planLoanFixture(9, 3, { debt: 834.42 })];
    server.schedules[9] = scheduleFixture(9, [1, 0, 0]);
    server.wallets[9] = 834.42;
    renderAt('/plan');
    expect(
      await screen.findByText(
        '¡Tu préstamo está pagado por completo! Lo cerraremos en los próximos días. Tu último pago estaba programado para el 20/02/2027.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar comprobante BAC' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Plan de pagos' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ver detalles' })).toBeTruthy();
  });

  it('disables the receipt button at 20:00 Honduras time', async () => {
    vi.setSystemTime(new Date('2027-01-06T02:00:00Z'));
    server.loans = [planLoanFixture(9, 3)];
    server.schedules[9] = scheduleFixture(9, [0, 0, 0]);
    renderAt('/plan');
    const button = await screen.findByRole('button', { name: 'Enviar comprobante BAC' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Fuera de horario operativo')).toBeTruthy();
    const payoff = await screen.findByRole('button', { name: 'Liquidar préstamo (L 893.68)' });
    expect(payoff.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText(
        'Fuera del horario de hoy: mañana podrás liquidar tu préstamo (el monto cambia cada día).',
      ),
    ).toBeTruthy();
  });

  it('without an active loan says so, links to history, and adds the Holy Week notice on 16-19 April only', async () => {
    server.loans = [planLoanFixture(2, 2, { debt: 0 })];
    renderAt('/plan');
    expect(
      await screen.findByText(
        'No tienes préstamos aprobados aún, puedes solicitar un nuevo préstamo o ver el estado de tu solicitud.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Historial' }).getAttribute('href')).toBe('#/historial');
    expect(screen.queryByText(/Semana Santa/)).toBeNull();
    cleanup();

    // 19 April, 23:30 in Tegucigalpa (05:30 UTC on the 20th).
    vi.setSystemTime(new Date('2027-04-20T05:30:00Z'));
    renderAt('/plan');
    expect(
      await screen.findByText(/^Por Semana Santa nuestras oficinas están cerradas del 16 al 19 de abril\./),
    ).toBeTruthy();
  });

  it('goes to /login when the network fails while loading', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const router = renderAt('/plan');
    await waitFor(() => expect(router.location().pathname).toBe('/login'), { timeout: 10_000 });
  });
});

describe('/historial', () => {
  it('lists every loan newest first; rejected and paid ones are not links', async () => {
    server.loans = [
      planLoanFixture(2, 2, { created: '2026-01-10T16:00:00.000Z', amount_limit: 500, debt: 0 }),
      planLoanFixture(9, 3, { created: '2026-11-23T03:00:00.000Z', amount_limit: 1500 }),
      planLoanFixture(4, 4, { created: '2026-06-01T16:00:00.000Z', amount_limit: 12000, debt: 0 }),
    ];
    renderAt('/historial');
    expect(screen.getByRole('heading', { name: 'Historial', level: 1 })).toBeTruthy();
    const items = within(await screen.findByRole('list', { name: 'Préstamos' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      // Created 23 November 03:00 UTC: 22 November in Honduras.
      'Préstamo de L. 1,500.0022/11/2026 · Pagando',
      'Préstamo de L. 12,000.0001/06/2026 · Pagado',
      'Préstamo de L. 500.0010/01/2026 · Rechazado',
    ]);
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('#/plan/9');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    expect(within(items[2]!).queryByRole('link')).toBeNull();
  });

  it("a paid loan with a credit says 'Saldo a tu favor' and opens its plan", async () => {
    server.loans = [
      planLoanFixture(4, 4, { created: '2026-06-01T16:00:00.000Z', amount_limit: 12000, debt: 0 }),
      planLoanFixture(3, 4, { created: '2026-03-01T16:00:00.000Z', amount_limit: 1000, debt: 0 }),
    ];
    server.wallets = { 4: 25, 3: 0 };
    renderAt('/historial');
    const list = await screen.findByRole('list', { name: 'Préstamos' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1));
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toBe(
      'Préstamo de L. 12,000.0001/06/2026 · Pagado · Saldo a tu favor: L 25.00',
    );
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('#/plan/4');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });

  it('lists under each disbursed loan its payments, with what each covered as the application recorded it', async () => {
    server.loans = [
      planLoanFixture(9, 8, { created: '2026-11-23T03:00:00.000Z', amount_limit: 1000 }),
      planLoanFixture(4, 4, { created: '2026-06-01T16:00:00.000Z', amount_limit: 1000, debt: 0 }),
      planLoanFixture(10, 0, { created: '2027-01-01T16:00:00.000Z', amount_limit: 2000 }),
    ];
    const split = { late_fee: 0, penalty: 0, interest: 50, administrator_fee: 50, principal: 317.21 };
    server.payments[9] = {
      receipts: [],
      payments: [
        {
          id: 1,
          date: '2026-12-22',
          amount: 417.21,
          reversed: false,
          instalments: [{ position: 1, ...split }],
        },
        {
          id: 2,
          date: '2027-01-25',
          amount: 150,
          reversed: false,
          instalments: [
            { position: 2, ...split, late_fee: 100, interest: 50, administrator_fee: 0, principal: 0 },
          ],
        },
      ],
    };
    server.payments[4] = {
      receipts: [],
      payments: [
        {
          id: 3,
          date: '2026-07-01',
          amount: 417.21,
          reversed: true,
          instalments: [{ position: 1, ...split }],
        },
      ],
    };
    renderAt('/historial');
    const ofLoan9 = await screen.findByRole('list', { name: 'Pagos del préstamo 9' });
    expect(
      within(ofLoan9)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Pago del 22/12/2026 · L 417.21' +
        'Cuota 1: recargo por mora L 0.00, intereses L 50.00, gastos administrativos L 50.00 y capital L 317.21',
      'Pago del 25/01/2027 · L 150.00' +
        'Cuota 2: recargo por mora L 100.00, intereses L 50.00, gastos administrativos L 0.00 y capital L 0.00',
    ]);
    const ofLoan4 = await screen.findByRole('list', { name: 'Pagos del préstamo 4' });
    expect(within(ofLoan4).getByRole('listitem').textContent).toMatch(
      /^Pago del 01\/07\/2026 · L 417.21 · Anulado/,
    );
    // A request not disbursed has no payments to read.
    expect(calls.some((c) => c.file === 'getLoanPayments.php' && Number(c.body.ContainerId) === 10)).toBe(
      false,
    );
  });

  it("says 'No hay nada que mostrar aún.' without loans", async () => {
    renderAt('/historial');
    expect(await screen.findByText('No hay nada que mostrar aún.')).toBeTruthy();
  });
});
