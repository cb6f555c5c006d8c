import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { DbOrTx, SqlExecutor } from '../db/client.ts';
import type { Logger } from '../logger.ts';

/**
 * The server's background work, on pg-boss (docs/decisions/013-servicing.md): a PostgreSQL-backed
 * job library whose jobs are rows claimed with SKIP LOCKED, so several API instances on one
 * PostgreSQL share them and a job is worked by one of them; on the embedded PGlite it runs through
 * the same SQL (pg-boss's `db` option). Each queue holds at most one waiting and one running job
 * ('stately'): a job means "there is work", and its handler does all of it.
 */
export const JOB_QUEUES = {
  /** Deliver pending SMS and e-mail (kicked when a message is queued; swept every minute for retries). */
  outbox: 'outbox',
  /** Wipe the secrets of old messages and delete ended rate-limit counters (hourly). */
  outboxRedaction: 'outbox-redaction',
  /** Forward stored receipts to the payment partner (kicked when a receipt is stored; swept every minute). */
  receiptForwarding: 'receipt-forwarding',
  /** SMS for chat answers left unseen (every minute). */
  chatNudges: 'chat-nudges',
  /** The daily servicing run of every missed business date (at start and every hour). */
  servicing: 'servicing',
  /** Journal every loan with money not yet in the books (at start: a loan book older than the books, decision 015). */
  booksBacklog: 'books-backlog',
} as const;
export type JobQueue = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

/** The queues a service may kick inside its own transaction, so the job exists exactly when the work does. */
export type KickableQueue = typeof JOB_QUEUES.outbox | typeof JOB_QUEUES.receiptForwarding;

/** What services see of the job library (`Deps.jobs`; absent in tests that run handlers themselves). */
export interface Jobs {
  /**
   * Queues the queue's job in the caller's transaction (nothing when one is already waiting), with
   * the id of the request that asked for it, if any (a route's `requestDeps` passes it).
   */
  kick(db: DbOrTx, queue: KickableQueue, requestId?: string): Promise<void>;
}

