import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { openPostgres, rowsOf, wrapPglite, type Database } from '../../src/db/client.ts';
import { withDatabase } from './database-url.ts';

/**
 * Databases for a migration's test on data the older code left: migrated up to one migration (a
 * copy of the journal cut there, the same SQL files), filled, then migrated to the end. PGlite, or a
 * database of its own on the suite's PostgreSQL.
 */
export const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

export interface MigrationDatabases {
  /** The migrations folder cut after `before`. */
  partial: string;
  /** An empty database of the suite's kind. */
  empty: () => Promise<Database>;
  /** Closes and drops every database made, and removes the cut folder. */
  close: () => Promise<void>;
}

export function migrationDatabases(before: string): MigrationDatabases {
  const partial = mkdtempSync(path.join(tmpdir(), 'prestamos-migrations-'));
  mkdirSync(path.join(partial, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === before);
  expect(upTo).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, upTo + 1);
  writeFileSync(path.join(partial, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    copyFileSync(path.join(MIGRATIONS, `${tag}.sql`), path.join(partial, `${tag}.sql`));
  }
  const opened: { database: Database; drop: () => Promise<void> }[] = [];

  async function empty(): Promise<Database> {
    const template = inject('pgTemplate');
    if (template) {
      const name = `prestamos_m_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: template.url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const database = await openPostgres(withDatabase(template.url, name));
      opened.push({
        database,
        drop: async () => {
          // The pool's connections end a moment after close() returns: let them go before the drop.
          for (let k = 0; k < 50; k++) {
            const { rows } = await admin.query(
              'select count(*)::int as n from pg_stat_activity where datname = $1',
              [name],
            );
            if (rows[0].n === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          await admin.query(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      });
      return database;
    }
    const database = wrapPglite(new PGlite());
    opened.push({ database, drop: async () => undefined });
    return database;
  }

  return {
    partial,
    empty,
    close: async () => {
      for (const { database, drop } of opened) {
        await database.close();
        await drop();
      }
      rmSync(partial, { recursive: true, force: true });
    },
  };
}

export const migrateTo = (database: Database, migrationsFolder: string) =>
  database.kind === 'pglite'
    ? migratePglite(database.db as never, { migrationsFolder })
    : migratePg(database.db as never, { migrationsFolder });

export const query = async <T>(database: Database, text: string) =>
  rowsOf<T>(await database.db.execute(sql.raw(text)));
