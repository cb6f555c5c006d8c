import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { addDays } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { backupFilePath, MANIFEST_FILE, pgliteFolder, type Manifest } from '../src/backup/backup.ts';
import { sha256, takeInventory, type Query } from '../src/backup/inventory.ts';
import { readVerifiedBackup, restoreBackup, RestoreRefusedError } from '../src/backup/restore.ts';
import { repoRoot } from '../src/config.ts';
import { openPostgres, rowsOf, wrapPglite, type Database } from '../src/db/client.ts';
import { createFolderFileStorage } from '../src/integrations/file-storage/simulator.ts';
import { runMissedDates } from '../src/services/servicing/daily-run.ts';
import { postChatMultipart } from './support/chat.ts';
import { withDatabase } from './support/database-url.ts';
import {
  borrowerWithDisbursedLoan,
  paymentStaff,
  postReceipt,
  sessionNow,
  validateReceipt,
} from './support/payments.ts';
import { expectOk, images } from './support/profile.ts';
import { createTestApp } from './support/test-app.ts';

// Issue 34 point 5, the drill: a month of activity, `npm run backup`, everything destroyed,
// `npm run restore`, and the rows of every table, the ledger's sums and every stored file's hash
// compared with what there was. On PGlite (a folder), and on PostgreSQL when DATABASE_URL is set.

const run = promisify(execFile);
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const FIRST_DAY = '2026-11-02';
const DAYS = 30;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The drill's own database, as a deployment has it: a PGlite folder in DATA_DIR (loaded from the
 * suite's migrated, seeded dump), or a PostgreSQL database copied from the suite's template.
 * `destroy` loses it (PostgreSQL: an empty database of the same name is left for the restore).
 */
