import { addDays, INSTALMENT_STATUS as I, LOAN_STATUS as L, todayInTegucigalpa } from '@prestamos-hn/domain';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  borrowers,
  instalmentReminders,
  instalmentStatusChanges,
  loanCharges,
  loans,
  notifications,
  outbox,
  servicingRuns,
} from '../src/db/schema/index.ts';
import { recordDisbursement } from '../src/services/loans/decisions.ts';
import { runMissedDates, runServicingDate } from '../src/services/servicing/daily-run.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import {
  borrowerWithApprovedLoan,
  borrowerWithDisbursedLoan,
  INSTALMENT_CENTS,
  paymentStaff,
  postReceipt,
  scheduleOf,
  sessionNow,
  validateReceipt,
  type Staff,
} from './support/payments.ts';
import { expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 13: the daily run with a moving clock. The clock starts on 2026-11-22 at 09:00 in
// Tegucigalpa; REQUEST disbursed that day is due 2026-12-22, 2027-01-21 and 2027-02-20 (L 417.21
// each), and its product (monthly) charges a L 100 late fee.
const START = '2026-11-22T15:00:00Z';
const LATE_FEE = 10_000;
/** 09:00 in Tegucigalpa on `date`. */
const nineAm = (date: string) => `${date}T15:00:00Z`;

let t: TestApp;
let staff: Staff;
beforeAll(async () => {
  t = await createTestApp({ now: START });
  staff = await paymentStaff(t);
});
afterAll(() => t.close());

const statusesOf = async (loanId: number) => (await scheduleOf(t, loanId)).map((i) => i.status);
const loanStatus = async (loanId: number) =>
  (await t.deps.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId)))[0]!.status;
const remindersOf = (borrowerId: number) =>
  t.deps.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.borrowerId, borrowerId), like(notifications.title, 'Tu cuota%')))
    .orderBy(asc(notifications.id));

async function runUpTo(date: string) {
  t.clock.set(nineAm(date));
  return runMissedDates(t.deps);
}

/** Validates a receipt of `amount` for the loan at the clock's time (in payment hours it is applied at once). */
async function pay(borrowerId: number, loanId: number, amount: string) {
  const sid = await sessionNow(t, borrowerId);
  const [open] = (await scheduleOf(t, loanId)).filter((i) => i.status !== I.paid);
  const sent = await expectOk(
    postReceipt(t, sid, {
      containerId: loanId,
      idpago: open!.id,
      amount,
      reference: `DEP-${amount}-${Date.now()}`,
    }),
  );
  // Confirmed by a supervisor when it waits as 'Por aprobar' (above the payoff, issue 31).
  await validateReceipt(t, staff, sent.receipt_id as number, { amount });
}

