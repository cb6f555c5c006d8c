import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, borrowers, instalments, loans, walletEntries } from '../src/db/schema/index.ts';
import { applyPendingWallets } from '../src/services/payments/apply-wallet.ts';
import {
  decideReceipt,
  getBorrowerLedger,
  getReceipt,
  listReceipts,
  readReceiptImage,
} from '../src/services/payments/cashier-desk.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';
import { UserError } from '../src/errors.ts';
import { outboxFor } from './support/accounts.ts';
import { expectStaffError } from './support/backoffice.ts';
import { REQUEST, staffMember, postOffer } from './support/loans.ts';
import {
  borrowerWithDisbursedLoan,
  borrowerWithReceipt,
  depositPhoto,
  INSTALMENT_CENTS,
  paymentStaff,
  photoOf,
  receiptsOf,
  scheduleOf,
  sendFirstReceipt,
  sessionNow,
  TOTAL_CENTS,
  validateReceipt,
  type Staff,
} from './support/payments.ts';
import { expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let staff: Staff;
let secondCashier: StaffMember;
// 09:00 in Tegucigalpa: inside the payment hours.
const START = '2026-11-22T15:00:00Z';

beforeAll(async () => {
  t = await createTestApp({ now: START });
  staff = await paymentStaff(t);
  secondCashier = await staffMember(t, 'cashier');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(START));

/** A disbursed loan with one pending receipt sent now. */
const withReceipt = (amount = '417.21', reference = `REF-${Math.random().toString(36).slice(2, 10)}`) =>
  borrowerWithReceipt(t, staff, reference, amount);

const entriesOf = (loanId: number) =>
  t.deps.db.select().from(walletEntries).where(eq(walletEntries.loanId, loanId)).orderBy(walletEntries.id);
const loanStatus = async (loanId: number) =>
  (await t.deps.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId)))[0]!.status;
/** decideReceipt with the photo the cashier saw (the receipt's current one). */
const decide = async (
  by: StaffMember,
  receiptId: number,
  input: { decision: 'validate'; amount: string } | { decision: 'reject'; reason: string },
) => decideReceipt(t.deps, by, receiptId, { ...input, photoSha256: await photoOf(t, receiptId) });
/** A validation, confirmed by a supervisor when it waits as 'Por aprobar'. */
const validate = (receiptId: number, amount: string) => validateReceipt(t, staff, receiptId, { amount });
const phoneOf = async (borrowerId: number) =>
  (await t.deps.db.select({ p: borrowers.mobPhone }).from(borrowers).where(eq(borrowers.id, borrowerId)))[0]!
    .p;

