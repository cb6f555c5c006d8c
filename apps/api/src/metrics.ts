import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Clock } from './clock.ts';
import { rowsOf, type Db, type PoolStats } from './db/client.ts';
import { JOB_QUEUES } from './jobs/job-queue.ts';
import { openStreamCounts } from './live/event-stream.ts';
import { STALE_RUN_MS } from './services/servicing/daily-run.ts';

/**
 * Prometheus metrics (issue 34 point 1), on a port of their own (`METRICS_PORT`; off by default, and
 * then none of this is loaded or measured). Requests are measured as they end (a Fastify hook);
 * everything the database knows is read when Prometheus scrapes, with one cheap indexed query each.
 * Every name is documented in docs/architecture.md, "Operación".
 */
export interface AppMetrics {
  registry: Registry;
  /** One request ended: its method, route pattern (the legacy call's file), status and duration. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** A queue's job failed (job-queue.ts, `onJobFailed`). */
  jobFailed(queue: string): void;
}

export interface MetricsSources {
  db: Db;
  /** 'postgres' or 'pglite', the label of the pool gauges. */
  databaseKind: string;
  /** The connections' use now (Database.watchPool). */
  pool: () => PoolStats;
  /** The server's clock (APP_NOW outside production): ages are measured against it. */
  clock: Clock;
}

/** The waiting receipts' states: for a cashier, and validated but waiting for a second person. */
export const WAITING_RECEIPT_STATES = ['pending', 'awaiting_approval'] as const;

/** What the newest servicing run (the daily run) is: finished, under way, failed, or dead. */
export const SERVICING_OUTCOMES = ['done', 'running', 'failed', 'stale'] as const;

/** pg-boss's job states counted as a queue's depth: waiting for a worker. */
const WAITING_JOB_STATES = ['created', 'retry'];

/** A Tegucigalpa business date's midnight (UTC-6, no daylight saving) as Unix seconds. */
export const businessDateSeconds = (date: string): number => Date.parse(`${date}T00:00:00-06:00`) / 1000;

/**
 * One query's answer shared by the gauges that read it within one scrape (they collect together).
 */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | undefined;
  return () => {
    if (!current) {
      current = read().finally(() => setTimeout(() => (current = undefined), 0));
    }
    return current;
  };
}

const seconds = (date: Date | string | null | undefined): number | undefined =>
  date === null || date === undefined ? undefined : new Date(date).getTime() / 1000;