/** pg-boss's `$n` statements run on a Drizzle handle, so a job is sent inside the caller's transaction. */
export function drizzleExecutor(db: DbOrTx): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, index) =>
        index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`,
      );
      return (await db.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
    },
  };
}

/**
 * How long a job may stay active before pg-boss fails it (checked every MAINTENANCE_SECONDS). A job
 * whose instance was killed stays active until then, and 'stately' lets no other job of its queue
 * run meanwhile: `npm run rehearsal` found the outbox and the receipts' forwarding stopped for 30
 * minutes after a SIGKILL. The short queues' jobs take seconds, so two minutes; one that runs longer
 * is failed while it goes on, and the next job may run beside it, which their rows' claims
 * (`FOR UPDATE SKIP LOCKED`) make safe. The servicing run and the books' backlog keep 30 minutes (a
 * servicing date held by a dead run is taken over after STALE_RUN_MS anyway).
 */
export const JOB_EXPIRE_SECONDS: Record<JobQueue, number> = {
  [JOB_QUEUES.outbox]: 120,
  [JOB_QUEUES.outboxRedaction]: 120,
  [JOB_QUEUES.receiptForwarding]: 120,
  [JOB_QUEUES.chatNudges]: 120,
  [JOB_QUEUES.servicing]: 30 * 60,
  [JOB_QUEUES.booksBacklog]: 30 * 60,
};

/** pg-boss's maintenance (expiring jobs as above), every this many seconds (its default: 120). */
const MAINTENANCE_SECONDS = 30;

export interface JobSchedule {
  queue: JobQueue;
  /** cron, in America/Tegucigalpa. */
  cron: string;
}

/** When each queue's job is sent by the clock (besides kicks and the servicing run at start). */
export const JOB_SCHEDULES: readonly JobSchedule[] = [
  { queue: JOB_QUEUES.outbox, cron: '* * * * *' },
  { queue: JOB_QUEUES.receiptForwarding, cron: '* * * * *' },
  { queue: JOB_QUEUES.chatNudges, cron: '* * * * *' },
  { queue: JOB_QUEUES.outboxRedaction, cron: '17 * * * *' },
  { queue: JOB_QUEUES.servicing, cron: '5 * * * *' },
];

/** A job as its handler sees it. */
export interface Job {
  /** The request that queued it (issue 34 point 1); none for a job of the clock or of the start. */
  requestId?: string;
}

export type JobHandler = (job: Job) => Promise<unknown>;

export interface JobRunner {
  jobs: Jobs;
  /**
   * Starts working the queues with these handlers (one job at a time per queue and process); each
   * is given the job, with the id of the request that queued it (none from the clock).
   */
  work(handlers: Record<JobQueue, JobHandler>, options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /** Sends a queue's job now (the servicing run at start). */
  send(queue: JobQueue): Promise<void>;
  /** Aborted when `stop` begins: a job checks it between its steps and ends after the current one. */
  readonly stopping: AbortSignal;
  /** Stops taking jobs and waits up to `timeoutMs` (10 s) for the running ones to end. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts pg-boss on the server's database (its own schema `pgboss`, made or upgraded at start),
 * creates the queues and the schedules. `schedule: false` leaves the clock out (tests send jobs
 * themselves).
 */
export async function startJobRunner(
  deps: { log: Logger },
  database: SqlExecutor,
  options: {
    schedule?: boolean;
    /** Called when a queue's job fails (the failures counter of /metrics, metrics.ts). */
    onJobFailed?: (queue: string) => void;
  } = {},
): Promise<JobRunner> {
  const boss = new PgBoss({
    db: database as PgBoss.Db,
    schedule: options.schedule ?? true,
    supervise: true,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    migrate: true,
  });
  boss.on('error', (error) => deps.log.error({ err: error }, 'job library error'));
  await boss.start();
  for (const queue of Object.values(JOB_QUEUES)) {
    const settings: PgBoss.Queue = {
      name: queue,
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: JOB_EXPIRE_SECONDS[queue],
    };
    // createQueue leaves a queue made by an earlier version as it was: its settings are set again.
    await boss.createQueue(queue, settings);
    await boss.updateQueue(queue, settings);
  }
  if (options.schedule ?? true) {
    for (const { queue, cron } of JOB_SCHEDULES) {
      await boss.schedule(queue, cron, {}, { tz: 'America/Tegucigalpa', singletonKey: queue });
    }
  }
  const jobs: Jobs = {
    // The job carries the id of the request that queued it (issue 34 point 1; none from the clock).
    // One job stands for all waiting work ('stately'), so a kick while one waits adds nothing.
    async kick(db, queue, requestId) {
      await boss.send(queue, requestId ? { requestId } : {}, {
        singletonKey: queue,
        db: drizzleExecutor(db) as PgBoss.Db,
      });
    },
  };
  const stopping = new AbortController();
  return {
    jobs,
    async work(handlers, workOptions = {}) {
      for (const [queue, handler] of Object.entries(handlers)) {
        await boss.work(
          queue,
          { pollingIntervalSeconds: workOptions.pollingIntervalSeconds ?? 1, batchSize: 1 },
          async ([job]: PgBoss.Job<{ requestId?: unknown }>[]) => {
            const requestId = job?.data?.requestId;
            const work: Job = typeof requestId === 'string' ? { requestId } : {};
            try {
              await handler(work);
            } catch (error) {
              deps.log.error({ err: error, queue, ...work }, `${queue} job failed`);
              options.onJobFailed?.(queue);
              throw error;
            }
          },
        );
      }
    },
    async send(queue) {
      await boss.send(queue, {}, { singletonKey: queue });
    },
    stopping: stopping.signal,
    async stop(timeoutMs = 10_000) {
      stopping.abort();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
  };
}
