import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPostgres, wrapPglite } from '../../src/db/client.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import { withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: a migrated, seeded template database each test file copies. */
    pgTemplate: { url: string; name: string } | null;
    /** PGlite: a dump of a migrated, seeded database each test file loads. */
    pgliteDump: string | null;
  }
}

/**
 * Migrates and seeds one database for the whole run, so each test file starts from a copy in a
 * second instead of running initdb and the migrations again. With DATABASE_URL the suite runs on
 * that PostgreSQL server; otherwise on PGlite.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `prestamos_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const templateUrl = withDatabase(url, name);
    const database = await openPostgres(templateUrl);
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    await database.close();
    project.provide('pgTemplate', { url, name });
    project.provide('pgliteDump', null);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'prestamos-test-'));
  const client = new PGlite();
  const database = wrapPglite(client);
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgTemplate', null);
  project.provide('pgliteDump', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
