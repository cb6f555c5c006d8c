import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, servicingRuns } from '../src/db/schema/index.ts';
import { jobHandlers, startBackgroundJobs } from '../src/jobs/background-jobs.ts';
import { JOB_EXPIRE_SECONDS, JOB_QUEUES, startJobRunner, type JobRunner } from '../src/jobs/job-queue.ts';
import type { Deps } from '../src/services/deps.ts';
import { enqueueMessage } from '../src/services/outbox.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 13: background work lives on pg-boss, on PGlite as on PostgreSQL: the outbox is delivered by
// its job (queued in the transaction that queues the message), and at start the server runs the
// servicing dates it missed.
let t: TestApp;
let runner: JobRunner;
let deps: Deps;
beforeAll(async () => {
  t = await createTestApp({ now: new Date().toISOString() });
  runner = await startJobRunner(t.deps, t.database.executeSql, { schedule: false });
  deps = { ...t.deps, jobs: runner.jobs };
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

const waitingJobs = async (queue: string) => {
  const result = (await t.deps.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${queue} and state = 'created'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
};

describe('the job library', () => {
  it('a message queued in a transaction that rolls back leaves no job; a committed one leaves one, however many messages', async () => {
    await t.deps.db
      .transaction(async (tx) => {
        await enqueueMessage(deps, tx, { channel: 'sms', to: '99112233', body: 'no se envía' });
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await waitingJobs(JOB_QUEUES.outbox)).toBe(0);
    await t.deps.db.transaction(async (tx) => {
      await enqueueMessage(deps, tx, { channel: 'sms', to: '99112233', body: 'primero' });
      await enqueueMessage(deps, tx, { channel: 'sms', to: '99112233', body: 'segundo' });
    });
    expect(await waitingJobs(JOB_QUEUES.outbox)).toBe(1);
  });

  it('the outbox job delivers what is pending, and the servicing job runs today at start', async () => {
    await startBackgroundJobs(deps, runner);
    await expect
      .poll(async () => (await t.deps.db.select().from(outbox)).map((m) => [m.body, m.status]), {
        timeout: 20_000,
        interval: 250,
      })
      .toEqual([
        ['primero', 'sent'],
        ['segundo', 'sent'],
      ]);
    const today = todayInTegucigalpa(t.clock.now());
    await expect
      .poll(
        async () =>
          (await t.deps.db.select().from(servicingRuns).where(eq(servicingRuns.businessDate, today)))[0]
            ?.status,
        { timeout: 20_000, interval: 250 },
      )
      .toBe('done');
  });

  it('every queue has a handler', () => {
    expect(Object.keys(jobHandlers(deps)).sort()).toEqual(Object.values(JOB_QUEUES).sort());
  });

  it('a job held by a killed instance blocks its queue only until it expires: two minutes for the short queues, also for queues made by an earlier version', async () => {
    const expiry = async () =>
      Object.fromEntries(
        (
          (await t.deps.db.execute(
            sql`select name, expire_seconds as seconds from pgboss.queue`,
          )) as unknown as {
            rows: { name: string; seconds: number }[];
          }
        ).rows.map((q) => [q.name, q.seconds]),
      );
    // A queue as an earlier version made it (30 minutes for every queue).
    await t.deps.db.execute(sql`update pgboss.queue set expire_seconds = 1800`);
    const again = await startJobRunner(t.deps, t.database.executeSql, { schedule: false });
    await again.stop();
    const seconds = await expiry();
    for (const queue of Object.values(JOB_QUEUES)) expect(seconds[queue]).toBe(JOB_EXPIRE_SECONDS[queue]);
    expect(seconds[JOB_QUEUES.outbox]).toBe(120);
    expect(seconds[JOB_QUEUES.receiptForwarding]).toBe(120);
    expect(seconds[JOB_QUEUES.servicing]).toBe(1800);
  });
});