describe('decideReceipt: validating inside the hours applies the money at once', () => {
  it('late fee, interest, fee, principal, oldest instalment first, to the centavo', async () => {
    const { loanId, receiptId, borrowerId, instalmentIds, reference } = await withReceipt('460.00');
    // A late fee on the first instalment (servicing will write these).
    await t.deps.db
      .update(instalments)
      .set({ lateFeeCents: 1_500 })
      .where(eq(instalments.id, instalmentIds[0]!));

    // L 450.00 received for L 460.00 declared: the cashier's validation waits for a second person
    // (issue 31); the supervisor's confirmation moves the money as a direct validation would.
    const result = await validate(receiptId, ' 450.00 ');
    expect(result).toMatchObject({
      state: 'validated',
      stateLabel: 'Validado',
      receivedAmountCents: 45_000,
      appliesLater: false,
      application: {
        appliedCents: 45_000,
        // 15.00 + 50.00 + 50.00 + 317.21 close the first; 17.79 goes to the second's interest.
        split: { lateFee: 1_500, charge: 6_779, administratorFee: 5_000, amount: 31_721 },
        remainingDebtCents: TOTAL_CENTS + 1_500 - 45_000,
        walletBalanceCents: 0,
        loanPaid: false,
      },
    });
    const schedule = await scheduleOf(t, loanId);
    expect(
      schedule.map((i) => [
        i.status,
        i.lateFeeCoveredCents,
        i.chargeCoveredCents,
        i.administratorFeeCoveredCents,
        i.amountCoveredCents,
      ]),
    ).toEqual([
      [1, 1_500, 5_000, 5_000, 31_721],
      [5, 0, 1_779, 0, 0],
      [2, 0, 0, 0, 0],
    ]);
    expect((await entriesOf(loanId)).map((e) => [e.kind, e.amountCents, e.receiptId])).toEqual([
      ['credit', 45_000, receiptId],
      ['debit', -45_000, null],
    ]);

    // The borrower sees it through the legacy calls, in lempiras.
    const sid = await sessionNow(t, borrowerId);
    const wire = (await expectOk(
      t.call('getBorrowerRepaymentSchedule.php', { sid, ContainerId: loanId }),
    )) as unknown as {
      status: number;
      late_fee_covered: number;
      charge_covered: number;
      administrator_fee_covered: number;
      amount_covered: number;
    }[];
    expect(
      wire.map((i) => [
        i.status,
        i.late_fee_covered,
        i.charge_covered,
        i.administrator_fee_covered,
        i.amount_covered,
      ]),
    ).toEqual([
      [1, 15, 50, 50, 317.21],
      [5, 0, 17.79, 0, 0],
      [2, 0, 0, 0, 0],
    ]);
    expect(await expectOk(t.call('getWalletInfo.php', { sid, ContainerId: loanId }))).toEqual({
      data: { amount_wallet_balance: 0 },
    });
    const offers = await expectOk(t.call('getCustomerOfferList.php', { sid }));
    expect((offers.loans as Record<string, { debt: number; status: number }>)[String(loanId)]).toMatchObject({
      status: 3,
      debt: 816.63,
    });

    // Told how it was split and what is left, in the app and by SMS; the validation itself only in the app.
    const notes = (await expectOk(t.call('getNotification.php', { sid }))) as unknown as {
      NotTit: string;
      NotDsc: string;
    }[];
    const applied =
      'Aplicamos L 450.00 a tu préstamo: recargo por mora L 15.00, intereses L 67.79, gastos administrativos L 50.00 y capital L 317.21. Saldo pendiente: L 816.63.';
    expect(notes.slice(0, 2).map((n) => [n.NotTit, n.NotDsc])).toEqual([
      ['Aplicamos tu pago', applied],
      [
        'Validamos tu comprobante',
        `Validamos tu comprobante con referencia ${reference} por L 450.00 (indicaste L 460.00).`,
      ],
    ]);
    const sms = await outboxFor(t, await phoneOf(borrowerId));
    expect(sms[0]?.body).toBe(`Préstamos HN: Aplicamos tu pago. ${applied}`);
    expect(sms.filter((m) => m.body.includes('Validamos'))).toHaveLength(0);

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        inArray(auditLog.action, [
          'receipt.validate',
          'receipt.submit_for_approval',
          'receipt.approve',
          'payment.apply',
        ]),
      )
      .orderBy(auditLog.id);
    expect(
      audit.filter((a) => a.entityId === String(receiptId) || a.entityId === String(loanId)),
    ).toMatchObject([
      {
        action: 'receipt.submit_for_approval',
        actorType: 'staff',
        actorId: String(staff.cashier.id),
        entity: 'receipt',
      },
      {
        action: 'receipt.approve',
        actorType: 'staff',
        actorId: String(staff.supervisor.id),
        entity: 'receipt',
      },
      { action: 'payment.apply', actorType: 'system', entity: 'loan', entityId: String(loanId) },
    ]);
  });

  it('two simultaneous decisions on one receipt: one wins, the other gets 409, the money moves once', async () => {
    for (const other of [
      { decision: 'validate', amount: '417.21' },
      { decision: 'reject', reason: 'No corresponde.' },
    ] as const) {
      const { loanId, receiptId } = await withReceipt();
      const photoSha256 = await photoOf(t, receiptId);
      const results = await Promise.allSettled([
        decideReceipt(t.deps, staff.cashier, receiptId, {
          decision: 'validate',
          amount: '417.21',
          photoSha256,
        }),
        decideReceipt(t.deps, secondCashier, receiptId, { ...other, photoSha256 }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      await expectStaffError(
        Promise.reject(lost.reason),
        409,
        'Otro cajero ya decidió sobre este comprobante.',
      );
      const entries = await entriesOf(loanId);
      expect(entries.filter((e) => e.kind === 'credit').length).toBeLessThanOrEqual(1);
      expect(entries.filter((e) => e.kind === 'debit').length).toBe(
        entries.filter((e) => e.kind === 'credit').length,
      );
      const covered = (await scheduleOf(t, loanId)).reduce(
        (sum, i) => sum + i.chargeCoveredCents + i.administratorFeeCoveredCents + i.amountCoveredCents,
        0,
      );
      expect(covered).toBe(entries.length === 0 ? 0 : INSTALMENT_CENTS);
      const decisions = await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'receipt'), eq(auditLog.entityId, String(receiptId))));
      expect(decisions.filter((a) => a.action !== 'receipt.send')).toHaveLength(1);
    }
  });

  it('two receipts of one loan validated at the same moment are applied one after the other', async () => {
    const borrower = await borrowerWithDisbursedLoan(t, staff);
    const ids: number[] = [];
    for (const reference of ['PRIMERO', 'SEGUNDO']) ids.push(await sendFirstReceipt(t, borrower, reference));
    await Promise.all(ids.map((id) => decide(staff.cashier, id, { decision: 'validate', amount: '417.21' })));
    const schedule = await scheduleOf(t, borrower.loanId);
    expect(schedule.map((i) => i.status)).toEqual([1, 1, 5]);
    const entries = await entriesOf(borrower.loanId);
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(0);
    expect(entries.filter((e) => e.kind === 'debit').map((e) => e.amountCents)).toEqual([
      -INSTALMENT_CENTS,
      -INSTALMENT_CENTS,
    ]);
  });

  it('the whole contractual total on the disbursement day: its payoff (L 1,050.00) closes the loan (4), the rest is credit, and getCustomerOfferList shows it', async () => {
    const { loanId, receiptId, borrowerId } = await withReceipt('1251.63');
    // More than the payoff: confirmed by a second person (issue 31).
    const result = await validate(receiptId, '1251.63');
    // Decision 014: paid off on day 0 the loan owes its principal and the current period's fee only.
    expect(result.application).toMatchObject({
      appliedCents: 105_000,
      remainingDebtCents: 0,
      walletBalanceCents: TOTAL_CENTS - 105_000,
      loanPaid: true,
    });
    expect((await scheduleOf(t, loanId)).map((i) => i.status)).toEqual([1, 1, 6]);
    expect(await loanStatus(loanId)).toBe(4);

    const sid = await sessionNow(t, borrowerId);
    const offers = await expectOk(t.call('getCustomerOfferList.php', { sid }));
    expect(offers.status).toBe(4);
    expect((offers.loans as Record<string, unknown>)[String(loanId)]).toMatchObject({ status: 4, debt: 0 });
    const [note] = (await expectOk(t.call('getNotification.php', { sid }))) as unknown as {
      NotTit: string;
      NotDsc: string;
    }[];
    expect(note).toMatchObject({
      NotTit: '¡Terminaste de pagar tu préstamo!',
      NotDsc:
        'Aplicamos L 1,050.00 a tu préstamo: recargo por mora L 0.00, intereses L 0.00, gastos administrativos L 50.00 y capital L 1,000.00. Saldo pendiente: L 0.00. Tu préstamo quedó pagado. ¡Gracias!',
    });
    // A paid loan no longer blocks a new request.
    await expectOk(postOffer(t, { sid, ...REQUEST }));
  });

  it('more money than the payoff: the loan closes and the rest stays in the wallet as credit', async () => {
    const { loanId, receiptId, borrowerId } = await withReceipt('1300.00');
    await validate(receiptId, '1300');
    expect(await loanStatus(loanId)).toBe(4);
    const sid = await sessionNow(t, borrowerId);
    expect(await expectOk(t.call('getWalletInfo.php', { sid, ContainerId: loanId }))).toEqual({
      data: { amount_wallet_balance: 250 },
    });
    // The daily run leaves a paid loan's leftover alone.
    expect((await applyPendingWallets(t.deps, '2026-11-23')).filter((a) => a.loanId === loanId)).toEqual([]);
  });
});

