import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http, { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { todayInTegucigalpa } from '@prestamos-hn/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig, repoRoot } from '../src/config.ts';
import { migrateDatabase, openPglite, wrapPglite, type Database } from '../src/db/client.ts';
import { servicingRuns } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { jobHandlers } from '../src/jobs/background-jobs.ts';
import { JOB_QUEUES, startJobRunner, type JobQueue, type JobRunner } from '../src/jobs/job-queue.ts';
import { migrationJournal, readiness, type Lifecycle } from '../src/operations.ts';
import { jobDeps } from '../src/request-context.ts';
import { issueChatTicket } from '../src/services/chat/tickets.ts';
import type { Deps } from '../src/services/deps.ts';
import { RunStoppedError, runServicingDate } from '../src/services/servicing/daily-run.ts';
import { insertStaff, STAFF_PASSWORD, StaffBrowser } from './support/backoffice.ts';
import { sessionFor } from './support/borrowers.ts';
import { openEventStream } from './support/chat.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { testSettings } from './support/test-settings.ts';

// Issue 34, "Running it for real": the request id (point 1), the health and readiness probes
// (point 2) and the graceful shutdown on SIGTERM (point 3), the last on a spawned server.

const logLines = (lines: string[]) =>
  lines
    .flatMap((line) => line.split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('Issue 34, 1. The request id', () => {
  let base: TestApp;
  let t: TestApp;
  let runner: JobRunner;
  const lines: string[] = [];
  beforeAll(async () => {
    // The job library on the test's database, and an app that queues on it, as the server has them.
    base = await createTestApp();
    runner = await startJobRunner(base.deps, base.database.executeSql, { schedule: false });
    t = await createTestApp({
      database: base.database,
      jobs: runner.jobs,
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
    await base.close();
  });

  it('a well-formed x-request-id is kept: in the answer and in every log line of the request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-id.0001' },
    });
    expect(res.headers['x-request-id']).toBe('proxy-id.0001');
    const mine = logLines(lines).filter((line) => line.requestId === 'proxy-id.0001');
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(logLines(lines).some((line) => 'reqId' in line)).toBe(false);
  });

  it('none, or one that is not a plain token of 8 to 128 characters, gets a new UUID', async () => {
    const ids = [];
    for (const header of [undefined, 'corto', 'con espacio 123', 'x'.repeat(129), 'línea\u00e1nueva1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/getPurposeList.php',
        payload: {},
        headers: header === undefined ? {} : { 'x-request-id': header },
      });
      expect(res.statusCode).toBe(200);
      ids.push(res.headers['x-request-id']);
    }
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('errors and refusals carry it too (a 404, a malformed body)', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/no-existe',
      headers: { 'x-request-id': 'id-del-404' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('id-del-404');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/app/getProfile.php',
      headers: { 'content-type': 'application/json', 'x-request-id': 'id-del-400' },
      payload: '{"sid": ',
    });
    expect(malformed.headers['x-request-id']).toBe('id-del-400');
  });

  it('a job a request queues carries the id, and the lines the job logs say it', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/app/otp_cre.php',
      headers: { 'content-type': 'application/json', 'x-request-id': 'pide-codigo-0001' },
      payload: JSON.stringify({ UsrTel: '99887766' }),
    });
    expect(sent.json().status).toBe('OK');
    const jobs = (await t.deps.db.execute(
      sql`select data from pgboss.job where name = ${JOB_QUEUES.outbox} and state = 'created'`,
    )) as unknown as { rows: { data: unknown }[] };
    expect(jobs.rows.map((row) => row.data)).toEqual([{ requestId: 'pide-codigo-0001' }]);

    // The server's handlers, with the outbox's delivery watched: it runs as part of that request.
    const deps: Deps = { ...t.deps, log: t.app.log, jobs: runner.jobs };
    const seen: (string | undefined)[] = [];
    const handlers = jobHandlers(deps);
    await runner.work({
      ...handlers,
      [JOB_QUEUES.outbox]: async (job) => {
        seen.push(job.requestId);
        // As the job's own work logs: with the deps its handler is given (jobDeps).
        jobDeps(deps, job.requestId).log.info({ queue: JOB_QUEUES.outbox }, 'delivering');
        return handlers[JOB_QUEUES.outbox](job);
      },
    });
    await expect.poll(() => seen, { timeout: 20_000 }).toEqual(['pide-codigo-0001']);
    const delivering = logLines(lines).find((line) => line.msg === 'delivering');
    expect(delivering?.requestId).toBe('pide-codigo-0001');
    // The app's own lines outside a request carry none.
    t.app.log.info('fuera de una petición');
    expect(logLines(lines).find((line) => line.msg === 'fuera de una petición')).not.toHaveProperty(
      'requestId',
    );
  });

  it('a staff call passes its id on too (its code by e-mail queues the delivery)', async () => {
    const email = `operaciones.${process.pid}@prestamos.test`;
    await insertStaff(t, { email, role: 'admin' });
    const login = await new StaffBrowser(t).post(
      '/auth/login',
      { email, password: STAFF_PASSWORD },
      { headers: { 'x-request-id': 'personal-login-0001' } },
    );
    expect(login.statusCode).toBe(200);
    expect(login.headers['x-request-id']).toBe('personal-login-0001');
    const jobs = (await t.deps.db.execute(
      sql`select data from pgboss.job where name = ${JOB_QUEUES.outbox} and data->>'requestId' = 'personal-login-0001'`,
    )) as unknown as { rows: { data: unknown }[] };
    expect(jobs.rows.map((row) => row.data)).toEqual([{ requestId: 'personal-login-0001' }]);
  });
});

