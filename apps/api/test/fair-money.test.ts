import { INSTALMENT_STATUS as I, LOAN_STATUS as L, payoffQuote } from '@prestamos-hn/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { loanCharges, loans, notifications, receipts, walletEntries } from '../src/db/schema/index.ts';
import { decideReceipt } from '../src/services/payments/cashier-desk.ts';
import { runMissedDates, runServicingDate } from '../src/services/servicing/daily-run.ts';
import { deskBrowsers, expectError, type DeskBrowsers } from './support/backoffice.ts';
import { expectOk } from './support/profile.ts';
import {
  borrowerWithDisbursedLoan,
  INSTALMENT_CENTS,
  paymentStaff,
  photoOf,
  postReceipt,
  scheduleOf,
  sessionNow,
  validateReceipt,
  type Staff,
} from './support/payments.ts';
import { decideLoan, recordDisbursement } from '../src/services/loans/decisions.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { postOffer } from './support/loans.ts';

// Decision 014 (money that is fair to both sides) over the real services with a moving clock. The
// loans are REQUEST (L 1,000 over 90 days, monthly, L 100 late fee, one grace day, L 1.00 tolerance)
// disbursed on 2026-11-22: three instalments of L 417.21 due 2026-12-22, 2027-01-21, 2027-02-20.
const START = '2026-11-22T15:00:00Z';
const LATE_FEE = 10_000;
const DUE_1 = '2026-12-22';
/** `hh:mm` in Tegucigalpa (UTC−6) on `date`, as an instant. */
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(Date.parse(`${date}T00:00:00Z`) + ((h! + 6) * 60 + m!) * 60_000).toISOString();
};

// Each test has a book of its own: the daily run's dates are the whole book's.
let t: TestApp;
let staff: Staff;
const apps: TestApp[] = [];
beforeEach(async () => {
  t = await createTestApp({ now: START });
  apps.push(t);
  staff = await paymentStaff(t);
});
afterAll(() => Promise.all(apps.map((app) => app.close())));

let references = 0;
async function loanOnStart(graceDays?: number) {
  t.clock.set(START);
  // The book's first run, so that every later run catches up each date in between.
  await runMissedDates(t.deps);
  const borrower = await borrowerWithDisbursedLoan(t, staff);
  if (graceDays !== undefined) {
    await t.deps.db.update(loans).set({ graceDays }).where(eq(loans.id, borrower.loanId));
  }
  return borrower;
}
async function send(borrower: { borrowerId: number; loanId: number }, amount: string, when: string) {
  t.clock.set(when);
  const sid = await sessionNow(t, borrower.borrowerId);
  const open = (await scheduleOf(t, borrower.loanId)).find((i) => i.status !== I.paid)!;
  const sent = await expectOk(
    postReceipt(t, sid, {
      containerId: borrower.loanId,
      idpago: open.id,
      amount,
      reference: `FAIR-${process.pid}-${++references}`,
    }),
  );
  return sent.receipt_id as number;
}
/** A cashier's validation at `when`; when it waits as 'Por aprobar' (issue 31), a supervisor confirms it. */
const validate = (receiptId: number, amount: string, when: string, valueDate?: string) => {
  t.clock.set(when);
  return validateReceipt(t, staff, receiptId, { amount, ...(valueDate ? { valueDate } : {}) });
};
const run = (date: string) => {
  t.clock.set(at(date, '00:05'));
  return runMissedDates(t.deps);
};
const loanRow = async (loanId: number) =>
  (await t.deps.db.select().from(loans).where(eq(loans.id, loanId)))[0]!;
const chargesOf = (loanId: number) =>
  t.deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, loanId)).orderBy(asc(loanCharges.id));
const entriesOf = (loanId: number) =>
  t.deps.db
    .select()
    .from(walletEntries)
    .where(eq(walletEntries.loanId, loanId))
    .orderBy(asc(walletEntries.id));
const balanceOf = async (loanId: number) => (await entriesOf(loanId)).reduce((s, e) => s + e.amountCents, 0);