describe('decideReceipt: validating outside the hours waits for the daily run', () => {
  it.each([
    ['21:00', '2026-11-23T03:00:00Z'],
    ['07:59', '2026-11-22T13:59:00Z'],
  ])('validated at %s: credited now, applied by applyPendingWallets, once', async (_local, at) => {
    const { loanId, receiptId, borrowerId, reference } = await withReceipt();
    t.clock.set(at);
    const result = await decide(staff.cashier, receiptId, { decision: 'validate', amount: '417.21' });
    expect(result).toMatchObject({ appliesLater: true, application: null });
    expect((await scheduleOf(t, loanId)).map((i) => i.status)).toEqual([5, 2, 0]);
    expect((await entriesOf(loanId)).map((e) => e.amountCents)).toEqual([INSTALMENT_CENTS]);
    const sms = await outboxFor(t, await phoneOf(borrowerId));
    expect(sms[0]?.body).toBe(
      `Préstamos HN: Validamos tu comprobante. Validamos tu comprobante con referencia ${reference} por L 417.21. Lo aplicaremos a tus cuotas mañana a partir de las 8:00 a. m.`,
    );

    // The next day's run, at 00:05.
    const businessDate = '2026-11-23';
    t.clock.set('2026-11-23T06:05:00Z');
    const applied = await applyPendingWallets(t.deps, businessDate);
    expect(applied.filter((a) => a.loanId === loanId)).toMatchObject([
      { appliedCents: INSTALMENT_CENTS, businessDate, loanPaid: false, walletBalanceCents: 0 },
    ]);
    expect((await scheduleOf(t, loanId)).map((i) => i.status)).toEqual([1, 5, 2]);
    const [, debit] = await entriesOf(loanId);
    expect(debit).toMatchObject({ kind: 'debit', amountCents: -INSTALMENT_CENTS, businessDate });
    // Run again: nothing left to apply.
    expect((await applyPendingWallets(t.deps, businessDate)).filter((a) => a.loanId === loanId)).toEqual([]);
    expect(await entriesOf(loanId)).toHaveLength(2);
  });
});