export async function createMetrics(sources: MetricsSources): Promise<AppMetrics> {
  const client = await import('prom-client');
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const { db } = sources;
  const now = () => sources.clock.now().getTime() / 1000;

  const requestDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (the legacy API: its call, /api/app/<call>.php) and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new client.Gauge({
    name: 'prestamos_db_pool_connections',
    help: 'Database connections: total, idle, and callers waiting for one (PGlite: one in-process connection)',
    labelNames: ['database', 'state'],
    registers: [registry],
    collect() {
      const stats = sources.pool();
      for (const state of ['total', 'idle', 'waiting'] as const) {
        this.set({ database: sources.databaseKind, state }, stats[state]);
      }
    },
  });

  const jobs = perScrape(async () => {
    const [table] = rowsOf<{ name: string | null }>(
      await db.execute(sql`select to_regclass('pgboss.job')::text as name`),
    );
    if (!table?.name) return [];
    return rowsOf<{ queue: string; state: string; n: number }>(
      await db.execute(sql`
        select name as queue, state::text as state, count(*)::int as n
        from pgboss.job where state <= 'active' group by name, state`),
    );
  });
  const queues = Object.values(JOB_QUEUES);
  new client.Gauge({
    name: 'prestamos_job_queue_depth',
    help: 'Jobs waiting for a worker, per queue (pg-boss: created or retry)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const rows = await jobs();
      for (const queue of queues) {
        const n = rows
          .filter((r) => r.queue === queue && WAITING_JOB_STATES.includes(r.state))
          .reduce((sum, r) => sum + r.n, 0);
        this.set({ queue }, n);
      }
    },
  });
  new client.Gauge({
    name: 'prestamos_job_queue_active',
    help: 'Jobs being worked now, per queue (by any instance)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const rows = await jobs();
      for (const queue of queues) {
        this.set({ queue }, rows.find((r) => r.queue === queue && r.state === 'active')?.n ?? 0);
      }
    },
  });
  const jobFailures = new client.Counter({
    name: 'prestamos_job_failures_total',
    help: "Jobs this process worked that failed, per queue (the job's error is logged)",
    labelNames: ['queue'],
    registers: [registry],
  });
  for (const queue of queues) jobFailures.inc({ queue }, 0);

  const outbox = perScrape(async () => {
    const [row] = rowsOf<{ n: number; oldest: Date | string | null }>(
      await db.execute(sql`
        select count(*)::int as n, min(created_at) as oldest from outbox where status = 'pending'`),
    );
    return { n: row?.n ?? 0, oldest: seconds(row?.oldest) };
  });
  new client.Gauge({
    name: 'prestamos_outbox_pending',
    help: 'SMS and e-mails queued and not yet delivered (retries included)',
    registers: [registry],
    async collect() {
      this.set((await outbox()).n);
    },
  });
  new client.Gauge({
    name: 'prestamos_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest undelivered SMS or e-mail (0 when none)',
    registers: [registry],
    async collect() {
      const { oldest } = await outbox();
      this.set(oldest === undefined ? 0 : Math.max(0, now() - oldest));
    },
  });

  const receipts = perScrape(async () =>
    rowsOf<{ state: string; n: number; oldest: Date | string | null }>(
      await db.execute(sql`
        select state, count(*)::int as n, min(sent_at) as oldest from receipts
        where state in ('pending', 'awaiting_approval') group by state`),
    ),
  );
  new client.Gauge({
    name: 'prestamos_receipts_waiting',
    help: "Payment receipts waiting: 'pending' for a cashier, 'awaiting_approval' for a second person",
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await receipts();
      for (const state of WAITING_RECEIPT_STATES) {
        this.set({ state }, rows.find((r) => r.state === state)?.n ?? 0);
      }
    },
  });
  new client.Gauge({
    name: 'prestamos_receipts_oldest_waiting_age_seconds',
    help: 'Age of the oldest waiting receipt since the borrower sent it, per state (0 when none)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await receipts();
      for (const state of WAITING_RECEIPT_STATES) {
        const oldest = seconds(rows.find((r) => r.state === state)?.oldest);
        this.set({ state }, oldest === undefined ? 0 : Math.max(0, now() - oldest));
      }
    },
  });

  const lastRun = perScrape(async () => {
    const [row] = rowsOf<{
      business_date: string;
      status: string;
      started_at: Date | string;
      heartbeat_at: Date | string;
      finished_at: Date | string | null;
      last_error: string | null;
    }>(
      await db.execute(sql`
        select business_date::text as business_date, status, started_at, heartbeat_at, finished_at, last_error
        from servicing_runs order by business_date desc limit 1`),
    );
    if (!row) return undefined;
    const started = seconds(row.started_at)!;
    const outcome: (typeof SERVICING_OUTCOMES)[number] =
      row.status === 'done'
        ? 'done'
        : row.last_error !== null
          ? 'failed'
          : now() - seconds(row.heartbeat_at)! > STALE_RUN_MS / 1000
            ? 'stale'
            : 'running';
    // A run under way (or dead) has lasted until its last heartbeat.
    const ended = seconds(row.finished_at) ?? seconds(row.heartbeat_at)!;
    return { date: row.business_date, outcome, duration: Math.max(0, ended - started) };
  });
  new client.Gauge({
    name: 'prestamos_servicing_last_run_date_seconds',
    help: "The newest daily run's business date, its Tegucigalpa midnight as Unix time (absent before any run)",
    registers: [registry],
    async collect() {
      const run = await lastRun();
      if (run) this.set(businessDateSeconds(run.date));
    },
  });
  new client.Gauge({
    name: 'prestamos_servicing_last_run_duration_seconds',
    help: "The newest daily run's duration (one under way or dead: until its last heartbeat)",
    registers: [registry],
    async collect() {
      const run = await lastRun();
      if (run) this.set(run.duration);
    },
  });
  new client.Gauge({
    name: 'prestamos_servicing_last_run_outcome',
    help: "The newest daily run's outcome: 1 for done, running, failed (its last attempt's error is stored) or stale (its process died)",
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      this.reset();
      const run = await lastRun();
      if (run)
        for (const outcome of SERVICING_OUTCOMES) this.set({ outcome }, run.outcome === outcome ? 1 : 0);
    },
  });

  new client.Gauge({
    name: 'prestamos_live_connections',
    help: "Live channels open on this process (server-sent events): 'chat' the borrowers', 'inbox' the staff's",
    labelNames: ['channel'],
    registers: [registry],
    collect() {
      const counts = openStreamCounts();
      for (const channel of new Set(['chat', 'inbox', ...counts.keys()])) {
        this.set({ channel }, counts.get(channel) ?? 0);
      }
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, duration) {
      requestDuration.observe({ method, route, status_code: String(statusCode) }, duration);
    },
    jobFailed(queue) {
      jobFailures.inc({ queue });
    },
  };
}

/**
 * Measures every request as it ends: the route's pattern (`/api/app/send_recipemail.php`,
 * `/api/backoffice/loans/:id`), never the URL with its identifiers; `unmatched` for a 404 that no
 * route took. Installed only when METRICS_PORT is set, so that without it requests pay nothing.
 */
export function addRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

export interface MetricsServer {
  /** The port it listens on (METRICS_PORT; a test's 0 becomes a free one). */
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus's text format on `host:port`, a plain HTTP server beside the app's
 * (nothing else answers there: 404). Not rate limited or logged: Prometheus scrapes every few
 * seconds. It says nothing personal (routes are patterns, counts are totals), but it is meant for
 * the scraper's network only: firewall the port as the database's.
 */
export async function startMetricsServer(
  metrics: AppMetrics,
  where: { host: string; port: number },
  log?: { error(object: object, message: string): void },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'content-type': metrics.registry.contentType,
          'cache-control': 'no-store',
        });
        response.end(text);
      },
      (error: unknown) => {
        log?.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