describe('value dates (point 1) with grace and tolerance (point 2)', () => {
  it('a receipt sent at 18:30 on the due date and validated at 09:00 the next day: no fee, Pagado, loan 3', async () => {
    const b = await loanOnStart();
    await run(DUE_1);
    const receiptId = await send(b, '417.21', at(DUE_1, '18:30'));
    await run('2026-12-23');
    // At 00:05 the instalment is past due (3) and the loan late (8), but within the grace day: no fee,
    // and no 'atrasada' reminder while the receipt sent on the due date waits.
    expect((await scheduleOf(t, b.loanId)).map((i) => [i.status, i.lateFeeCents])).toEqual([
      [I.late, 0],
      [I.current, 0],
      [I.next, 0],
    ]);
    const titles = (
      await t.deps.db.select().from(notifications).where(eq(notifications.borrowerId, b.borrowerId))
    ).map((n) => n.title);
    expect(titles).not.toContain('Tu cuota está atrasada');
    await validate(receiptId, '417.21', at('2026-12-23', '09:00'));
    expect((await scheduleOf(t, b.loanId)).map((i) => [i.status, i.lateFeeCents])).toEqual([
      [I.paid, 0],
      [I.current, 0],
      [I.next, 0],
    ]);
    expect((await loanRow(b.loanId)).status).toBe(L.paying);
    const [receipt] = await t.deps.db.select().from(receipts).where(eq(receipts.id, receiptId));
    expect(receipt!.valueDate).toBe(DUE_1);
    expect(await chargesOf(b.loanId)).toEqual([]);
  });

  it('without grace the run charges the fee; the validation with the on-time value date waives it in the ledger', async () => {
    const b = await loanOnStart(0);
    const receiptId = await send(b, '417.21', at(DUE_1, '18:30'));
    await run('2026-12-24');
    expect((await scheduleOf(t, b.loanId))[0]!.lateFeeCents).toBe(LATE_FEE);
    const decided = await validate(receiptId, '417.21', at('2026-12-24', '10:00'));
    expect(decided.application).toMatchObject({ waivedCents: LATE_FEE, appliedCents: INSTALMENT_CENTS });
    const schedule = await scheduleOf(t, b.loanId);
    expect(schedule.map((i) => [i.status, i.lateFeeCents])).toEqual([
      [I.paid, 0],
      [I.current, 0],
      [I.next, 0],
    ]);
    expect(
      (await chargesOf(b.loanId)).map((c) => [c.kind, c.component, c.amountCents, c.reason, c.receiptId]),
    ).toEqual([
      ['late_fee', 'lateFee', LATE_FEE, null, null],
      ['waiver', 'lateFee', -LATE_FEE, 'value_date', receiptId],
    ]);
    expect((await loanRow(b.loanId)).status).toBe(L.paying);
    expect(await balanceOf(b.loanId)).toBe(0);
    // The next runs never charge it again.
    await run('2026-12-30');
    expect((await chargesOf(b.loanId)).filter((c) => c.kind === 'late_fee')).toHaveLength(1);
  });

  it('a fee already paid by later money is waived and that money goes back to the wallet, then to the next instalment', async () => {
    const b = await loanOnStart(0);
    const onTime = await send(b, '417.21', at(DUE_1, '18:30'));
    await run('2026-12-23');
    const later = await send(b, '100.00', at('2026-12-23', '08:30'));
    await validate(later, '100.00', at('2026-12-23', '09:00'));
    expect((await scheduleOf(t, b.loanId))[0]!.lateFeeCoveredCents).toBe(LATE_FEE);
    await validate(onTime, '417.21', at('2026-12-23', '09:30'));
    const schedule = await scheduleOf(t, b.loanId);
    expect(schedule.map((i) => [i.status, i.lateFeeCents, i.lateFeeCoveredCents])).toEqual([
      [I.paid, 0, 0],
      [I.current, 0, 0],
      [I.next, 0, 0],
    ]);
    expect(
      schedule[1]!.chargeCoveredCents +
        schedule[1]!.administratorFeeCoveredCents +
        schedule[1]!.amountCoveredCents,
    ).toBe(10_000);
    expect((await entriesOf(b.loanId)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['credit', 10_000],
      ['debit', -10_000],
      ['credit', INSTALMENT_CENTS],
      ['release', LATE_FEE],
      ['debit', -(INSTALMENT_CENTS + LATE_FEE)],
    ]);
  });

  it('one centavo short is neither late nor charged; the next receipt pays the centavo first', async () => {
    const b = await loanOnStart();
    const receiptId = await send(b, '417.20', at(DUE_1, '10:00'));
    await validate(receiptId, '417.20', at(DUE_1, '10:05'));
    await run('2026-12-28');
    expect((await scheduleOf(t, b.loanId)).map((i) => [i.status, i.lateFeeCents])).toEqual([
      [I.current, 0],
      [I.next, 0],
      [I.pending, 0],
    ]);
    expect((await loanRow(b.loanId)).status).toBe(L.paying);
    expect(await chargesOf(b.loanId)).toEqual([]);
  });

  it('the cashier may date the money earlier, by the bank date on the photo, never later or in the future', async () => {
    const b = await loanOnStart(0);
    const receiptId = await send(b, '417.21', at('2026-12-23', '11:00'));
    await run('2026-12-24');
    t.clock.set(at('2026-12-24', '09:00'));
    const browsers: DeskBrowsers = await deskBrowsers(t);
    const path = `/receipts/${receiptId}/decision`;
    const photoSha256 = await photoOf(t, receiptId);
    const refused = async (valueDate: string, message: string) =>
      expectError(
        await browsers.cashier.post(path, { decision: 'validate', amount: '417.21', valueDate, photoSha256 }),
        400,
        message,
      );
    await refused('2026-12-25', 'La fecha del depósito no puede ser posterior a hoy.');
    await refused(
      '2026-12-24',
      'La fecha del depósito no puede ser posterior al día en que el cliente envió el comprobante.',
    );
    await refused(
      '2026-11-21',
      'La fecha del depósito no puede ser anterior al desembolso del préstamo (2026-11-22).',
    );
    expect((await t.deps.db.select().from(receipts).where(eq(receipts.id, receiptId)))[0]!.state).toBe(
      'pending',
    );
    const res = await browsers.cashier.post(path, {
      decision: 'validate',
      amount: '417.21',
      valueDate: DUE_1,
      photoSha256,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json as { application: unknown }).application).toMatchObject({ waivedCents: LATE_FEE });
    expect((await scheduleOf(t, b.loanId))[0]!.status).toBe(I.paid);
  });
});

