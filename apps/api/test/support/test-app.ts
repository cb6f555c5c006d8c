import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { manualClock, type ManualClock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openPostgres, wrapPglite, type Database } from '../../src/db/client.ts';
import { createIntegrations, type Integrations } from '../../src/integrations/index.ts';
import type { Jobs } from '../../src/jobs/job-queue.ts';
import { createMetrics, type AppMetrics } from '../../src/metrics.ts';
import type { Lifecycle } from '../../src/operations.ts';
import type { Deps } from '../../src/services/deps.ts';
import { withDatabase } from './database-url.ts';
import { testSettings } from './test-settings.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  clock: ManualClock;
  config: Config;
  database: Database;
  /** With `metrics: true`: the app's Prometheus metrics (serve them with startMetricsServer). */
  metrics?: AppMetrics;
  /**
   * Another connection to this test's database, as a second API instance would have (PostgreSQL: its
   * own pool and listening connection; PGlite, one process: the same database). Close it yourself.
   */
  connectAgain(): Promise<Database>;
  /** This test's PostgreSQL database (for another process to open); undefined on PGlite. */
  databaseUrl: string | undefined;
  /** POST a legacy call with a JSON body, from the current test's own client IP or the given one. */
  call(
    file: string,
    body: unknown,
    opts?: { ip?: string },
  ): Promise<{ statusCode: number; json: Record<string, unknown> }>;
  /** The same call, answered as the bytes sent and their content type. */
  callText(file: string, body: unknown): Promise<{ text: string; contentType: string }>;
  close(): Promise<void>;
}

/**
 * Production settings with every outside party real (the addresses are never called by the tests
 * that use them) and a fixed URL key: the least production starts with (config.ts, exposureGaps).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  CENSUS_URL: 'https://censo.example.hn/api',
  CENSUS_API_KEY: 'clave-censo',
  SMS_URL: 'https://sms.example.hn/send',
  SMS_API_KEY: 'clave-sms',
  SMTP_URL: 'smtps://usuario:clave@smtp.example.hn',
  BANK_ACCOUNT_CHECK_URL: 'https://banco.example.hn/cuentas',
  BANK_ACCOUNT_CHECK_KEY: 'clave-banco',
  PAYMENT_PARTNER_URL: 'https://pagos.example.hn',
  PAYMENT_PARTNER_TOKEN: 'token-pagos',
  FILE_URL_SECRET: 'clave-de-produccion-para-firmar-urls-de-archivos',
} as const;

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * Each test calls from its own client IP (derived from its name), so the per-IP request limits of
 * one test never spill into the next; tests of those limits pass an `ip` of their own.
 */
function ipForCurrentTest(): string {
  const name = expect.getState().currentTestName;
  if (!name) return '127.0.0.1';
  const digest = createHash('sha256').update(name).digest();
  return `10.${digest[0]}.${digest[1]}.${digest[2]! || 1}`;
}

/**
 * As `npm start` (scripts/start.mjs): the development outbox on outside production on loopback, unless
 * the test's settings say DEV_OUTBOX themselves. Tests read one-time codes from it.
 */
export function withDevOutbox(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const loopback = (env.HOST ?? '127.0.0.1') === '127.0.0.1';
  return env.NODE_ENV !== 'production' && loopback && env.DEV_OUTBOX === undefined
    ? { ...env, DEV_OUTBOX: '1' }
    : env;
}

/** A fresh copy of the migrated, seeded database for one test file: PGlite, or PostgreSQL with DATABASE_URL. */
async function openTestDatabase(): Promise<{
  database: Database;
  connectAgain(): Promise<Database>;
  url?: string;
}> {
  const template = inject('pgTemplate');
  if (template) {
    const name = `prestamos_t_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.name}`);
    const url = withDatabase(template.url, name);
    const database = await openPostgres(url);
    return {
      database: {
        ...database,
        close: async () => {
          await database.close();
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      },
      connectAgain: () => openPostgres(url),
      url,
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup did not prepare a database');
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(dump)]) });
  await client.waitReady;
  const database = wrapPglite(client);
  return { database, connectAgain: async () => ({ ...database, close: async () => undefined }) };
}

/**
 * The real app (real HTTP stack, real database, simulators for outside parties) for one test file.
 * `env` overrides settings as the environment would.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    now?: string;
    integrations?: Partial<Integrations>;
    /** Log to this stream (at the level of `env.LOG_LEVEL`) instead of not at all. */
    logStream?: { write(line: string): void };
    /** The chat live channel's heartbeat (default 25 s). */
    chatHeartbeatMs?: number;
    /** Serve this database (another test app's, `connectAgain()`) instead of a fresh copy; not closed here. */
    database?: Database;
    /** The app's job library and lifecycle, as the server passes them (operations.test.ts). */
    jobs?: Jobs;
    lifecycle?: Lifecycle;
    /** Prometheus metrics of this app's database and clock, as the server makes them (`TestApp.metrics`). */
    metrics?: boolean;
    /** OpenTelemetry's Fastify plugin, as the server passes it (telemetry.test.ts). */
    tracing?: AppOptions['tracing'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prestamos-app-'));
  const config = loadConfig(withDevOutbox({ ...testSettings(dataDir), ...opts.env }));
  const opened = opts.database
    ? {
        database: { ...opts.database, close: async () => undefined },
        connectAgain: () => Promise.reject(new Error('not here')),
      }
    : await openTestDatabase();
  const { database } = opened;
  const databaseUrl = 'url' in opened ? opened.url : undefined;
  const clock = manualClock(opts.now ?? '2026-11-22T15:00:00Z');
  const integrations = { ...createIntegrations(config), ...opts.integrations };
  const metrics = opts.metrics
    ? await createMetrics({
        db: database.db,
        databaseKind: database.kind,
        pool: database.watchPool(),
        clock,
      })
    : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    clock,
    integrations,
    ...(opts.chatHeartbeatMs ? { chatHeartbeatMs: opts.chatHeartbeatMs } : {}),
    ...(opts.jobs ? { jobs: opts.jobs } : {}),
    ...(opts.lifecycle ? { lifecycle: opts.lifecycle } : {}),
    ...(metrics ? { metrics } : {}),
    ...(opts.tracing ? { tracing: opts.tracing } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  const deps: Deps = { config, db: database.db, clock, integrations, log: silent };
  /** POST a legacy call with a JSON body, from the current test's own client IP or the given one. */
  const injectCall = (file: string, body: unknown, ip?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/app/${file}`,
      remoteAddress: ip ?? ipForCurrentTest(),
      headers: { 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    app,
    deps,
    clock,
    config,
    database,
    ...(metrics ? { metrics } : {}),
    connectAgain: opened.connectAgain,
    databaseUrl,
    async call(file, body, callOpts) {
      const res = await injectCall(file, body, callOpts?.ip);
      return { statusCode: res.statusCode, json: res.json() };
    },
    async callText(file, body) {
      const res = await injectCall(file, body);
      return { text: res.body, contentType: String(res.headers['content-type']) };
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