async function deployment() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prestamos-drill-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const template = inject('pgTemplate');
  if (template) {
    const name = `prestamos_drill_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = withDatabase(template.url, name);
    return {
      dataDir,
      databaseUrl: url as string | undefined,
      env: { DATA_DIR: dataDir, DATABASE_URL: url },
      open: () => openPostgres(url),
      async destroy() {
        await admin.query(`drop database ${name} with (force)`);
        await admin.query(`create database ${name}`);
        await rm(path.join(dataDir, 'files'), { recursive: true, force: true });
      },
    };
  }
  const dump = inject('pgliteDump');
  if (!dump) throw new Error('global setup did not prepare a database');
  const client = new PGlite(pgliteFolder(dataDir), { loadDataDir: new Blob([readFileSync(dump)]) });
  await client.waitReady;
  await client.close();
  return {
    dataDir,
    databaseUrl: undefined as string | undefined,
    env: { DATA_DIR: dataDir } as Record<string, string>,
    async open(): Promise<Database> {
      const reopened = new PGlite(pgliteFolder(dataDir));
      await reopened.waitReady;
      return wrapPglite(reopened);
    },
    destroy: () => rm(dataDir, { recursive: true, force: true }).then(() => undefined),
  };
}

const queryOf =
  (database: Database): Query =>
  async (text) =>
    rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(text)));

/** Every file of the folder store, read from the disk: key → SHA-256. */
async function filesOnDisk(filesDir: string): Promise<Record<string, string>> {
  if (!existsSync(filesDir)) return {};
  const hashes: Record<string, string> = {};
  for (const entry of await readdir(filesDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.data')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(filesDir, file).slice(0, -'.data'.length).split(path.sep).join('/');
    hashes[key] = sha256(await readFile(file));
  }
  return hashes;
}

/**
 * Thirty business days with the clock moving: a loan disbursed every third day, each first
 * instalment paid six days later by a receipt with its photo, validated at the desk (the ledger and
 * the wallets move), a photo in the help chat, and the daily run on every date.
 */
async function monthOfActivity(database: Database, env: Record<string, string>) {
  const t = await createTestApp({ database, env, now: `${FIRST_DAY}T15:00:00Z` });
  try {
    const staff = await paymentStaff(t);
    const loans: { borrowerId: number; loanId: number; instalmentIds: number[]; day: number }[] = [];
    for (let day = 0; day < DAYS; day += 1) {
      t.clock.set(`${addDays(FIRST_DAY, day)}T15:00:00Z`);
      if (day % 3 === 0) loans.push({ ...(await borrowerWithDisbursedLoan(t, staff)), day });
      for (const loan of loans.filter((l) => l.day === day - 6)) {
        const sid = await sessionNow(t, loan.borrowerId);
        const sent = await expectOk(
          postReceipt(t, sid, {
            containerId: loan.loanId,
            idpago: loan.instalmentIds[0]!,
            amount: '417.21',
            reference: `DEP-${loan.loanId}`,
          }),
        );
        await validateReceipt(t, staff, sent.receipt_id as number, { amount: '417.21' });
      }
      if (day === 10) {
        const loan = loans[0]!;
        const answer = await postChatMultipart(
          t,
          { sid: await sessionNow(t, loan.borrowerId), text: 'Mi comprobante', clientId: randomUUID() },
          [{ field: 'image', data: images.png, filename: 'foto.png', contentType: 'image/png' }],
        );
        expect(answer.status, JSON.stringify(answer)).toBe('OK');
      }
      await runMissedDates(t.deps);
    }
    return t.config.storage.filesDir;
  } finally {
    await t.close();
  }
}

describe('backup and restore drill', () => {
  it('a month of activity comes back with the same rows, ledger sums and files', async () => {
    const target = await deployment();
    const env = target.env;
    const database = await target.open();
    let filesDir: string;
    let before;
    try {
      filesDir = await monthOfActivity(database, env);
      before = await takeInventory(queryOf(database));
    } finally {
      await database.close();
    }
    const filesBefore = await filesOnDisk(filesDir);
    // The month really happened: money moved through the books, files were stored, every date ran.
    expect(before.rowCounts['public.servicing_runs']).toBe(DAYS);
    expect(before.rowCounts['public.receipts']).toBeGreaterThanOrEqual(8);
    expect(before.rowCounts['public.chat_messages']).toBeGreaterThanOrEqual(1);
    expect(Number(before.ledger.wallets.credit?.amountCents)).toBeGreaterThanOrEqual(8 * 41_721);
    expect(Object.keys(before.ledger.journal).length).toBeGreaterThan(1);
    expect(Object.keys(filesBefore).length).toBe(before.referencedFiles.length);
    expect(Object.keys(filesBefore).length).toBeGreaterThanOrEqual(9);

    // npm run backup, as the operator runs it (the same settings as the server's).
    const backups = path.join(target.dataDir, '..', `${path.basename(target.dataDir)}-backups`);
    cleanups.push(() => rm(backups, { recursive: true, force: true }));
    const cliEnv = { ...process.env, ...env, BACKUP_DIR: backups, LOG_LEVEL: 'silent' };
    const backedUp = await run(tsx, [path.join(repoRoot, 'apps/api/src/backup-cli.ts')], {
      env: cliEnv,
      cwd: repoRoot,
    });
    const { backup } = JSON.parse(backedUp.stdout) as { backup: string };
    const manifest = JSON.parse(await readFile(path.join(backup, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest.rowCounts).toEqual(before.rowCounts);
    expect(manifest.ledger).toEqual(before.ledger);
    expect(Object.fromEntries(manifest.files.map((f) => [f.key, f.sha256]))).toEqual(filesBefore);
    expect(manifest.missingFiles).toEqual([]);

    // Everything lost: the database and the file store.
    await target.destroy();
    expect(await filesOnDisk(filesDir)).toEqual({});

    // npm run restore: it compares the restored copy with the manifest and says so.
    const restored = await run(tsx, [path.join(repoRoot, 'apps/api/src/restore-cli.ts'), backup], {
      env: cliEnv,
      cwd: repoRoot,
    });
    expect(restored.stdout).toContain('todo coincide');
    expect(restored.stdout).not.toMatch(/^MAL/m);

    // And independently of the restore's own check: the same rows, sums and files as before.
    const reopened = await target.open();
    try {
      const after = await takeInventory(queryOf(reopened));
      expect(after.rowCounts).toEqual(before.rowCounts);
      expect(after.ledger).toEqual(before.ledger);
      expect(after.referencedFiles).toEqual(before.referencedFiles);
    } finally {
      await reopened.close();
    }
    expect(await filesOnDisk(filesDir)).toEqual(filesBefore);

    // A second restore over the restored data is refused without --force, and changes nothing.
    const storage = createFolderFileStorage({ rootDir: filesDir });
    const settings = { databaseUrl: target.databaseUrl, dataDir: target.dataDir };
    await expect(restoreBackup({ dir: backup, settings, storage })).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup({ dir: backup, settings, storage })).rejects.toThrow(
      /No se restaura sobre datos existentes \(el almacenamiento de archivos tiene \d+ archivos; (la base de datos tiene \d+ tablas|ya hay una base PGlite en .*)\): usa --force/,
    );

    // With --force it replaces them and checks again; the replaced PGlite folder is kept aside.
    await writeFile(path.join(filesDir, 'extra.data'), 'un archivo que la copia no tiene');
    const forced = await restoreBackup({ dir: backup, settings, storage, force: true });
    expect(forced.ok).toBe(true);
    expect(forced.replaced.length).toBeGreaterThanOrEqual(2);
    expect(forced.extraFiles).toEqual(['extra']);
    expect(forced.comparison.find((line) => line.what === 'files with the same SHA-256')).toMatchObject({
      expected: String(manifest.files.length),
      actual: String(manifest.files.length),
    });

    // A damaged backup is refused before anything is touched.
    const firstFile = manifest.files[0]!;
    await writeFile(backupFilePath(backup, firstFile.key), 'otra cosa');
    await expect(readVerifiedBackup(backup)).rejects.toThrow(
      `La copia está dañada: el archivo ${firstFile.key} no coincide con el manifiesto.`,
    );
    await expect(restoreBackup({ dir: backup, settings, storage, force: true })).rejects.toThrow(
      'La copia está dañada',
    );
  }, 120_000);
});
