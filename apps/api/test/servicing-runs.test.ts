import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { addDays, todayInTegucigalpa } from '@prestamos-hn/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  instalmentReminders,
  instalments,
  instalmentStatusChanges,
  loans,
  notifications,
  outbox,
  servicingRuns,
  walletEntries,
} from '../src/db/schema/index.ts';
import { repoRoot } from '../src/config.ts';
import { decideReceipt } from '../src/services/payments/cashier-desk.ts';
import { runMissedDates, runServicingDate, type ServicingStep } from '../src/services/servicing/daily-run.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { borrowerWithDisbursedLoan, paymentStaff, photoOf, postReceipt } from './support/payments.ts';
import { expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 13: a run killed half way and started again ends where one clean run ends, and two
// processes on one PostgreSQL run a date once.
const START = '2026-11-22T15:00:00Z';
/** The day after the first instalment's due date (2026-12-22): late fee, loan late, a reminder. */
const LATE_DAY = '2026-12-23';
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));

/**
 * A book where one run has something to do in every step: two disbursed loans (one with money
 * validated after hours the evening before the run, waiting in its wallet), one request old enough
 * to expire. The dates before LATE_DAY are already run.
 */
async function book(): Promise<TestApp> {
  const t = await createTestApp({ now: START });
  apps.push(t);
  const staff = await paymentStaff(t);
  await runMissedDates(t.deps);
  const first = await borrowerWithDisbursedLoan(t, staff);
  const second = await borrowerWithDisbursedLoan(t, staff);
  // Without grace days, so that LATE_DAY (the day after the due date) charges its late fee.
  await t.deps.db.update(loans).set({ graceDays: 0 });
  const waiting = await borrowerReadyToApply(t);
  await expectOk(postOffer(t, { sid: waiting.sid, ...REQUEST }));
  // A receipt sent today and validated at 21:00 on the eve of LATE_DAY: after hours, so it waits.
  const sent = await expectOk(
    postReceipt(t, second.sid, {
      containerId: second.loanId,
      idpago: second.instalmentIds[0]!,
      amount: '417.21',
      reference: 'DEP-TARDE',
    }),
  );
  t.clock.set(`${addDays(LATE_DAY, -1)}T15:00:00Z`);
  await runMissedDates(t.deps);
  t.clock.set(`${LATE_DAY}T03:00:00Z`); // 21:00 on the eve in Tegucigalpa
  await decideReceipt(t.deps, staff.cashier, sent.receipt_id as number, {
    decision: 'validate',
    amount: '417.21',
    photoSha256: await photoOf(t, sent.receipt_id as number),
  });
  expect(first.loanId).toBeLessThan(second.loanId);
  t.clock.set(`${LATE_DAY}T15:00:00Z`);
  return t;
}

/** Everything a run writes, without ids and times, in a stable order. */
async function snapshot(t: TestApp) {
  const db = t.deps.db;
  return {
    loans: await db.select({ id: loans.id, status: loans.status }).from(loans).orderBy(asc(loans.id)),
    instalments: await db
      .select({
        loanId: instalments.loanId,
        position: instalments.position,
        status: instalments.status,
        lateFee: instalments.lateFeeCents,
        covered: instalments.amountCoveredCents,
      })
      .from(instalments)
      .orderBy(asc(instalments.loanId), asc(instalments.position)),
    history: await db
      .select({
        instalmentId: instalmentStatusChanges.instalmentId,
        date: instalmentStatusChanges.businessDate,
        from: instalmentStatusChanges.fromStatus,
        to: instalmentStatusChanges.toStatus,
        fee: instalmentStatusChanges.lateFeeCents,
      })
      .from(instalmentStatusChanges)
      .orderBy(asc(instalmentStatusChanges.instalmentId), asc(instalmentStatusChanges.id)),
    wallet: await db
      .select({ loanId: walletEntries.loanId, kind: walletEntries.kind, amount: walletEntries.amountCents })
      .from(walletEntries)
      .orderBy(asc(walletEntries.id)),
    reminders: await db
      .select({ instalmentId: instalmentReminders.instalmentId, event: instalmentReminders.event })
      .from(instalmentReminders)
      .orderBy(asc(instalmentReminders.instalmentId), asc(instalmentReminders.event)),
    notifications: (
      await db.select({ title: notifications.title, body: notifications.body }).from(notifications)
    )
      .map((n) => `${n.title}|${n.body}`)
      .sort(),
    // Bodies only: each app's borrowers get phones of their own.
    outbox: (await db.select({ channel: outbox.channel, body: outbox.body }).from(outbox))
      .map((m) => `${m.channel}|${m.body}`)
      .sort(),
    runs: await db
      .select({
        date: servicingRuns.businessDate,
        status: servicingRuns.status,
        counts: servicingRuns.counts,
      })
      .from(servicingRuns)
      .orderBy(asc(servicingRuns.businessDate)),
  };
}