describe('Issue 34, 2. Health and readiness', () => {
  let t: TestApp;
  const lifecycle: Lifecycle = { draining: false, jobsStarted: true };
  beforeAll(async () => {
    t = await createTestApp({ lifecycle });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a started app is ready (200, no-store, not rate limited) and healthy', async () => {
    for (let i = 0; i < 3; i++) {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
      expect(ready.headers['cache-control']).toMatch(/no-store/);
      expect(ready.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
  });

  it('503 with the reason until the job runner has started', async () => {
    lifecycle.jobsStarted = false;
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    lifecycle.jobsStarted = true;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', reasons: ['jobs'] });
  });

  it('503 draining once a shutdown began', async () => {
    lifecycle.draining = true;
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    lifecycle.draining = false;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'draining' });
    // The process still answers: only readiness says to send no more traffic.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('not ready when a migration of the repository is not applied (a newer journal entry)', async () => {
    const journal = [...migrationJournal(), { tag: '9999_siguiente', when: Date.now() }];
    expect(await readiness(t.deps.db, lifecycle, migrationJournal())).toEqual({ status: 'ready' });
    expect(await readiness(t.deps.db, lifecycle, journal)).toEqual({
      status: 'not_ready',
      reasons: ['migrations'],
      pendingMigrations: ['9999_siguiente'],
    });
  });

  it('not ready on a database the migrations never ran on, while health answers 200', async () => {
    const empty = wrapPglite(new PGlite());
    const app = await buildApp({
      config: t.config,
      db: empty.db,
      listen: empty.listen,
      clock: t.clock,
      integrations: t.deps.integrations,
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.status).toBe('not_ready');
    expect(body.reasons).toEqual(['migrations']);
    expect(body.pendingMigrations).toEqual(migrationJournal().map((entry) => entry.tag));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
    await empty.close();
  });

  it('not ready, without the error, when the database does not answer; health needs no database', async () => {
    const down = await createTestApp();
    await down.database.close();
    const ready = await down.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', reasons: ['database'] });
    expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await down.app.close();
  });
});

// --- 3. The graceful shutdown, on a spawned server (tsx on src/server.ts) --------------------------

interface Server {
  child: ChildProcess;
  baseUrl: string;
  lines: () => Record<string, unknown>[];
  exit: Promise<{ code: number | null; atMs: number }>;
}

/** Starts the server with these settings; resolves once it logged that it is ready ("listo"). */
async function startServer(env: Record<string, string>): Promise<Server> {
  // Node itself with tsx's loader, not the tsx command: the command runs the server in a child
  // process and relays signals to it, and under load its relay's own timeout ended it with 143
  // before the server had shut down. Here SIGTERM reaches the server's process as in production.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; atMs: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, atMs: performance.now() })),
  );
  const lines = () =>
    stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${stderr}`)), 90_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const listening = lines().find((line) =>
        String(line.msg).startsWith('Server listening at http://127.0.0.1'),
      );
      if (listening && lines().some((line) => String(line.msg).includes(' listo en '))) {
        clearTimeout(timer);
        resolve(String(listening.msg).replace('Server listening at ', ''));
      }
    });
    void exit.then(({ code }) => reject(new Error(`the server exited (${code}): ${stderr}`)));
  });
  return { child, baseUrl, lines, exit };
}

/**
 * A legacy call whose JSON body the client sends slowly (a phone on a bad network): in flight on
 * the server from its headers until its last byte. `finish` sends the rest; the answer follows.
 */
function slowCall(baseUrl: string, file: string, payload: object) {
  const body = `${JSON.stringify(payload)}${' '.repeat(4096)}`;
  const request = http.request(`${baseUrl}/api/app/${file}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  });
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }),
      );
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 100));
  return {
    answer,
    finish: () => request.end(body.slice(100)),
    abandon: () => request.destroy(),
  };
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a new connection to the server is refused. */
const refused = (baseUrl: string) =>
  fetch(`${baseUrl}/api/health`).then(
    () => false,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED',
  );