describe('a disbursed loan through its life, one business date at a time', () => {
  let loan: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;

  it('is disbursed with 5 Pago Actual, 2 Pago próximo, 0 Pendiente; the first run changes nothing', async () => {
    loan = await borrowerWithDisbursedLoan(t, staff);
    await t.deps.db
      .update(borrowers)
      .set({ emailConfirmedAt: t.clock.now() })
      .where(eq(borrowers.id, loan.borrowerId));
    expect(await statusesOf(loan.loanId)).toEqual([I.current, I.next, I.pending]);
    const [first] = await runUpTo('2026-11-22');
    expect(first).toMatchObject({ businessDate: '2026-11-22', ran: true, counts: { instalmentsChanged: 0 } });
    expect(await runServicingDate(t.deps, '2026-11-22')).toEqual({
      businessDate: '2026-11-22',
      ran: false,
      reason: 'done',
    });
  });

  it('catches up every missed date in order; 3 days before the due date comes a reminder', async () => {
    const outcomes = await runUpTo('2026-12-19');
    expect(outcomes.map((o) => o.businessDate)).toEqual(
      Array.from({ length: 27 }, (_, k) => addDays('2026-11-23', k)),
    );
    expect(outcomes.every((o) => o.ran)).toBe(true);
    expect(await remindersOf(loan.borrowerId)).toEqual([
      {
        title: 'Tu cuota vence en 3 días',
        body: 'Tu cuota 1 de L 417.21 vence el 22/12/2026. Deposita a tiempo y envía la foto de tu comprobante desde la app.',
      },
    ]);
    // By SMS to the borrower's phone and, the address being confirmed, by e-mail.
    const [borrower] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, loan.borrowerId));
    const sent = await t.deps.db
      .select()
      .from(outbox)
      .where(
        and(
          like(outbox.body, '%Tu cuota 1 de L 417.21 vence el 22/12/2026%'),
          inArray(outbox.recipient, [borrower!.mobPhone, borrower!.email.toLowerCase()]),
        ),
      )
      .orderBy(asc(outbox.id));
    expect(sent.map((m) => [m.channel, m.subject, m.body.split('\n')[0]])).toEqual([
      [
        'sms',
        null,
        `${t.config.brandName}: Tu cuota vence en 3 días. Tu cuota 1 de L 417.21 vence el 22/12/2026. Deposita a tiempo y envía la foto de tu comprobante desde la app.`,
      ],
      ['email', `Tu cuota vence en 3 días - ${t.config.brandName}`, 'Hola:'],
    ]);
  });

  it('on the due date the instalment is still Pago Actual, with a reminder', async () => {
    await runUpTo('2026-12-22');
    expect(await statusesOf(loan.loanId)).toEqual([I.current, I.next, I.pending]);
    expect((await remindersOf(loan.borrowerId)).map((r) => r.title)).toEqual([
      'Tu cuota vence en 3 días',
      'Tu cuota vence hoy',
    ]);
  });

  it('the day after, it is 3 Atrasado*, the loan 8 Atrasado; the grace day charges no fee yet', async () => {
    await runUpTo('2026-12-23');
    const schedule = await scheduleOf(t, loan.loanId);
    expect(schedule.map((i) => [i.status, i.lateFeeCents])).toEqual([
      [I.late, 0],
      [I.current, 0],
      [I.next, 0],
    ]);
    expect(await loanStatus(loan.loanId)).toBe(L.late);
    const late = (await remindersOf(loan.borrowerId)).at(-1)!;
    expect(late).toEqual({
      title: 'Tu cuota está atrasada',
      body: 'Tu cuota 1 venció el 22/12/2026 y tiene L 417.21 pendientes. Ponte al día lo antes posible.',
    });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'loan'),
          eq(auditLog.entityId, String(loan.loanId)),
          eq(auditLog.action, 'loan.late'),
        ),
      );
    expect(audit.map((a) => [a.actorType, a.before, a.after])).toEqual([
      ['system', { status: 3 }, { status: 8, businessDate: '2026-12-23' }],
    ]);
  });

  it('the second day after (past the grace day), the late fee is charged, with its ledger row', async () => {
    await runUpTo('2026-12-24');
    const schedule = await scheduleOf(t, loan.loanId);
    expect(schedule.map((i) => [i.status, i.lateFeeCents])).toEqual([
      [I.late, LATE_FEE],
      [I.current, 0],
      [I.next, 0],
    ]);
    const charges = await t.deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, loan.loanId));
    expect(charges.map((c) => [c.kind, c.amountCents, c.businessDate])).toEqual([
      ['late_fee', LATE_FEE, '2026-12-24'],
    ]);
  });

  it('after 31 days it is 4 Atrasado**, the fee charged only once; the next one turns late, its fee after its grace day', async () => {
    // The server is up on each reminder's day (a catch-up of days already past sends no reminder,
    // issue 35): late-7, the second's due-in-3, its due date (the first's late-30), the day after.
    for (const day of ['2026-12-29', '2027-01-18', '2027-01-21', '2027-01-22']) await runUpTo(day);
    const schedule = await scheduleOf(t, loan.loanId);
    expect(schedule.map((i) => [i.status, i.lateFeeCents])).toEqual([
      [I.longLate, LATE_FEE],
      [I.late, 0],
      [I.current, 0],
    ]);
    const history = await t.deps.db
      .select()
      .from(instalmentStatusChanges)
      .where(eq(instalmentStatusChanges.instalmentId, schedule[0]!.id))
      .orderBy(asc(instalmentStatusChanges.id));
    expect(history.map((h) => [h.businessDate, h.fromStatus, h.toStatus, h.lateFeeCents])).toEqual([
      ['2026-12-23', I.current, I.late, 0],
      ['2026-12-24', I.late, I.late, LATE_FEE],
      ['2027-01-22', I.late, I.longLate, 0],
    ]);
    // 2027-01-21 is both the second instalment's due date and 30 days after the first's.
    expect((await remindersOf(loan.borrowerId)).map((r) => r.title).sort()).toEqual(
      [
        'Tu cuota vence en 3 días',
        'Tu cuota vence hoy',
        'Tu cuota está atrasada',
        'Tu cuota tiene 7 días de atraso',
        'Tu cuota vence en 3 días',
        'Tu cuota vence hoy',
        'Tu cuota tiene 30 días de atraso',
        'Tu cuota está atrasada',
      ].sort(),
    );
  });

  it('paying what is late brings it back to 3 Pagando at once; the runs that follow keep it there', async () => {
    const lateCents = 2 * INSTALMENT_CENTS + LATE_FEE;
    await pay(loan.borrowerId, loan.loanId, (lateCents / 100).toFixed(2));
    expect(await statusesOf(loan.loanId)).toEqual([I.paid, I.paid, I.current]);
    expect(await loanStatus(loan.loanId)).toBe(L.paying);
    await runUpTo('2027-01-25');
    expect(await loanStatus(loan.loanId)).toBe(L.paying);
    expect(await statusesOf(loan.loanId)).toEqual([I.paid, I.paid, I.current]);
  });

  it('paying the last instalment closes the loan: 6 Ultimo Pago, 4 Pagado, no more reminders', async () => {
    await pay(loan.borrowerId, loan.loanId, (INSTALMENT_CENTS / 100).toFixed(2));
    expect(await statusesOf(loan.loanId)).toEqual([I.paid, I.paid, I.lastPaid]);
    expect(await loanStatus(loan.loanId)).toBe(L.paid);
    const before = (await remindersOf(loan.borrowerId)).length;
    await runUpTo('2027-03-25');
    expect(await remindersOf(loan.borrowerId)).toHaveLength(before);
    expect(await statusesOf(loan.loanId)).toEqual([I.paid, I.paid, I.lastPaid]);
  });

  it('each reminder was sent once: one row per instalment and event', async () => {
    const sent = await t.deps.db
      .select()
      .from(instalmentReminders)
      .where(eq(instalmentReminders.instalmentId, loan.instalmentIds[0]!));
    expect(sent.map((r) => r.event).sort()).toEqual(['due-in-3', 'due-today', 'late-1', 'late-30', 'late-7']);
    const runs = await t.deps.db.select().from(servicingRuns).orderBy(asc(servicingRuns.businessDate));
    expect(runs.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    expect(runs.at(-1)!.businessDate).toBe(todayInTegucigalpa(t.clock.now()));
  });
});