describe('decideReceipt: rejecting and refusing', () => {
  it('a rejection records the reason the borrower reads; no money moves', async () => {
    const { loanId, receiptId, borrowerId, reference } = await withReceipt('417.21');
    const result = await decide(staff.cashier, receiptId, {
      decision: 'reject',
      reason: '  La foto   está borrosa. ',
    });
    expect(result).toMatchObject({
      state: 'rejected',
      rejectionReason: 'La foto está borrosa.',
      application: null,
    });
    expect(await entriesOf(loanId)).toEqual([]);
    const sms = await outboxFor(t, await phoneOf(borrowerId));
    expect(sms[0]?.body).toBe(
      `Préstamos HN: Tu comprobante no fue aceptado. Revisamos tu comprobante con referencia ${reference} por L 417.21 y no pudimos aceptarlo. Motivo: La foto está borrosa.`,
    );
    await expectStaffError(
      decide(staff.cashier, receiptId, { decision: 'validate', amount: '417.21' }),
      409,
      'Otro cajero ya decidió sobre este comprobante.',
    );
  });

  const AMOUNT_FORMAT =
    'Escribe el monto recibido en lempiras, con hasta dos decimales (por ejemplo 1234.50).';

  it.each([
    [{ decision: 'validate', amount: '' }, AMOUNT_FORMAT],
    [{ decision: 'validate', amount: '0.00' }, AMOUNT_FORMAT],
    [{ decision: 'validate', amount: '1,234.50' }, AMOUNT_FORMAT],
    [{ decision: 'validate', amount: '12.345' }, AMOUNT_FORMAT],
    [{ decision: 'validate', amount: '-5' }, AMOUNT_FORMAT],
    [
      { decision: 'validate', amount: '1000000.01' },
      'El monto recibido no puede ser mayor a L 1,000,000.00.',
    ],
    [{ decision: 'reject', reason: '   ' }, 'Escribe el motivo del rechazo: el cliente lo leerá.'],
    [
      { decision: 'reject', reason: 'x'.repeat(501) },
      'El motivo del rechazo no puede tener más de 500 caracteres.',
    ],
  ] as const)('refuses decision %# with its message and changes nothing', async (input, message) => {
    const { receiptId, loanId } = await withReceipt();
    const error = await decide(staff.cashier, receiptId, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toBe(message);
    expect((await receiptsOf(t, loanId))[0]?.state).toBe('pending');
    expect(await entriesOf(loanId)).toEqual([]);
  });

  it('an unknown receipt is 404', async () => {
    await expectStaffError(
      decideReceipt(t.deps, staff.cashier, 9_999_999, {
        decision: 'validate',
        amount: '1',
        photoSha256: '0'.repeat(64),
      }),
      404,
      'No encontramos ese comprobante.',
    );
    await expectStaffError(getReceipt(t.deps, 9_999_999), 404, 'No encontramos ese comprobante.');
    await expectStaffError(getBorrowerLedger(t.deps, 9_999_999), 404, 'No encontramos a ese cliente.');
  });
});

describe('the wallet ledger', () => {
  it('is append-only: an entry can be neither changed nor deleted', async () => {
    const { loanId, receiptId } = await withReceipt();
    await decide(staff.cashier, receiptId, { decision: 'validate', amount: '417.21' });
    const [credit] = await entriesOf(loanId);
    await expect(
      t.deps.db.update(walletEntries).set({ amountCents: 1 }).where(eq(walletEntries.id, credit!.id)),
    ).rejects.toThrow();
    await expect(t.deps.db.delete(walletEntries).where(eq(walletEntries.id, credit!.id))).rejects.toThrow();
    // A second credit for the same receipt is refused by the database.
    await expect(
      t.deps.db.insert(walletEntries).values({
        borrowerId: credit!.borrowerId,
        loanId,
        kind: 'credit',
        amountCents: 100,
        receiptId,
        businessDate: '2026-11-22',
      }),
    ).rejects.toThrow();
    expect((await entriesOf(loanId)).map((e) => e.amountCents)).toEqual([
      INSTALMENT_CENTS,
      -INSTALMENT_CENTS,
    ]);
  });
});

describe("the cashier's desk", () => {
  it('lists receipts oldest first with borrower, loan and instalment, flagging a reference seen on another loan', async () => {
    const first = await withReceipt('417.21', 'MISMA-REF-1');
    t.clock.advance(60_000);
    const second = await withReceipt('200.00', 'MISMA-REF-1');
    t.clock.advance(60_000);
    const third = await withReceipt('300.00', 'UNICA-REF-1');
    await decide(staff.cashier, third.receiptId, { decision: 'reject', reason: 'Ilegible.' });

    const page = await listReceipts(t.deps, { page: 1, pageSize: 500 });
    const ours = page.items.filter((i) =>
      [first.receiptId, second.receiptId, third.receiptId].includes(i.id),
    );
    expect(ours.map((i) => i.id)).toEqual([first.receiptId, second.receiptId, third.receiptId]);
    expect(ours[0]).toMatchObject({
      state: 'pending',
      stateLabel: 'Pendiente',
      reference: 'MISMA-REF-1',
      declaredAmountCents: 41_721,
      receivedAmountCents: null,
      loanId: first.loanId,
      loanStatus: 3,
      loanStatusLabel: 'Pagando',
      instalmentId: first.instalmentIds[0],
      instalmentPosition: 1,
      borrowerId: first.borrowerId,
      borrowerName: 'PRUEBA PERSONA',
      referenceSeenOnOtherLoan: true,
      forward: { status: 'pending', attempts: 0 },
    });
    expect(ours[1]).toMatchObject({ referenceSeenOnOtherLoan: true, declaredAmountCents: 20_000 });
    expect(ours[2]).toMatchObject({
      state: 'rejected',
      rejectionReason: 'Ilegible.',
      decidedBy: staff.cashier.name,
      referenceSeenOnOtherLoan: false,
    });
    expect(page.total).toBe(Object.values(page.counts).reduce((sum, n) => sum + n, 0));

    const pending = await listReceipts(t.deps, { state: 'pending', page: 1, pageSize: 500 });
    expect(pending.items.every((i) => i.state === 'pending')).toBe(true);
    expect(pending.total).toBe(page.counts.pending);
    expect(pending.items.map((i) => i.sentAt)).toEqual([...pending.items.map((i) => i.sentAt)].sort());
    const small = await listReceipts(t.deps, { page: 2, pageSize: 1 });
    expect(small.items).toHaveLength(1);
    expect(small.items[0]!.id).toBe(page.items[1]!.id);
  });

  it('getReceipt shows the schedule and the same reference elsewhere; the photo is read with an audit row', async () => {
    const first = await withReceipt('417.21', 'OTRA-VEZ-9');
    const second = await withReceipt('417.21', 'OTRA-VEZ-9');
    const receipt = await getReceipt(t.deps, second.receiptId);
    expect(receipt).toMatchObject({
      id: second.receiptId,
      referenceSeenOnOtherLoan: true,
      debtCents: TOTAL_CENTS,
    });
    expect(receipt.schedule.map((i) => [i.position, i.remainingCents, i.statusLabel])).toEqual([
      [1, INSTALMENT_CENTS, 'Pago Actual'],
      [2, INSTALMENT_CENTS, 'Pago próximo'],
      [3, INSTALMENT_CENTS, 'Pendiente'],
    ]);
    expect(receipt.sameReference).toMatchObject([
      { id: first.receiptId, loanId: first.loanId, state: 'pending' },
    ]);
    // The same canonical reference at the same bank: a possible duplicate (issue 31).
    expect(receipt.duplicates).toEqual([
      {
        id: first.receiptId,
        borrowerId: first.borrowerId,
        borrowerName: 'PRUEBA PERSONA',
        loanId: first.loanId,
        state: 'pending',
        stateLabel: 'Pendiente',
        sameReference: true,
        samePhoto: false,
      },
    ]);

    const image = await readReceiptImage(t.deps, staff.cashier, second.receiptId);
    expect(image).toEqual({ data: depositPhoto(second.loanId, 'OTRA-VEZ-9'), contentType: 'image/jpeg' });
    const views = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'receipt.view'), eq(auditLog.entityId, String(second.receiptId))));
    expect(views).toMatchObject([
      { actorType: 'staff', actorId: String(staff.cashier.id), entity: 'receipt' },
    ]);
  });

  it("getBorrowerLedger: the entries with each loan's balance after them, the receipts, the schedule covered", async () => {
    const { loanId, receiptId, borrowerId, instalmentIds } = await withReceipt('500.00', 'LIBRO-1');
    await decide(staff.cashier, receiptId, { decision: 'validate', amount: '500.00' });
    const ledger = await getBorrowerLedger(t.deps, borrowerId);
    expect(ledger.walletBalanceCents).toBe(0);
    expect(ledger.entries.map((e) => [e.kind, e.amountCents, e.loanBalanceCents])).toEqual([
      ['credit', 50_000, 50_000],
      ['debit', -50_000, 0],
    ]);
    expect(ledger.entries[0]).toMatchObject({
      receiptId,
      staffName: staff.cashier.name,
      businessDate: '2026-11-22',
    });
    expect(ledger.entries[1]!.allocation).toMatchObject({
      // 417.21 close the first; 82.79 cover the second's interest (34.14) and part of its fee (48.65).
      split: { lateFee: 0, charge: 8_414, administratorFee: 9_865, amount: 31_721 },
      instalments: [
        { instalmentId: instalmentIds[0], position: 1, fullyCovered: true },
        { instalmentId: instalmentIds[1], position: 2, fullyCovered: false },
      ],
    });
    expect(ledger.receipts).toMatchObject([
      { id: receiptId, state: 'validated', receivedAmountCents: 50_000 },
    ]);
    expect(ledger.loans).toMatchObject([
      { id: loanId, status: 3, walletBalanceCents: 0, debtCents: TOTAL_CENTS - 50_000 },
    ]);
    expect(ledger.loans[0]!.instalments[1]).toMatchObject({
      chargeCoveredCents: 3_414,
      administratorFeeCoveredCents: 4_865,
      amountCoveredCents: 0,
      remainingCents: INSTALMENT_CENTS - 8_279,
    });
  });
});
