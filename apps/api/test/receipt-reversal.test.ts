import { INSTALMENT_STATUS as I, LOAN_STATUS as L } from '@prestamos-hn/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  loanCharges,
  loans,
  notifications,
  receipts,
  walletEntries,
} from '../src/db/schema/index.ts';
import { refundLoanCredit } from '../src/services/payments/payoff.ts';
import { reverseReceipt } from '../src/services/payments/receipt-reversal.ts';
import { runMissedDates } from '../src/services/servicing/daily-run.ts';
import { expectError, expectStaffError, staffWithRole } from './support/backoffice.ts';
import { staffMember } from './support/loans.ts';
import { expectOk } from './support/profile.ts';
import {
  borrowerWithDisbursedLoan,
  paymentStaff,
  postReceipt,
  scheduleOf,
  sessionNow,
  validateReceipt,
  type Staff,
} from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';

// Issue 31 point 4 over the real services with a moving clock. REQUEST (L 1,000 over 90 days,
// monthly, L 100 late fee, one grace day, L 1.00 tolerance) disbursed on 2026-11-22: three
// instalments of L 417.21 due 2026-12-22, 2027-01-21, 2027-02-20.
const START = '2026-11-22T15:00:00Z';
const DUE_1 = '2026-12-22';
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(Date.parse(`${date}T00:00:00Z`) + ((h! + 6) * 60 + m!) * 60_000).toISOString();
};
const REASON = 'El banco informó que el depósito fue devuelto por fondos insuficientes.';

let t: TestApp;
let staff: Staff;
let supervisor: StaffMember;
const apps: TestApp[] = [];
beforeEach(async () => {
  t = await createTestApp({ now: START });
  apps.push(t);
  staff = await paymentStaff(t);
  supervisor = await staffMember(t, 'supervisor');
  await runMissedDates(t.deps);
});
afterAll(() => Promise.all(apps.map((app) => app.close())));

let references = 0;
async function send(b: { borrowerId: number; loanId: number }, amount: string, when: string) {
  t.clock.set(when);
  const sid = await sessionNow(t, b.borrowerId);
  const open =
    (await scheduleOf(t, b.loanId)).find((i) => i.status !== I.paid) ?? (await scheduleOf(t, b.loanId))[0]!;
  const sent = await expectOk(
    postReceipt(t, sid, {
      containerId: b.loanId,
      idpago: open.id,
      amount,
      reference: `REV-${process.pid}-${++references}`,
    }),
  );
  return sent.receipt_id as number;
}
async function validate(receiptId: number, amount: string, when: string, valueDate?: string) {
  t.clock.set(when);
  return validateReceipt(t, staff, receiptId, { amount, ...(valueDate ? { valueDate } : {}) });
}
const run = (date: string) => {
  t.clock.set(at(date, '00:05'));
  return runMissedDates(t.deps);
};
const reverse = (receiptId: number, when: string, who: StaffMember = supervisor) => {
  t.clock.set(when);
  return reverseReceipt(t.deps, who, receiptId, { reason: REASON });
};
const entriesOf = (loanId: number) =>
  t.deps.db
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.loanId, loanId))
    .orderBy(asc(walletEntries.id));
const balanceOf = async (loanId: number) => (await entriesOf(loanId)).reduce((s, e) => s + e.amountCents, 0);

/** Everything the borrower and the desk read of a loan's account: instalments, statuses, loan, wallet. */
async function accountOf(loanId: number) {
  const [loan] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
  const schedule = (await scheduleOf(t, loanId)).map((i) => ({
    position: i.position,
    dueDate: i.dueDate,
    status: i.status,
    lateFee: [i.lateFeeCents, i.lateFeeCoveredCents],
    penalty: [i.penaltyFeeCents, i.penaltyCoveredCents],
    charge: [i.chargeCents, i.chargeCoveredCents],
    administratorFee: [i.administratorFeeCents, i.administratorFeeCoveredCents],
    amount: [i.amountCents, i.amountCoveredCents],
  }));
  return { loanStatus: loan!.status, schedule, walletBalanceCents: await balanceOf(loanId) };
}

