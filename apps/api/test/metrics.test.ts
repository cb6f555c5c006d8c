import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { rowsOf } from '../src/db/client.ts';
import {
  JOB_QUEUES,
  startJobRunner,
  type JobQueue,
  type JobRunner,
  type Jobs,
} from '../src/jobs/job-queue.ts';
import {
  businessDateSeconds,
  startMetricsServer,
  type AppMetrics,
  type MetricsServer,
} from '../src/metrics.ts';
import { deliverPendingMessages, enqueueMessage } from '../src/services/outbox.ts';
import { runServicingDate } from '../src/services/servicing/daily-run.ts';
import { openEventStream, type SseClient } from './support/chat.ts';
import { borrowerWithDisbursedLoan, paymentStaff, sendFirstReceipt } from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testSettings } from './support/test-settings.ts';

// Issue 34 point 1, its acceptance: a scripted day through the app, then one scrape of /metrics on
// the metrics port, and every metric there with the value the day leaves.

/** One sample of the exposition text: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, the samples only (comments skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

let t: TestApp;
let metrics: AppMetrics;
let server: MetricsServer;
let runner: JobRunner | undefined;
const streams: SseClient[] = [];

/** Monday 23 November 2026, 08:00 in Tegucigalpa. */
const START = '2026-11-23T14:00:00Z';
const MINUTE = 60_000;

beforeAll(async () => {
  // As the server: the app's kicks go to the job runner, started once the app exists.
  const jobs: Jobs = { kick: (db, queue) => runner!.jobs.kick(db, queue) };
  t = await createTestApp({ now: START, metrics: true, jobs });
  metrics = t.metrics!;
  runner = await startJobRunner(t.deps, t.database.executeSql, {
    schedule: false,
    onJobFailed: metrics.jobFailed,
  });
  server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await runner?.stop();
  await server?.close();
  await t.close();
});

async function scrape(): Promise<{ status: number; contentType: string | null; samples: Sample[] }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    samples: parseExposition(await res.text()),
  };
}

function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find(
    (s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value),
  )?.value;
}

const pendingOutbox = async () =>
  rowsOf<{ n: number }>(
    await t.deps.db.execute(sql`select count(*)::int as n from outbox where status = 'pending'`),
  )[0]!.n;