describe('after maturity (point 7)', () => {
  it('overdue principal accrues default interest each day past the grace day, paid right after the late fee', async () => {
    const b = await loanOnStart();
    const first = await send(b, '834.42', at('2026-12-20', '10:00'));
    await validate(first, '834.42', at('2026-12-20', '10:05'));
    await run('2027-02-24');
    const schedule = await scheduleOf(t, b.loanId);
    const last = schedule[2]!;
    // 60 % a year, monthly: 5 % a month, a day is 5 % / 30 of the principal still owed.
    const day = Math.round((last.amountCents * 0.05) / 30);
    const interest = (await chargesOf(b.loanId)).filter((c) => c.kind === 'default_interest');
    expect(interest.map((c) => [c.businessDate, c.amountCents])).toEqual([
      ['2027-02-22', day],
      ['2027-02-23', day],
      ['2027-02-24', day],
    ]);
    expect(last.penaltyFeeCents).toBe(3 * day);
    expect(last.lateFeeCents).toBe(LATE_FEE);
    const owed = INSTALMENT_CENTS + LATE_FEE + 3 * day;
    const receiptId = await send(b, (owed / 100).toFixed(2), at('2027-02-24', '10:00'));
    const decided = await validate(receiptId, (owed / 100).toFixed(2), at('2027-02-24', '10:05'));
    expect(decided.application).toMatchObject({
      loanPaid: true,
      split: { lateFee: LATE_FEE, penalty: 3 * day },
    });
    expect((await loanRow(b.loanId)).status).toBe(L.paid);
  });
});

