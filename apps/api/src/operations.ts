import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { migrationsFolder, rowsOf, type Db } from './db/client.ts';
import type { Logger } from './logger.ts';

/**
 * What the process knows of its own life (issue 34 point 2): whether it is shutting down, and
 * whether its job runner works the queues. The server sets both; an app without a runner (tests,
 * which run job handlers themselves) leaves `jobsStarted` undefined.
 */
export interface Lifecycle {
  /** SIGTERM or SIGINT arrived: `/api/ready` answers 503 from then on (shutdown.ts). */
  draining: boolean;
  /** False until the job runner works its queues; undefined when this app has no runner. */
  jobsStarted?: boolean;
}

export type NotReadyReason = 'database' | 'migrations' | 'jobs';

export type Readiness =
  | { status: 'ready' }
  | { status: 'draining' }
  | { status: 'not_ready'; reasons: NotReadyReason[]; pendingMigrations?: string[] };

/** The repository's migrations (drizzle's journal): each one's tag and its folder time. */
export function migrationJournal(folder = migrationsFolder): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The journal's migrations the database has not applied. drizzle's migrator records each applied
 * one with the journal's `when` as `created_at` in `drizzle.__drizzle_migrations`; a database the
 * migrator never ran on has no such table, so everything is pending.
 */
export async function pendingMigrations(db: Db, journal: { tag: string; when: number }[]): Promise<string[]> {
  const [table] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  );
  if (!table?.name) return journal.map((entry) => entry.tag);
  const applied = new Set(
    rowsOf<{ created_at: string | number }>(
      await db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
    ).map((row) => Number(row.created_at)),
  );
  return journal.filter((entry) => !applied.has(entry.when)).map((entry) => entry.tag);
}

/** Ready when not draining, the database answers, every migration is applied and the jobs run. */
export async function readiness(
  db: Db,
  lifecycle: Lifecycle,
  journal: { tag: string; when: number }[],
  log?: Pick<Logger, 'error'>,
): Promise<Readiness> {
  if (lifecycle.draining) return { status: 'draining' };
  const reasons: NotReadyReason[] = [];
  let pending: string[] = [];
  try {
    pending = await pendingMigrations(db, journal);
    if (pending.length > 0) reasons.push('migrations');
  } catch (error) {
    // The error goes to the log, never into the answer.
    log?.error({ err: error }, 'readiness: the database does not answer');
    reasons.push('database');
  }
  if (lifecycle.jobsStarted === false) reasons.push('jobs');
  if (reasons.length === 0) return { status: 'ready' };
  return { status: 'not_ready', reasons, ...(pending.length > 0 ? { pendingMigrations: pending } : {}) };
}

export interface OperationsPluginOptions {
  db: Db;
  lifecycle: Lifecycle;
  /** The migrations the database must have (tests add one to see 503). */
  journal?: { tag: string; when: number }[];
}

/**
 * The load balancer's and orchestrator's probes, neither rate limited nor stored (no-store, as
 * every API answer): `GET /api/health`, the process answers (liveness: it touches nothing, so a
 * database outage does not get healthy processes restarted); `GET /api/ready`, 200 when this
 * instance should get traffic, 503 with the reasons when not, and 503 `draining` once it shuts down.
 */
export const operationsPlugin: FastifyPluginAsync<OperationsPluginOptions> = async (app, options) => {
  const journal = options.journal ?? migrationJournal();
  app.get('/api/health', { config: { rateLimit: false } }, async () => ({ ok: true }));
  app.get('/api/ready', { config: { rateLimit: false } }, async (request, reply) => {
    const answer = await readiness(options.db, options.lifecycle, journal, request.log);
    if (answer.status !== 'ready') {
      if (answer.status === 'not_ready') request.log.warn({ readiness: answer }, 'not ready');
      return reply.code(503).send(answer);
    }
    return answer;
  });
};