describe('reversing a validated receipt (issue 31 point 4)', () => {
  it('the same day: the schedule, statuses and balance are exactly as before the receipt; the borrower is told', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const before = await accountOf(b.loanId);
    const receiptId = await send(b, '417.21', at('2026-11-30', '09:00'));
    await validate(receiptId, '417.21', at('2026-11-30', '10:00'));
    expect((await accountOf(b.loanId)).schedule[0]!.status).toBe(I.paid);

    const answer = await reverse(receiptId, at('2026-11-30', '11:00'));
    expect(answer).toMatchObject({ state: 'reversed', stateLabel: 'Revertido', reversalReason: REASON });
    expect(await accountOf(b.loanId)).toEqual(before);

    // The ledger keeps every step: credit, debit, and their reversals; nothing updated in place.
    const entries = await entriesOf(b.loanId);
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ['credit', 41_721],
      ['debit', -41_721],
      ['reversal', 41_721],
      ['reversal', -41_721],
    ]);
    const [receipt] = await t.deps.db.select().from(receipts).where(eq(receipts.id, receiptId));
    expect(receipt).toMatchObject({
      state: 'reversed',
      reversedByStaffId: supervisor.id,
      reversalReason: REASON,
    });
    const told = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.borrowerId, b.borrowerId));
    expect(told.map((n) => n.title)).toContain('Revertimos un pago');
    expect(told.find((n) => n.title === 'Revertimos un pago')!.body).toContain(REASON);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'receipt.reverse'), eq(auditLog.entityId, String(receiptId))));
    expect(audit).toMatchObject({ actorType: 'staff', actorId: String(supervisor.id) });

    // Once is all: a second reversal is refused, and so is one of a receipt never validated.
    await expectStaffError(
      reverse(receiptId, at('2026-11-30', '11:05')),
      409,
      'Este comprobante ya fue revertido.',
    );
    const pending = await send(b, '417.21', at('2026-11-30', '12:00'));
    await expectStaffError(
      reverse(pending, at('2026-11-30', '12:05')),
      409,
      'Solo se puede revertir un comprobante validado.',
    );
  });

  it('on a later day: the loan reads as its twin that never received the money (fees and statuses the run would have made)', async () => {
    const a = await borrowerWithDisbursedLoan(t, staff);
    const twin = await borrowerWithDisbursedLoan(t, staff);
    const receiptId = await send(a, '417.21', at('2026-12-20', '09:00'));
    await validate(receiptId, '417.21', at('2026-12-20', '10:00'));
    await run('2026-12-28');
    expect((await accountOf(a.loanId)).loanStatus).toBe(L.paying);
    expect((await accountOf(twin.loanId)).loanStatus).toBe(L.late);

    await reverse(receiptId, at('2026-12-28', '10:00'));
    const reversed = await accountOf(a.loanId);
    expect(reversed).toEqual(await accountOf(twin.loanId));
    expect(reversed.schedule[0]!.lateFee).toEqual([10_000, 0]);
    // The late fee is dated as the run dated the twin's.
    const feeDates = async (loanId: number) =>
      (await t.deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, loanId)))
        .filter((c) => c.kind === 'late_fee')
        .map((c) => c.businessDate);
    expect(await feeDates(a.loanId)).toEqual(await feeDates(twin.loanId));

    // And from then on both age alike.
    await run('2027-03-05');
    expect(await accountOf(a.loanId)).toEqual(await accountOf(twin.loanId));
  });

  it("after maturity, a receipt that paid part of the principal: the days of default interest charged on the smaller balance are topped up to the twin's", async () => {
    const a = await borrowerWithDisbursedLoan(t, staff);
    const twin = await borrowerWithDisbursedLoan(t, staff);
    // Maturity is 2027-02-20; default interest runs from the 22nd (one grace day). L 500 on
    // 1 March pays instalment 1's fee, its interest and part of its principal, not all of it.
    await run('2027-03-01');
    const receiptId = await send(a, '500.00', at('2027-03-01', '09:00'));
    await validate(receiptId, '500.00', at('2027-03-01', '10:00'));
    await run('2027-03-10');
    const [first] = (await accountOf(a.loanId)).schedule;
    expect(first!.amount[1]).toBeGreaterThan(0);
    expect(first!.amount[1]).toBeLessThan(first!.amount[0]!);
    // From the 2nd on, instalment 1's default interest was charged on what the receipt left owed.
    const interestOn = async (loanId: number, date: string) =>
      (await t.deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, loanId)))
        .filter((c) => c.component === 'penalty' && c.businessDate === date)
        .reduce((sum, c) => sum + c.amountCents, 0);
    expect(await interestOn(a.loanId, '2027-03-05')).toBeLessThan(
      await interestOn(twin.loanId, '2027-03-05'),
    );

    await reverse(receiptId, at('2027-03-10', '10:00'));
    expect(await accountOf(a.loanId)).toEqual(await accountOf(twin.loanId));
    expect(await interestOn(a.loanId, '2027-03-05')).toBe(await interestOn(twin.loanId, '2027-03-05'));
    // The days already charged are topped up (never a second day's row); the rest ages alike.
    await run('2027-03-20');
    expect(await accountOf(a.loanId)).toEqual(await accountOf(twin.loanId));
  });

  it('a receipt whose value date waived a late fee: the fee is back; the other receipt pays the oldest instalment again', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const twin = await borrowerWithDisbursedLoan(t, staff);
    // Receipt 1 covers instalment 1 on time (validated late, with its value date: the fee waived).
    const first = await send(b, '417.21', at(DUE_1, '18:30'));
    await run('2026-12-27');
    await validate(first, '417.21', at('2026-12-27', '09:00'), DUE_1);
    // Receipt 2 pays instalment 2; the twin gets the same money the same day.
    const second = await send(b, '417.21', at('2026-12-28', '09:00'));
    await validate(second, '417.21', at('2026-12-28', '10:00'));
    const twinReceipt = await send(twin, '417.21', at('2026-12-28', '09:00'));
    await validate(twinReceipt, '417.21', at('2026-12-28', '10:00'));

    await reverse(first, at('2026-12-28', '11:00'));
    // As if only the second receipt had come: it pays the late fee and most of instalment 1.
    expect(await accountOf(b.loanId)).toEqual(await accountOf(twin.loanId));
    const charges = await t.deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, b.loanId));
    expect(
      charges.filter((c) => c.kind === 'reinstatement').map((c) => [c.component, c.amountCents]),
    ).toEqual([['lateFee', 10_000]]);
  });

  it('a receipt that closed the loan by payoff: the loan is paying again, unearned interest owed again, no credit left', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const before = await accountOf(b.loanId);
    const receiptId = await send(b, '1100.00', at('2026-11-25', '09:00'));
    await validate(receiptId, '1100.00', at('2026-11-25', '10:00'));
    expect((await accountOf(b.loanId)).loanStatus).toBe(L.paid);

    await reverse(receiptId, at('2026-11-25', '11:00'));
    expect(await accountOf(b.loanId)).toEqual(before);
  });

  it('is refused once part of the money was refunded to the borrower', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const receiptId = await send(b, '1300.00', at('2026-11-25', '09:00'));
    await validate(receiptId, '1300.00', at('2026-11-25', '10:00'));
    const credit = await balanceOf(b.loanId);
    expect(credit).toBeGreaterThan(0);
    await refundLoanCredit(t.deps, staff.cashier, b.loanId, {
      reference: 'DEV-1',
      amount: (credit / 100).toFixed(2),
    });
    const entries = await entriesOf(b.loanId);
    await expectStaffError(
      reverse(receiptId, at('2026-11-25', '12:00')),
      409,
      'No se puede revertir: parte de este dinero ya se devolvió al cliente o se pasó a otro préstamo.',
    );
    expect(await entriesOf(b.loanId)).toEqual(entries);
  });
});

