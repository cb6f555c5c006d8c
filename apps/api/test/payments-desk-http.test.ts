import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { instalments, walletEntries } from '../src/db/schema/index.ts';
import { deskBrowsers, expectError, validateAtDesk, type DeskBrowsers } from './support/backoffice.ts';
import { expectOk } from './support/profile.ts';
import {
  borrowerWithReceipt,
  depositPhoto,
  INSTALMENT_CENTS,
  paymentStaff,
  photoOf,
  receiptsOf,
  scheduleOf,
  sessionNow,
  TOTAL_CENTS,
  type Staff,
} from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The cashier's desk through the staff API's routes (/api/backoffice/receipts…, the borrower's
// ledger): what payments-desk.test.ts proves of the services, here over HTTP with sessions, roles,
// CSRF and the rows' schemas.

let t: TestApp;
let staff: Staff;
let browsers: DeskBrowsers;
// 09:00 in Tegucigalpa: inside the payment hours.
const START = '2026-11-22T15:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ now: START });
  staff = await paymentStaff(t);
  browsers = await deskBrowsers(t);
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

let references = 0;
/** A disbursed loan (3 instalments of L 417.21) with one pending receipt sent now. */
const withReceipt = (amount = '417.21', reference = `HTTP-${process.pid}-${++references}`) =>
  borrowerWithReceipt(t, staff, reference, amount);

interface Item {
  id: number;
  state: string;
  sentAt: string;
  reference: string;
  referenceSeenOnOtherLoan: boolean;
}

const creditsOf = (loanId: number) =>
  t.deps.db.select().from(walletEntries).where(eq(walletEntries.loanId, loanId));

describe('GET /receipts', () => {
  it('lists a state oldest first, pages, and counts every state', async () => {
    const first = await withReceipt();
    t.clock.advance(60_000);
    const second = await withReceipt();
    t.clock.advance(60_000);
    const decided = await withReceipt();
    const rejected = await browsers.cashier.post(`/receipts/${decided.receiptId}/decision`, {
      decision: 'reject',
      reason: 'Ilegible.',
      photoSha256: await photoOf(t, decided.receiptId),
    });
    expect(rejected.statusCode, JSON.stringify(rejected.json)).toBe(200);

    const pending = await browsers.cashier.get('/receipts?state=pending&pageSize=100');
    expect(pending.statusCode).toBe(200);
    const items = pending.json.items as Item[];
    expect(items.every((i) => i.state === 'pending')).toBe(true);
    const ours = items.filter((i) => [first.receiptId, second.receiptId].includes(i.id));
    expect(ours.map((i) => i.id)).toEqual([first.receiptId, second.receiptId]);
    expect(items.map((i) => i.sentAt)).toEqual(items.map((i) => i.sentAt).sort());
    expect(items.map((i) => i.id)).not.toContain(decided.receiptId);
    const counts = pending.json.counts as Record<string, number>;
    expect(pending.json.total).toBe(counts.pending);
    expect(counts.rejected).toBeGreaterThanOrEqual(1);

    const rejectedList = await browsers.admin.get('/receipts?state=rejected');
    expect((rejectedList.json.items as Item[]).map((i) => i.id)).toContain(decided.receiptId);

    const all = await browsers.cashier.get('/receipts?pageSize=100');
    const pageTwo = await browsers.cashier.get('/receipts?page=2&pageSize=1');
    expect((pageTwo.json.items as Item[]).map((i) => i.id)).toEqual([(all.json.items as Item[])[1]!.id]);
    expect(pageTwo.json).toMatchObject({ page: 2, pageSize: 1, total: all.json.total });

    expectError(
      await browsers.cashier.get('/receipts?state=aprobado'),
      400,
      'Estado inválido: pending, awaiting_approval, validated, rejected o reversed.',
    );
  });

  it('flags a reference seen before on another loan, in the list and on the receipt', async () => {
    const reference = `DOBLE-${process.pid}`;
    const first = await withReceipt('417.21', reference);
    const second = await withReceipt('417.21', reference);
    const alone = await withReceipt();
    const list = await browsers.cashier.get('/receipts?state=pending&pageSize=100');
    const byId = new Map((list.json.items as Item[]).map((i) => [i.id, i]));
    expect(byId.get(first.receiptId)?.referenceSeenOnOtherLoan).toBe(true);
    expect(byId.get(second.receiptId)?.referenceSeenOnOtherLoan).toBe(true);
    expect(byId.get(alone.receiptId)?.referenceSeenOnOtherLoan).toBe(false);

    const one = await browsers.cashier.get(`/receipts/${second.receiptId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json).toMatchObject({
      id: second.receiptId,
      reference,
      referenceSeenOnOtherLoan: true,
      loanId: second.loanId,
      instalmentPosition: 1,
      declaredAmountCents: INSTALMENT_CENTS,
      debtCents: TOTAL_CENTS,
      sameReference: [{ id: first.receiptId, loanId: first.loanId, state: 'pending' }],
    });
    expect((one.json.schedule as unknown[]).length).toBe(3);
  });

  it('is for cashiers and admins: analysts and support get 403; an unknown receipt is 404', async () => {
    const { receiptId, borrowerId } = await withReceipt();
    for (const role of ['cashier', 'admin'] as const) {
      expect((await browsers[role].get('/receipts')).statusCode).toBe(200);
      expect((await browsers[role].get(`/receipts/${receiptId}`)).statusCode).toBe(200);
      expect((await browsers[role].get(`/borrowers/${borrowerId}/ledger`)).statusCode).toBe(200);
    }
    for (const role of ['analyst', 'support'] as const) {
      for (const path of [
        '/receipts',
        `/receipts/${receiptId}`,
        `/receipts/${receiptId}/image`,
        `/borrowers/${borrowerId}/ledger`,
      ]) {
        expectError(await browsers[role].get(path), 403);
      }
      expectError(
        await browsers[role].post(`/receipts/${receiptId}/decision`, {
          decision: 'validate',
          amount: '417.21',
        }),
        403,
      );
    }
    expectError(await browsers.cashier.get('/receipts/99999999'), 404, 'No encontramos ese comprobante.');
    expectError(
      await browsers.cashier.post('/receipts/99999999/decision', {
        decision: 'reject',
        reason: 'No.',
        photoSha256: '0'.repeat(64),
      }),
      404,
      'No encontramos ese comprobante.',
    );
    expectError(
      await browsers.cashier.get('/borrowers/99999999/ledger'),
      404,
      'No encontramos a ese cliente.',
    );
  });
});

describe('GET /receipts/:id/image', () => {
  it('serves the photo with its content type, private and never stored', async () => {
    const { receiptId, loanId, reference } = await withReceipt();
    const res = await browsers.cashier.get(`/receipts/${receiptId}/image`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.raw.equals(depositPhoto(loanId, reference))).toBe(true);
  });
});

describe('POST /receipts/:id/decision', () => {
  it('validate: the amount received (lempiras as text) is credited and applied late fee → interest → fee → principal', async () => {
    const { receiptId, loanId, instalmentIds, borrowerId } = await withReceipt('460.00');
    await t.deps.db
      .update(instalments)
      .set({ lateFeeCents: 1_500 })
      .where(eq(instalments.id, instalmentIds[0]!));
    // L 450.05 for L 460.00 declared: the cashier's validation waits 'Por aprobar' and a supervisor
    // confirms it (issue 31); the confirmation credits and applies the money.
    const res = await validateAtDesk(browsers.cashier, browsers.supervisor, receiptId, { amount: '450.05' });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id: receiptId,
      state: 'validated',
      stateLabel: 'Validado',
      receivedAmountCents: 45_005,
      approvalReasons: [{ code: 'amount_differs' }],
      appliesLater: false,
      application: {
        loanId,
        appliedCents: 45_005,
        // 15.00 + 50.00 + 50.00 + 317.21 close the first instalment; 17.84 go to the second's interest.
        split: { lateFee: 1_500, charge: 6_784, administratorFee: 5_000, amount: 31_721 },
        instalments: [
          { instalmentId: instalmentIds[0], position: 1, fullyCovered: true },
          { instalmentId: instalmentIds[1], position: 2, fullyCovered: false },
        ],
        remainingDebtCents: TOTAL_CENTS + 1_500 - 45_005,
        walletBalanceCents: 0,
        loanPaid: false,
      },
    });
    const schedule = await scheduleOf(t, loanId);
    expect(schedule.map((i) => [i.status, i.lateFeeCoveredCents, i.chargeCoveredCents])).toEqual([
      [1, 1_500, 5_000],
      [5, 0, 1_784],
      [2, 0, 0],
    ]);

    // The ledger row of the borrower file: credit, debit, the balance after each.
    const ledger = await browsers.admin.get(`/borrowers/${borrowerId}/ledger`);
    expect(ledger.statusCode).toBe(200);
    const entries = ledger.json.entries as { kind: string; amountCents: number; loanBalanceCents: number }[];
    expect(entries.map((e) => [e.kind, e.amountCents, e.loanBalanceCents])).toEqual([
      ['credit', 45_005, 45_005],
      ['debit', -45_005, 0],
    ]);
    expect(ledger.json).toMatchObject({
      walletBalanceCents: 0,
      receipts: [{ id: receiptId, state: 'validated', receivedAmountCents: 45_005 }],
      loans: [{ id: loanId, status: 3, debtCents: TOTAL_CENTS + 1_500 - 45_005 }],
    });
  });

  it('reject: the reason is what the borrower reads; no money moves; a second decision is 409', async () => {
    const { receiptId, loanId, borrowerId, reference } = await withReceipt();
    const photoSha256 = await photoOf(t, receiptId);
    const res = await browsers.admin.post(`/receipts/${receiptId}/decision`, {
      decision: 'reject',
      reason: '  La foto está   borrosa. ',
      photoSha256,
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      state: 'rejected',
      rejectionReason: 'La foto está borrosa.',
      application: null,
      appliesLater: false,
    });
    expect(await creditsOf(loanId)).toEqual([]);
    const sid = await sessionNow(t, borrowerId);
    const [note] = (await expectOk(t.call('getNotification.php', { sid }))) as unknown as {
      NotTit: string;
      NotDsc: string;
    }[];
    expect(note).toMatchObject({
      NotTit: 'Tu comprobante no fue aceptado',
      NotDsc: `Revisamos tu comprobante con referencia ${reference} por L 417.21 y no pudimos aceptarlo. Motivo: La foto está borrosa.`,
    });
    expectError(
      await browsers.cashier.post(`/receipts/${receiptId}/decision`, {
        decision: 'validate',
        amount: '1',
        photoSha256,
      }),
      409,
      'Otro cajero ya decidió sobre este comprobante.',
    );
  });

  it('two cashiers validating at once: one wins, the other gets 409, the money is applied once', async () => {
    const { receiptId, loanId } = await withReceipt();
    const body = { decision: 'validate', amount: '417.21', photoSha256: await photoOf(t, receiptId) };
    const answers = await Promise.all([
      browsers.cashier.post(`/receipts/${receiptId}/decision`, body),
      browsers.cashier2.post(`/receipts/${receiptId}/decision`, body),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expectError(
      answers.find((a) => a.statusCode === 409)!,
      409,
      'Otro cajero ya decidió sobre este comprobante.',
    );
    const entries = await creditsOf(loanId);
    expect(entries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([
      -INSTALMENT_CENTS,
      INSTALMENT_CENTS,
    ]);
    expect((await scheduleOf(t, loanId)).map((i) => i.status)).toEqual([1, 5, 2]);
  });

  it('a validation for the whole debt closes the loan (4): the day-0 payoff is applied, the rest is credit', async () => {
    const { receiptId, loanId } = await withReceipt('1251.63');
    // More than the payoff: confirmed by a supervisor (issue 31).
    const res = await validateAtDesk(browsers.cashier, browsers.supervisor, receiptId, { amount: '1251.63' });
    expect(res.json).toMatchObject({
      application: { appliedCents: 105_000, walletBalanceCents: TOTAL_CENTS - 105_000, loanPaid: true },
    });
    expect((await scheduleOf(t, loanId)).map((i) => i.status)).toEqual([1, 1, 6]);
  });

  it.each([
    [
      { decision: 'validate', amount: '1,234.50' },
      'Escribe el monto recibido en lempiras, con hasta dos decimales (por ejemplo 1234.50).',
      'amount',
    ],
    [
      { decision: 'validate', amount: '12.345' },
      'Escribe el monto recibido en lempiras, con hasta dos decimales (por ejemplo 1234.50).',
      'amount',
    ],
    [
      { decision: 'validate', amount: '0' },
      'Escribe el monto recibido en lempiras, con hasta dos decimales (por ejemplo 1234.50).',
      'amount',
    ],
    [
      { decision: 'validate' },
      'Escribe el monto recibido en lempiras, con hasta dos decimales (por ejemplo 1234.50).',
      'amount',
    ],
    [
      { decision: 'validate', amount: 417.21 },
      'Escribe el monto recibido en lempiras, con hasta dos decimales (por ejemplo 1234.50).',
      'amount',
    ],
    [
      { decision: 'validate', amount: '1000000.01' },
      'El monto recibido no puede ser mayor a L 1,000,000.00.',
      'amount',
    ],
    [{ decision: 'reject', reason: '  ' }, 'Escribe el motivo del rechazo: el cliente lo leerá.', 'reason'],
    [{ decision: 'approve' }, 'Elige una decisión: validate o reject.', 'decision'],
  ] as const)(
    'refuses body %# with a Spanish 400 naming the field, and changes nothing',
    async (body, message, field) => {
      const { receiptId, loanId } = await withReceipt();
      const res = await browsers.cashier.post(`/receipts/${receiptId}/decision`, {
        ...body,
        photoSha256: await photoOf(t, receiptId),
      });
      expectError(res, 400, message);
      expect((res.json.error as { field?: string }).field).toBe(field);
      expect((await receiptsOf(t, loanId))[0]?.state).toBe('pending');
      expect(await creditsOf(loanId)).toEqual([]);
    },
  );

  it('refuses a decision without the CSRF header', async () => {
    const { receiptId } = await withReceipt();
    const res = await browsers.cashier.post(
      `/receipts/${receiptId}/decision`,
      { decision: 'reject', reason: 'No.' },
      { noCsrf: true },
    );
    expectError(res, 403);
  });
});