describe('Issue 34, 3. Graceful shutdown (spawned server)', () => {
  let env: Record<string, string>;
  let database: Database | undefined;
  let t: TestApp | undefined;
  let dataDir: string | undefined;
  let ticket: string;

  beforeAll(async () => {
    // The server's database with a borrower and a chat ticket (the real clock, as the server's).
    if (inject('pgTemplate')) {
      t = await createTestApp();
      database = t.database;
      env = { DATABASE_URL: t.databaseUrl! };
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'prestamos-shutdown-'));
      database = await openPglite(dataDir);
      await migrateDatabase(database);
      await seedReferenceData(database.db);
      env = { DATA_DIR: dataDir };
    }
    const config = loadConfig(testSettings(dataDir ?? tmpdir()));
    const deps = { db: database.db, clock: systemClock, config };
    const { sessionId, borrowerId } = await sessionFor(deps);
    ({ ticket } = await issueChatTicket(deps, { id: sessionId, borrowerId, state: 'active' }));
    if (!t) await database.close();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM: no new connections, the request in flight gets its answer, the stream ends with a retry hint, exit 0 in the grace', async () => {
    // With METRICS_PORT: the metrics server answers beside the app and closes with it.
    const metricsPort = await freePort();
    const server = await startServer({
      ...env,
      SHUTDOWN_GRACE_SECONDS: '15',
      METRICS_PORT: String(metricsPort),
    });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    try {
      expect((await fetch(`${server.baseUrl}/api/ready`)).status).toBe(200);
      const scraped = await fetch(metricsUrl);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/api\/ready",status_code="200"\} 1$/m,
      );
      const stream = await openEventStream(server.baseUrl, `/api/app/chat/events?ticket=${ticket}`);
      expect(stream.status).toBe(200);
      const slow = slowCall(server.baseUrl, 'otp_cre.php', { UsrTel: '99887766' });
      await new Promise((resolve) => setTimeout(resolve, 300));

      const signalledAt = performance.now();
      server.child.kill('SIGTERM');
      await stream.ended;
      expect(stream.body).toMatch(/\nretry: \d+\n/);
      await expect.poll(() => refused(server.baseUrl), { timeout: 5_000 }).toBe(true);
      // Still in flight: the server has not exited.
      expect(server.child.exitCode).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 500));
      slow.finish();
      const answer = await slow.answer;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).status).toBe('OK');

      const exit = await server.exit;
      expect(exit.code).toBe(0);
      expect(exit.atMs - signalledAt).toBeLessThan(15_000);
      const messages = server.lines().map((line) => line.msg);
      expect(messages).toContain('shutting down: not ready, finishing what is in flight');
      expect(messages).toContain('shut down');
      await expect(fetch(metricsUrl)).rejects.toThrow();
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);

  it('SHUTDOWN_DRAIN_SECONDS: not ready at once but still serving, new connections too, then closed and exit 0', async () => {
    const server = await startServer({ ...env, SHUTDOWN_GRACE_SECONDS: '15', SHUTDOWN_DRAIN_SECONDS: '2' });
    try {
      const signalledAt = performance.now();
      server.child.kill('SIGTERM');
      await expect
        .poll(async () => (await fetch(`${server.baseUrl}/api/ready`)).status, {
          timeout: 1_500,
          interval: 50,
        })
        .toBe(503);
      // What a load balancer sent before it noticed is answered, on a new connection as on a kept one.
      const served = await fetch(`${server.baseUrl}/api/health`, { headers: { connection: 'close' } });
      expect(served.status).toBe(200);
      expect(performance.now() - signalledAt).toBeLessThan(2_000);
      await expect.poll(() => refused(server.baseUrl), { timeout: 10_000 }).toBe(true);
      expect(performance.now() - signalledAt).toBeGreaterThanOrEqual(2_000);
      expect((await server.exit).code).toBe(0);
      expect(server.lines().map((line) => line.msg)).toContain('draining: not ready, still serving');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);

  it('the drain is part of the grace: SHUTDOWN_DRAIN_SECONDS must be less than SHUTDOWN_GRACE_SECONDS', () => {
    const settings = testSettings(tmpdir());
    expect(() =>
      loadConfig({ ...settings, SHUTDOWN_GRACE_SECONDS: '5', SHUTDOWN_DRAIN_SECONDS: '5' }),
    ).toThrow('SHUTDOWN_DRAIN_SECONDS (5) must be less than SHUTDOWN_GRACE_SECONDS (5)');
    expect(loadConfig({ ...settings, SHUTDOWN_DRAIN_SECONDS: '4' }).shutdownDrainMs).toBe(4_000);
    expect(loadConfig(settings).shutdownDrainMs).toBe(0);
  });

  it('a request that outlives SHUTDOWN_GRACE_SECONDS: exit 1, with a line saying so', async () => {
    const server = await startServer({ ...env, SHUTDOWN_GRACE_SECONDS: '1' });
    const slow = slowCall(server.baseUrl, 'otp_cre.php', { UsrTel: '99887766' });
    slow.answer.catch(() => undefined);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const signalledAt = performance.now();
      server.child.kill('SIGTERM');
      const exit = await server.exit;
      expect(exit.code).toBe(1);
      expect(exit.atMs - signalledAt).toBeGreaterThanOrEqual(900);
      expect(exit.atMs - signalledAt).toBeLessThan(5_000);
      expect(server.lines().map((line) => line.msg)).toContain(
        'shutdown took longer than SHUTDOWN_GRACE_SECONDS: exiting with what is still in flight',
      );
    } finally {
      slow.abandon();
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});

describe('Issue 34, 3. Jobs stop after their current step; one job step runs on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a servicing run stopped by the runner ends after its current step and gives its date back at once', async () => {
    const date = todayInTegucigalpa(t.clock.now());
    const stopping = new AbortController();
    const steps: string[] = [];
    await expect(
      runServicingDate(t.deps, date, {
        signal: stopping.signal,
        afterStep: (step) => {
          steps.push(step);
          // The SIGTERM arrives during the first step.
          if (step === 'wallets') stopping.abort();
        },
      }),
    ).rejects.toBeInstanceOf(RunStoppedError);
    expect(steps).toEqual(['wallets']);
    const [row] = await t.deps.db.select().from(servicingRuns).where(eq(servicingRuns.businessDate, date));
    expect(row).toMatchObject({ status: 'running' });
    // Another instance (the default 10 minutes of silence) may take it over now, and finishes it.
    const again = await runServicingDate(t.deps, date);
    expect(again).toMatchObject({ businessDate: date, ran: true });
  });

  it('two job runners on one database (two instances): one queue never has two jobs running at once', async () => {
    const other = await t.connectAgain();
    const runners = [
      await startJobRunner(t.deps, t.database.executeSql, { schedule: false }),
      await startJobRunner(t.deps, other.executeSql, { schedule: false }),
    ];
    let running = 0;
    let most = 0;
    let done = 0;
    const idle = async () => undefined;
    const handlers = Object.fromEntries(Object.values(JOB_QUEUES).map((queue) => [queue, idle])) as Record<
      JobQueue,
      () => Promise<unknown>
    >;
    const step = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 300));
      running -= 1;
      done += 1;
    };
    for (const runner of runners) {
      await runner.work({ ...handlers, [JOB_QUEUES.chatNudges]: step }, { pollingIntervalSeconds: 0.5 });
    }
    try {
      for (let i = 0; i < 12; i++) {
        await runners[i % 2]!.send(JOB_QUEUES.chatNudges);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await expect.poll(() => done >= 2, { timeout: 20_000 }).toBe(true);
      await expect.poll(() => running, { timeout: 20_000 }).toBe(0);
      expect(most).toBe(1);
    } finally {
      for (const runner of runners) await runner.stop();
      await other.close();
    }
  });
});