describe('requests nobody finished', () => {
  it('a request older than OFFER_EXPIRY_DAYS expires to 7 at the run, with a notification', async () => {
    const borrower = await borrowerReadyToApply(t);
    const { container_id: loanId } = (await expectOk(postOffer(t, { sid: borrower.sid, ...REQUEST }))) as {
      container_id: number;
    };
    const requestedOn = todayInTegucigalpa(t.clock.now());
    await runUpTo(addDays(requestedOn, t.config.loans.offerExpiryDays));
    expect(await loanStatus(loanId)).toBe(0);
    const [outcome] = await runUpTo(addDays(requestedOn, t.config.loans.offerExpiryDays + 1));
    expect(outcome).toMatchObject({ ran: true, counts: { requestsExpired: 1 } });
    expect(await loanStatus(loanId)).toBe(L.expired);
  });
});

describe('a disbursement recorded late', () => {
  it('is 8 Atrasado at once when an instalment is already past due; the next run charges its late fee', async () => {
    const { loanId } = await borrowerWithApprovedLoan(t, staff);
    const today = todayInTegucigalpa(t.clock.now());
    // Requested today, so the money cannot have gone out earlier: the clock moves on 40 days instead.
    t.clock.set(nineAm(addDays(today, 40)));
    await recordDisbursement(t.deps, staff.cashier, loanId, {
      disbursedOn: today,
      reference: `TRF-TARDE-${loanId}`,
    });
    expect(await statusesOf(loanId)).toEqual([I.late, I.current, I.next]);
    expect(await loanStatus(loanId)).toBe(L.late);
    await runMissedDates(t.deps);
    expect((await scheduleOf(t, loanId)).map((i) => i.lateFeeCents)).toEqual([LATE_FEE, 0, 0]);
  });
});
