import { loanMessages, paymentMessages } from '@prestamos-hn/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowers, loans, outbox, walletEntries } from '../src/db/schema/index.ts';
import { decideLoan, recordDisbursement } from '../src/services/loans/decisions.ts';
import { deskBrowsers, expectError, validateAtDesk, type DeskBrowsers } from './support/backoffice.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { expectEr, expectOk } from './support/profile.ts';
import {
  borrowerWithDisbursedLoan,
  paymentStaff,
  sendFirstReceipt,
  sessionNow,
  TOTAL_CENTS,
  type Staff,
} from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Decision 014, points 4 and 5, over HTTP with a moving clock: getPayoffQuote.php on the
// acceptance loan (L 10,000 over 90 days, monthly, disbursed on 1 December 2026: 12,516.26 in
// all), the staff's GET /loans/:id/payoff, and the refund of a paid loan's credit.

/** 09:00 in Tegucigalpa (15:00 UTC) on a date: inside the payment hours. */
const nineAm = (date: string) => `${date}T15:00:00Z`;
const DISBURSED_ON = '2026-12-01';

let t: TestApp;
let staff: Staff;
let browsers: DeskBrowsers;

beforeAll(async () => {
  t = await createTestApp({ now: nineAm(DISBURSED_ON) });
  staff = await paymentStaff(t);
  browsers = await deskBrowsers(t);
});
afterAll(() => t.close());

/** A borrower with L 10,000 over 90 days (monthly) requested, approved and disbursed today. */
async function tenThousandLoan() {
  const borrower = await borrowerReadyToApply(t);
  const { container_id: loanId } = (await expectOk(
    postOffer(t, { sid: borrower.sid, ...REQUEST, amount: 10_000 }),
  )) as { container_id: number };
  await decideLoan(t.deps, staff.analyst, loanId, { decision: 'approve' });
  await recordDisbursement(t.deps, staff.cashier, loanId, {
    disbursedOn: DISBURSED_ON,
    reference: `TRF-${loanId}`,
  });
  return { ...borrower, loanId };
}

const payoffOf = (sid: string, loanId: number | string) =>
  t.call('getPayoffQuote.php', { sid, ContainerId: loanId });

describe('getPayoffQuote.php and GET /loans/:id/payoff', () => {
  let loan: Awaited<ReturnType<typeof tenThousandLoan>>;
  beforeAll(async () => {
    t.clock.set(nineAm(DISBURSED_ON));
    loan = await tenThousandLoan();
  });

  it('on the disbursement day: principal and the current fee (10,500.00)', async () => {
    expect(await expectOk(payoffOf(loan.sid, loan.loanId))).toEqual({
      asOf: '2026-12-01',
      payoff: 10_500,
      principal: 10_000,
      interest: 0,
      fees: 500,
      lateFees: 0,
      creditedBack: 0,
      validUntil: '2026-12-01',
    });
  });

  it('staff read the same quote in the loan file, with no credit while it is being paid', async () => {
    const res = await browsers.support.get(`/loans/${loan.loanId}/payoff`);
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({
      loanId: loan.loanId,
      status: 3,
      statusLabel: expect.any(String),
      quote: {
        asOf: '2026-12-01',
        validUntil: '2026-12-01',
        payoffCents: 1_050_000,
        principalCents: 1_000_000,
        interestCents: 0,
        feesCents: 50_000,
        lateFeesCents: 0,
        creditedBackCents: 0,
      },
      walletBalanceCents: 0,
      creditCents: 0,
    });
    expectError(await browsers.support.get('/loans/99999999/payoff'), 404, 'No encontramos ese préstamo.');
  });

  it("refuses another borrower's loan as the other calls do, and a loan not disbursed with a reason", async () => {
    const other = await borrowerReadyToApply(t);
    await expectEr(payoffOf(other.sid, loan.loanId), loanMessages.loanNotFound);
    await expectEr(payoffOf(other.sid, 'abc'), loanMessages.loanNotFound);
    const { container_id: requested } = (await expectOk(postOffer(t, { sid: other.sid, ...REQUEST }))) as {
      container_id: number;
    };
    await expectEr(payoffOf(other.sid, requested), paymentMessages.payoffNotDisbursed);
    const staffView = await browsers.cashier.get(`/loans/${requested}/payoff`);
    expect(staffView.json).toMatchObject({ status: 0, quote: null, creditCents: 0 });
  });

  it('on day 1: principal plus one day of interest plus the current fee (10,516.67, not 12,516.26)', async () => {
    t.clock.set(nineAm('2026-12-02'));
    const sid = await sessionNow(t, loan.borrowerId);
    expect(await expectOk(payoffOf(sid, loan.loanId))).toMatchObject({
      asOf: '2026-12-02',
      payoff: 10_516.67,
      principal: 10_000,
      interest: 16.67,
      fees: 500,
      validUntil: '2026-12-02',
    });
  });

  it('mid-period after paying two instalments ahead: the unearned interest paid is credited back', async () => {
    // Day 1: the first two instalments (L 4,172.09 each) paid and applied at once.
    const sid = await sessionNow(t, loan.borrowerId);
    const schedule = (await expectOk(
      t.call('getBorrowerRepaymentSchedule.php', { sid, ContainerId: loan.loanId }),
    )) as unknown as { id: number }[];
    const receiptId = await sendFirstReceipt(
      t,
      { sid, loanId: loan.loanId, instalmentIds: schedule.map((i) => i.id) },
      'ADELANTO-1',
      '8344.18',
    );
    const desk = await deskBrowsers(t);
    // Above L 5,000.00: a supervisor confirms the cashier's validation (issue 31).
    const decided = await validateAtDesk(desk.cashier, desk.supervisor, receiptId, { amount: '8344.18' });
    expect(decided.statusCode, JSON.stringify(decided.json)).toBe(200);
    expect(decided.json).toMatchObject({ state: 'validated' });

    // 15 January: 15 of the second period's 30 days; L 341.40 of its interest was paid, L 170.70 earned.
    t.clock.set(nineAm('2027-01-15'));
    const later = await sessionNow(t, loan.borrowerId);
    expect(await expectOk(payoffOf(later, loan.loanId))).toEqual({
      asOf: '2027-01-15',
      payoff: 3_326.52,
      principal: 3_497.22,
      interest: 0,
      fees: 0,
      lateFees: 0,
      creditedBack: 170.7,
      validUntil: '2027-01-15',
    });
  });
});