describe('payoff and credit (points 4 and 5)', () => {
  it('paid off on day 1: principal, one day of interest and the current fee close the loan; nothing else is owed', async () => {
    const b = await loanOnStart();
    const day1 = '2026-11-23';
    const quote = payoffQuote({ disbursedOn: '2026-11-22', schedule: await scheduleOf(t, b.loanId) }, day1);
    const fee = (await scheduleOf(t, b.loanId))[0]!.administratorFeeCents;
    const firstInterest = (await scheduleOf(t, b.loanId))[0]!.chargeCents;
    expect(quote.payoffCents).toBe(100_000 + Math.round(firstInterest / 30) + fee);
    const amount = (quote.payoffCents / 100).toFixed(2);
    const receiptId = await send(b, amount, at(day1, '10:00'));
    const decided = await validate(receiptId, amount, at(day1, '10:05'));
    expect(decided.application).toMatchObject({
      loanPaid: true,
      appliedCents: quote.payoffCents,
      walletBalanceCents: 0,
    });
    expect((await loanRow(b.loanId)).status).toBe(L.paid);
    const waivers = (await chargesOf(b.loanId)).filter((c) => c.reason === 'payoff');
    expect(waivers.reduce((s, c) => s - c.amountCents, 0)).toBe(3 * INSTALMENT_CENTS - quote.payoffCents);
  });

  it('money left after a loan is covered is credit; a receipt for the paid loan is refused; the next loan takes the credit', async () => {
    const b = await loanOnStart();
    const extra = await send(b, '50.00', at('2026-11-24', '10:00'));
    const whole = await send(b, '1300.00', at('2026-11-24', '10:01'));
    await validate(whole, '1300.00', at('2026-11-24', '10:05'));
    expect((await loanRow(b.loanId)).status).toBe(L.paid);
    const credit = await balanceOf(b.loanId);
    expect(credit).toBeGreaterThan(0);
    await expect(validate(extra, '50.00', at('2026-11-24', '10:10'))).rejects.toMatchObject({
      message:
        'Este préstamo ya no recibe pagos (estado «Pagado»). Rechaza el comprobante con un motivo para el cliente.',
    });
    // The next loan: requested, approved and disbursed; the credit moves to it and the run applies it.
    t.clock.set(at('2026-11-25', '09:00'));
    const sid = await sessionNow(t, b.borrowerId);
    const next = (await expectOk(
      postOffer(t, { sid, amount: 1000, period: 90, purpose: 1, productId: 3 }),
    )) as {
      container_id: number;
    };
    await decideLoan(t.deps, staff.analyst, next.container_id, { decision: 'approve' });
    await recordDisbursement(t.deps, staff.cashier, next.container_id, {
      disbursedOn: '2026-11-25',
      reference: `TRF-N-${next.container_id}`,
    });
    expect(await balanceOf(b.loanId)).toBe(0);
    expect((await entriesOf(next.container_id)).map((e) => [e.kind, e.amountCents, e.relatedLoanId])).toEqual(
      [['transfer', credit, b.loanId]],
    );
    await run('2026-11-26');
    const [firstOfNext] = await scheduleOf(t, next.container_id);
    expect(
      firstOfNext!.chargeCoveredCents +
        firstOfNext!.administratorFeeCoveredCents +
        firstOfNext!.amountCoveredCents,
    ).toBe(credit);
    expect(await balanceOf(next.container_id)).toBe(0);
  });
});

const onPostgres = Boolean(process.env.DATABASE_URL);
describe.runIf(onPostgres)('races on PostgreSQL (point 9)', () => {
  it('50 validations during a run leave no covered instalment late and no fee charged twice', async () => {
    const borrowers: { loanId: number; receiptId: number }[] = [];
    for (let k = 0; k < 50; k += 1) {
      const b = await loanOnStart(0);
      borrowers.push({ loanId: b.loanId, receiptId: await send(b, '417.21', at(DUE_1, '18:00')) });
    }
    await run('2026-12-23');
    const day = '2026-12-24';
    t.clock.set(at(day, '09:00'));
    const ids = borrowers.map((b) => b.loanId);
    await Promise.all([
      runServicingDate(t.deps, day),
      ...borrowers.map((b) =>
        photoOf(t, b.receiptId).then((photoSha256) =>
          decideReceipt(t.deps, staff.cashier, b.receiptId, {
            decision: 'validate',
            amount: '417.21',
            photoSha256,
          }),
        ),
      ),
    ]);
    for (const loanId of ids) {
      const schedule = await scheduleOf(t, loanId);
      expect(schedule[0]!.status).toBe(I.paid);
      expect(schedule[0]!.lateFeeCents).toBe(0);
      expect((await loanRow(loanId)).status).toBe(L.paying);
      const fees = (await chargesOf(loanId)).filter((c) => c.kind === 'late_fee');
      expect(fees.length).toBeLessThanOrEqual(1);
    }
  });

  it('two runs of different dates at once charge nothing twice', async () => {
    const b = await loanOnStart(0);
    t.clock.set(at('2026-12-26', '09:00'));
    await Promise.all([runServicingDate(t.deps, '2026-12-25'), runServicingDate(t.deps, '2026-12-26')]);
    const fees = (await chargesOf(b.loanId)).filter((c) => c.kind === 'late_fee');
    expect(fees).toHaveLength(1);
    expect((await scheduleOf(t, b.loanId))[0]!.lateFeeCents).toBe(LATE_FEE);
    const twice = await t.deps.db.execute(
      sql`select c.instalment_id from loan_charges c where c.kind = 'late_fee'
          group by c.instalment_id having count(*) > 1`,
    );
    expect(rowsOf(twice)).toEqual([]);
  });
});
