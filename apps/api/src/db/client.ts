import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { repoRoot } from '../config.ts';
import { createPgListener, pgliteListen, type Listen } from './listen.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The typed query layer, the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: services accept either. */
export type DbOrTx = Db | Tx;

/** The rows of a raw statement (`db.execute`): node-postgres and PGlite both answer `{rows}`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN to a notification channel (the chat's live channel across API instances). */
  listen: Listen;
  /** Plain SQL text with `$n` parameters, as the job library (pg-boss) runs it on this database. */
  executeSql: SqlExecutor;
  /**
   * The connections' use, for /metrics (metrics.ts): PostgreSQL's pool as node-postgres counts it;
   * PGlite's one in-process connection, busy while a statement or transaction runs, with the calls
   * queued behind it as waiting. The first call starts the counting (nothing is counted otherwise).
   */
  watchPool(): () => PoolStats;
  /** PGlite only: the embedded client, whose SQL telemetry.ts traces (PostgreSQL's is node-postgres). */
  pgliteClient?: PGlite;
  close(): Promise<void>;
}

/** A pool's connections: all of them, those idle, and the callers waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** pg-boss's database interface: a statement (several, when there are no parameters) and its rows. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

// From the repository's root, so the same path holds in the compiled server (apps/api/dist/server.js).
export const migrationsFolder = path.join(repoRoot, 'apps/api/drizzle');

/** PGlite in a folder (`dataDir`), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(path.join(dataDir, 'pglite')) : new PGlite();
  await client.waitReady;
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const executeSql: SqlExecutor['executeSql'] = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    // pg-boss sends its migrations and locked maintenance as several statements without parameters.
    const results = await client.exec(text);
    return results.at(-1) ?? { rows: [] };
  };
  return {
    db,
    kind: 'pglite',
    listen: pgliteListen(client),
    executeSql: { executeSql },
    watchPool: () => watchPgliteCalls(client),
    pgliteClient: client,
    close: () => client.close(),
  };
}

const pgliteCalls = new WeakMap<PGlite, { inFlight: number }>();

/**
 * Counts PGlite's calls under way (`query`, `exec`, `transaction`: what Drizzle and pg-boss call),
 * which PGlite runs one at a time: one is the connection's work, the rest wait for it. Installed
 * once per client, only when /metrics is on.
 */
function watchPgliteCalls(client: PGlite): () => PoolStats {
  let calls = pgliteCalls.get(client);
  if (!calls) {
    const counted = { inFlight: 0 };
    calls = counted;
    pgliteCalls.set(client, counted);
    for (const method of ['query', 'exec', 'transaction'] as const) {
      const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
      (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        counted.inFlight++;
        try {
          return await original(...args);
        } finally {
          counted.inFlight--;
        }
      };
    }
  }
  const counted = calls;
  return () => ({
    total: 1,
    idle: counted.inFlight === 0 ? 1 : 0,
    waiting: Math.max(0, counted.inFlight - 1),
  });
}

/**
 * The databases that are a PostgreSQL server reached over connections (openPostgres), where a
 * statement costs a round trip; PGlite runs in this process, one statement at a time.
 */
const serverDatabases = new WeakSet<Db>();
export const isDatabaseServer = (db: Db): boolean => serverDatabases.has(db);

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection closed: ${error.message}`));
  // Fail fast with a clear message when the server is not there.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  serverDatabases.add(db);
  const listener = createPgListener(url);
  return {
    db,
    kind: 'postgres',
    listen: listener.listen,
    executeSql: { executeSql: (text, values) => pool.query(text, values) },
    watchPool: () => () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}

/** The server's database: PostgreSQL when `databaseUrl` is set, otherwise PGlite in `dataDir`. */
export function openDatabase(opts: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