describe('POST /api/backoffice/receipts/:id/reversal', () => {
  it('supervisors and admins reverse; a cashier is refused (403); a reason is required (400)', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const receiptId = await send(b, '417.21', at('2026-11-30', '09:00'));
    await validate(receiptId, '417.21', at('2026-11-30', '10:00'));
    const cashier = (await staffWithRole(t, 'cashier')).browser;
    const boss = (await staffWithRole(t, 'supervisor')).browser;
    expectError(await cashier.post(`/receipts/${receiptId}/reversal`, { reason: REASON }), 403);
    expectError(
      await boss.post(`/receipts/${receiptId}/reversal`, { reason: '  ' }),
      400,
      'Escribe el motivo de la reversión: el cliente lo leerá.',
    );
    const ok = await boss.post(`/receipts/${receiptId}/reversal`, { reason: REASON });
    expect(ok.statusCode, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json).toMatchObject({
      id: receiptId,
      state: 'reversed',
      loanStatus: L.paying,
      walletBalanceCents: 0,
    });
    expectError(
      await boss.post(`/receipts/${receiptId}/reversal`, { reason: REASON }),
      409,
      'Este comprobante ya fue revertido.',
    );
  });
});

describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('20 concurrent reversals of one receipt: one wins, the credit is reversed once', async () => {
    const b = await borrowerWithDisbursedLoan(t, staff);
    const receiptId = await send(b, '417.21', at('2026-11-30', '09:00'));
    await validate(receiptId, '417.21', at('2026-11-30', '10:00'));
    t.clock.set(at('2026-11-30', '11:00'));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => reverseReceipt(t.deps, supervisor, receiptId, { reason: REASON })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const entries = await entriesOf(b.loanId);
    expect(entries.filter((e) => e.kind === 'reversal')).toHaveLength(2);
    expect(await balanceOf(b.loanId)).toBe(0);
  });
});