describe('POST /loans/:id/refund', () => {
  let paid: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;
  let creditCents: number;
  let fresh: DeskBrowsers;

  beforeAll(async () => {
    t.clock.set(nineAm('2027-02-01'));
    fresh = await deskBrowsers(t);
    // L 1,000 over 90 days paid in one receipt of L 1,276.63: L 25.00 more than the whole contract.
    paid = await borrowerWithDisbursedLoan(t, staff);
    const receiptId = await sendFirstReceipt(t, paid, 'TODO-Y-MAS', '1276.63');
    // More than the payoff: a supervisor confirms the cashier's validation (issue 31).
    const decided = await validateAtDesk(fresh.cashier, fresh.supervisor, receiptId, { amount: '1276.63' });
    expect(decided.statusCode, JSON.stringify(decided.json)).toBe(200);
    expect(decided.json).toMatchObject({ state: 'validated' });
    const view = await fresh.cashier.get(`/loans/${paid.loanId}/payoff`);
    expect(view.json).toMatchObject({ status: 4, quote: null });
    creditCents = (view.json as { creditCents: number }).creditCents;
    // At least the L 25.00 paid above the contract (closing by the payoff may credit back more).
    expect(creditCents).toBeGreaterThanOrEqual(127_663 - TOTAL_CENTS);
    expect((view.json as { walletBalanceCents: number }).walletBalanceCents).toBe(creditCents);
  });

  const refund = (browser: keyof DeskBrowsers, loanId: number, body: unknown) =>
    fresh[browser].post(`/loans/${loanId}/refund`, body);

  it('refuses roles without loans.refund, amounts not in lempiras, and a missing reference', async () => {
    expectError(await refund('analyst', paid.loanId, { amount: '1.00', reference: 'X1' }), 403);
    expectError(await refund('support', paid.loanId, { amount: '1.00', reference: 'X1' }), 403);
    for (const amount of ['0', '-1', '1.234', 'diez', '1,00']) {
      const res = await refund('cashier', paid.loanId, { amount, reference: 'X1' });
      expectError(res, 400);
      expect((res.json as { error: { field?: string } }).error.field).toBe('amount');
    }
    const blank = await refund('cashier', paid.loanId, { amount: '1.00', reference: '   ' });
    expectError(blank, 400, 'Escribe la referencia bancaria de la devolución.');
    const long = await refund('cashier', paid.loanId, { amount: '1.00', reference: 'R'.repeat(41) });
    expectError(long, 400, 'La referencia no puede tener más de 40 caracteres.');
  });

  it('refuses more than the credit, and a loan that is not paid', async () => {
    const above = (creditCents + 1) / 100;
    expectError(
      await refund('cashier', paid.loanId, { amount: above.toFixed(2), reference: 'X1' }),
      409,
      `No puedes devolver más que el saldo a favor del préstamo (L ${(creditCents / 100).toFixed(2)}).`,
    );
    const paying = await borrowerWithDisbursedLoan(t, staff);
    const res = await refund('cashier', paying.loanId, { amount: '1.00', reference: 'X1' });
    expectError(res, 409);
    expect((res.json as { error: { message: string } }).error.message).toMatch(
      /^Solo se devuelve el saldo a favor de un préstamo pagado; este está en estado «.+»\.$/,
    );
    expectError(await refund('cashier', 99999999, { amount: '1.00', reference: 'X1' }), 404);
  });

  it('of two refunds at once that together exceed the credit, one is refused; the ledger never goes below 0', async () => {
    // Two refunds of just over half the credit each: one of them must be refused.
    const half = Math.floor(creditCents / 2) + 1;
    const amount = (half / 100).toFixed(2);
    const [a, b] = await Promise.all([
      refund('cashier', paid.loanId, { amount, reference: 'DOBLE-A' }),
      refund('cashier2', paid.loanId, { amount, reference: 'DOBLE-B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = (a.statusCode === 200 ? a : b).json as { creditCents: number; refundedCents: number };
    expect(ok).toMatchObject({ refundedCents: half, creditCents: creditCents - half });
    creditCents -= half;
  });

  it('refunds the rest: a ledger entry, an audit row, the notice and its SMS', async () => {
    const reference = '  ABC123  ';
    const amount = (creditCents / 100).toFixed(2);
    const res = await refund('cashier', paid.loanId, { amount, reference });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      loanId: paid.loanId,
      refundedCents: creditCents,
      reference: 'ABC123',
      businessDate: '2027-02-01',
      creditCents: 0,
    });
    const entryId = (res.json as { entryId: number }).entryId;
    const [entry] = await t.deps.db.select().from(walletEntries).where(eq(walletEntries.id, entryId));
    expect(entry).toMatchObject({
      kind: 'refund',
      amountCents: -creditCents,
      reference: 'ABC123',
      loanId: paid.loanId,
      businessDate: '2027-02-01',
    });
    expect(entry!.staffId).toBeTypeOf('number');

    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loan.refund'), eq(auditLog.entityId, String(paid.loanId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      actorType: 'staff',
      entity: 'loan',
      before: { creditCents },
      after: { creditCents: 0, refundedCents: creditCents, reference: 'ABC123', entryId },
    });

    const [borrower] = await t.deps.db
      .select({ phone: borrowers.mobPhone })
      .from(borrowers)
      .where(eq(borrowers.id, paid.borrowerId));
    const sms = await t.deps.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, borrower!.phone), eq(outbox.channel, 'sms')));
    expect(sms.map((m) => m.body)).toContainEqual(
      expect.stringContaining(
        `Te devolvimos L ${amount} de tu saldo a favor del préstamo n.º ${paid.loanId}. Referencia: ABC123.`,
      ),
    );
    const notices = (await expectOk(
      t.call('getNotification.php', { sid: await sessionNow(t, paid.borrowerId) }),
    )) as unknown as { title?: string; NotTit?: string }[];
    expect(JSON.stringify(notices)).toContain('Te devolvimos tu saldo a favor');

    // Nothing left: a further refund is refused, and the loan file shows no credit.
    expectError(
      await refund('cashier', paid.loanId, { amount: '0.01', reference: 'OTRA' }),
      409,
      'Este préstamo no tiene saldo a favor.',
    );
    const view = await fresh.admin.get(`/loans/${paid.loanId}/payoff`);
    expect(view.json).toMatchObject({ creditCents: 0, walletBalanceCents: 0 });
    const [row] = await t.deps.db
      .select({ status: loans.status })
      .from(loans)
      .where(eq(loans.id, paid.loanId));
    expect(row!.status).toBe(4);
  });
});