describe('GET /metrics after a scripted day', () => {
  it('has each metric with the value the day left', async () => {
    // Before the day: a borrower with a disbursed loan; whatever SMS that sent is delivered.
    const staff = await paymentStaff(t);
    const borrower = await borrowerWithDisbursedLoan(t, staff);
    while ((await deliverPendingMessages({ ...t.deps, jobs: undefined }, 100)).sent > 0);
    expect(await pendingOutbox()).toBe(0);
    const today = todayInTegucigalpa(t.clock.now());

    // 08:00 the borrower sends a deposit receipt (HTTP).
    await sendFirstReceipt(t, borrower, 'REF-METRICS-1');
    expect(await pendingOutbox()).toBe(0);

    // 08:05 an SMS is queued and not delivered (no outbox worker runs here).
    t.clock.advance(5 * MINUTE);
    await enqueueMessage(
      { ...t.deps, jobs: { kick: (db, queue) => runner!.jobs.kick(db, queue) } },
      t.deps.db,
      {
        channel: 'sms',
        to: '99887766',
        body: 'Tu pago está en revisión.',
      },
    );

    // 08:06 the day's servicing run; each of its five steps takes a second by the clock.
    t.clock.advance(MINUTE);
    const run = await runServicingDate(t.deps, today, { afterStep: () => t.clock.advance(1000) });
    expect(run.ran).toBe(true);

    // A job fails: the chat nudges' handler throws once.
    await runner!.work({
      [JOB_QUEUES.chatNudges]: () => Promise.reject(new Error('falla de prueba')),
    } as Record<JobQueue, () => Promise<unknown>>);
    await runner!.send(JOB_QUEUES.chatNudges);

    // The borrower opens the chat's live channel (HTTP, server-sent events), and someone asks for
    // a route that does not exist.
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = await t.call('getChatTicket.php', { sid: borrower.sid });
    expect(ticket.json.status).toBe('OK');
    const stream = await openEventStream(
      baseUrl,
      `/api/app/chat/events?ticket=${encodeURIComponent((ticket.json.payload as { ticket: string }).ticket)}`,
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect((await fetch(`${baseUrl}/api/no-existe/12345`)).status).toBe(404);

    // 08:10, Prometheus scrapes (once the failed job is counted).
    t.clock.set(new Date(new Date(START).getTime() + 10 * MINUTE));
    await expect
      .poll(
        async () =>
          valueOf((await scrape()).samples, 'prestamos_job_failures_total', { queue: 'chat-nudges' }),
        {
          timeout: 20_000,
          interval: 250,
        },
      )
      .toBe(1);
    const { status, contentType, samples } = await scrape();
    expect(status).toBe(200);
    expect(contentType).toContain('text/plain');
    const metric = (name: string, labels: Record<string, string> = {}) => valueOf(samples, name, labels);

    // Request durations by route pattern (the legacy call's file) and status.
    expect(
      metric('http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/app/send_recipemail.php',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      metric('http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/app/getChatTicket.php',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      metric('http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    expect(samples.some((s) => s.labels.route?.includes('12345'))).toBe(false);
    expect(
      metric('http_request_duration_seconds_sum', {
        method: 'POST',
        route: '/api/app/send_recipemail.php',
        status_code: '200',
      }),
    ).toBeGreaterThan(0);

    // The database's connections.
    const database = t.database.kind;
    const pool = (state: string) => metric('prestamos_db_pool_connections', { database, state });
    if (database === 'pglite') {
      expect([pool('total'), pool('idle'), pool('waiting')]).toEqual([1, 1, 0]);
    } else {
      expect(pool('total')).toBeGreaterThanOrEqual(1);
      expect(pool('idle')).toBeLessThanOrEqual(pool('total')!);
      expect(pool('waiting')).toBe(0);
    }

    // The job queues: the SMS and the receipt each kicked their queue's one waiting job; nothing
    // else waits; the failure is counted.
    const depth = (queue: string) => metric('prestamos_job_queue_depth', { queue });
    expect(depth(JOB_QUEUES.outbox)).toBe(1);
    expect(depth(JOB_QUEUES.receiptForwarding)).toBe(1);
    expect(depth(JOB_QUEUES.servicing)).toBe(0);
    expect(depth(JOB_QUEUES.chatNudges)).toBe(0);
    expect(metric('prestamos_job_failures_total', { queue: JOB_QUEUES.chatNudges })).toBe(1);
    expect(metric('prestamos_job_failures_total', { queue: JOB_QUEUES.outbox })).toBe(0);

    // The outbox: one SMS waiting since 08:05.
    expect(metric('prestamos_outbox_pending')).toBe(1);
    expect(metric('prestamos_outbox_oldest_pending_age_seconds')).toBe(5 * 60);

    // The receipts: one waiting for a cashier since 08:00, none for a second person.
    expect(metric('prestamos_receipts_waiting', { state: 'pending' })).toBe(1);
    expect(metric('prestamos_receipts_oldest_waiting_age_seconds', { state: 'pending' })).toBe(10 * 60);
    expect(metric('prestamos_receipts_waiting', { state: 'awaiting_approval' })).toBe(0);
    expect(metric('prestamos_receipts_oldest_waiting_age_seconds', { state: 'awaiting_approval' })).toBe(0);

    // The last daily run: today's, five seconds, done.
    expect(metric('prestamos_servicing_last_run_date_seconds')).toBe(businessDateSeconds(today));
    expect(businessDateSeconds(today)).toBe(Date.parse('2026-11-23T06:00:00Z') / 1000);
    expect(metric('prestamos_servicing_last_run_duration_seconds')).toBe(5);
    expect(metric('prestamos_servicing_last_run_outcome', { outcome: 'done' })).toBe(1);
    expect(metric('prestamos_servicing_last_run_outcome', { outcome: 'failed' })).toBe(0);

    // The live channels: the borrower's one stream.
    expect(metric('prestamos_live_connections', { channel: 'chat' })).toBe(1);
    expect(metric('prestamos_live_connections', { channel: 'inbox' })).toBe(0);
    stream.close();
    await expect
      .poll(async () => valueOf((await scrape()).samples, 'prestamos_live_connections', { channel: 'chat' }))
      .toBe(0);
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the settings', () => {
  const base = testSettings(tmpdir());
  it('METRICS_PORT and the traces are off unless set; METRICS_PORT must not be PORT', () => {
    const config = loadConfig(base);
    expect(config.metricsPort).toBeUndefined();
    expect(config.telemetry).toEqual({ otlpEndpoint: undefined, serviceName: 'prestamos-hn-api' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ ...base, PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      'METRICS_PORT must differ from PORT (3000)',
    );
    expect(() => loadConfig({ ...base, METRICS_PORT: 'nueve' })).toThrow(/METRICS_PORT/);
    expect(
      loadConfig({
        ...base,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SERVICE_NAME: 'api-1',
      }).telemetry,
    ).toEqual({ otlpEndpoint: 'http://collector:4318', serviceName: 'api-1' });
  });
});
