import { addDays, INSTALMENT_STATUS as I, todayInTegucigalpa } from '@prestamos-hn/domain';
import { and, asc, desc, eq, gt, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, instalmentStatusChanges, loans, notifications, outbox } from '../src/db/schema/index.ts';
import { runMissedDates } from '../src/services/servicing/daily-run.ts';
import { borrowerWithDisbursedLoan, paymentStaff, scheduleOf } from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 35 point 10: the servicing run catches up the days missed while the server was down, day by
// day for the money (states, fees), but it never sends a reminder for a day already past: no 'vence
// hoy' on the wrong day. Only today's reminders go out.
const START = '2026-11-22T15:00:00Z';
/** 09:00 in Tegucigalpa on `date`. */
const nineAm = (date: string) => `${date}T15:00:00Z`;
/** DD/MM/YYYY, as the reminders write a date. */
const dmy = (date: string) => date.split('-').reverse().join('/');

let t: TestApp;
afterAll(() => t.close());

let early: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;
let later: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;
let earlyDue: string;
let laterDue: string;
let lastOutboxId: number;

beforeAll(async () => {
  t = await createTestApp({ now: START });
  const staff = await paymentStaff(t);
  await runMissedDates(t.deps);
  early = await borrowerWithDisbursedLoan(t, staff);
  // A second loan disbursed two days later: its first instalment falls due two days after the first's.
  t.clock.set(nineAm(addDays(todayInTegucigalpa(t.clock.now()), 2)));
  later = await borrowerWithDisbursedLoan(t, staff);
  // Without grace days, so that the day after a due date charges its late fee.
  await t.deps.db.update(loans).set({ graceDays: 0 });
  earlyDue = (await scheduleOf(t, early.loanId))[0]!.dueDate;
  laterDue = (await scheduleOf(t, later.loanId))[0]!.dueDate;
  expect(laterDue).toBe(addDays(earlyDue, 2));

  // The server runs up to the eve of the downtime…
  t.clock.set(nineAm(addDays(earlyDue, -2)));
  await runMissedDates(t.deps);
  const [newest] = await t.deps.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
  lastOutboxId = newest?.id ?? 0;
  // …then stops for 3 days (the first loan's due date among them) and comes back on the second
  // loan's due date: the catch-up runs the 3 missed days and today.
  t.clock.set(nineAm(laterDue));
  const outcomes = await runMissedDates(t.deps);
  expect(outcomes.map((o) => [o.businessDate, o.ran])).toEqual([
    [addDays(earlyDue, -1), true],
    [earlyDue, true],
    [addDays(earlyDue, 1), true],
    [laterDue, true],
  ]);
});

const titlesOf = async (borrowerId: number) =>
  (
    await t.deps.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.borrowerId, borrowerId), like(notifications.title, 'Tu cuota%')))
      .orderBy(asc(notifications.id))
  ).map((n) => `${n.title}|${n.body}`);

describe('the servicing catch-up after 3 days down', () => {
  it("queues today's reminders only: the second loan's 'vence hoy', nothing for the days missed", async () => {
    const queued = await t.deps.db
      .select({ channel: outbox.channel, recipient: outbox.recipient, body: outbox.body })
      .from(outbox)
      .where(gt(outbox.id, lastOutboxId))
      .orderBy(asc(outbox.id));
    const [laterPhone] = await t.deps.db
      .select({ phone: borrowers.mobPhone })
      .from(borrowers)
      .where(eq(borrowers.id, later.borrowerId));
    expect(queued.filter((m) => m.channel === 'sms')).toHaveLength(1);
    for (const message of queued) {
      expect(message.body).toContain(`Hoy ${dmy(laterDue)} vence tu cuota 1`);
      expect(message.body).not.toContain(dmy(earlyDue));
    }
    expect(queued.find((m) => m.channel === 'sms')?.recipient).toBe(laterPhone!.phone.trim().toLowerCase());
  });

  it("never says 'vence hoy' for a day already past, nor 'atrasada' a day late", async () => {
    expect((await titlesOf(early.borrowerId)).filter((n) => !n.includes('vence en 3 días'))).toEqual([]);
    expect(await titlesOf(later.borrowerId)).toEqual([
      expect.stringMatching(new RegExp(`^Tu cuota vence hoy\\|Hoy ${dmy(laterDue)} `)),
    ]);
  });

  it('still catches the money up day by day: the first loan turned late with its fee on the day after its due date', async () => {
    const [first] = await scheduleOf(t, early.loanId);
    expect(first!.status).toBe(I.late);
    expect(first!.lateFeeCents).toBeGreaterThan(0);
    const history = await t.deps.db
      .select({ date: instalmentStatusChanges.businessDate, to: instalmentStatusChanges.toStatus })
      .from(instalmentStatusChanges)
      .where(eq(instalmentStatusChanges.instalmentId, first!.id))
      .orderBy(asc(instalmentStatusChanges.id));
    expect(history[0]).toEqual({ date: addDays(earlyDue, 1), to: I.late });
  });
});