describe('a run killed half way', () => {
  let clean: Awaited<ReturnType<typeof snapshot>>;

  it('one clean run of the date does every step', async () => {
    const t = await book();
    const outcome = await runServicingDate(t.deps, LATE_DAY);
    expect(outcome).toMatchObject({
      ran: true,
      counts: { walletsApplied: 1, lateFeesCharged: 1, loansLate: 1, remindersSent: 1 },
    });
    clean = await snapshot(t);
    expect(clean.runs.at(-1)).toMatchObject({ date: LATE_DAY, status: 'done' });
  });

  it.each<ServicingStep>(['wallets', 'states', 'expiry', 'reminders'])(
    'killed after the %s step, a live run holds the date; started again once it is stale, it ends as the clean run',
    async (killedAfter) => {
      const t = await book();
      await expect(
        runServicingDate(t.deps, LATE_DAY, {
          afterStep: (step) => {
            if (step === killedAfter) throw new Error('SIGKILL');
          },
        }),
      ).rejects.toThrow('SIGKILL');
      const [left] = await t.deps.db
        .select()
        .from(servicingRuns)
        .where(eq(servicingRuns.businessDate, LATE_DAY));
      expect(left).toMatchObject({ status: 'running', attempts: 1, lastError: 'SIGKILL' });
      // Within STALE_RUN_MS the date still looks held by a live run: nobody else starts it.
      expect(await runServicingDate(t.deps, LATE_DAY)).toEqual({
        businessDate: LATE_DAY,
        ran: false,
        reason: 'running',
      });
      expect(await runMissedDates(t.deps)).toEqual([
        { businessDate: LATE_DAY, ran: false, reason: 'running' },
      ]);
      // Past it, the next attempt takes the date over and finishes it.
      t.clock.advance(10 * 60_000);
      const again = await runMissedDates(t.deps);
      expect(again).toMatchObject([{ businessDate: LATE_DAY, ran: true }]);
      const after = await snapshot(t);
      // The counts say what the second attempt itself did; everything else is the clean run's.
      expect({ ...after, runs: after.runs.map((r) => ({ ...r, counts: null })) }).toEqual({
        ...clean,
        runs: clean.runs.map((r) => ({ ...r, counts: null })),
      });
      const [run] = await t.deps.db
        .select()
        .from(servicingRuns)
        .where(eq(servicingRuns.businessDate, LATE_DAY));
      expect(run).toMatchObject({ status: 'done', attempts: 2 });
    },
  );
});

const run = promisify(execFile);
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)('two processes on one PostgreSQL', () => {
  it('both asked to run the same dates at the same moment: each date runs once', async () => {
    const t = await book();
    const cli = path.join(repoRoot, 'apps/api/src/servicing-cli.ts');
    const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.databaseUrl!,
      APP_NOW: t.clock.now().toISOString(),
      DATA_DIR: path.join(repoRoot, 'data-unused'),
    };
    const [a, b] = await Promise.all([
      run(tsx, [cli], { env, cwd: repoRoot }),
      run(tsx, [cli], { env, cwd: repoRoot }),
    ]);
    const outcomes = [...JSON.parse(a.stdout), ...JSON.parse(b.stdout)] as {
      businessDate: string;
      ran: boolean;
    }[];
    expect(outcomes.filter((o) => o.ran).map((o) => o.businessDate)).toEqual([LATE_DAY]);
    const runs = await t.deps.db.select().from(servicingRuns).where(eq(servicingRuns.businessDate, LATE_DAY));
    expect(runs).toMatchObject([{ status: 'done', attempts: 1 }]);
    const history = await t.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(instalmentStatusChanges)
      .where(eq(instalmentStatusChanges.businessDate, LATE_DAY));
    // Once each: the first loan's three instalments (late, Pago Actual, Pago próximo). The second
    // loan's moved when its wallet was applied (the audit log's payment.apply row says so).
    expect(history[0]!.n).toBe(3);
    expect(
      await t.deps.db
        .select()
        .from(instalmentReminders)
        .where(eq(instalmentReminders.businessDate, LATE_DAY)),
    ).toHaveLength(1);
    expect(todayInTegucigalpa(t.clock.now())).toBe(LATE_DAY);
  });
});
