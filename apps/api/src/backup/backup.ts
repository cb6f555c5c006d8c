// `npm run backup` (issue 34 point 5): one folder per backup, `<BACKUP_DIR>/<UTC time>/`, with the
// database (PostgreSQL: `db.dump`, pg_dump's custom format; PGlite: `pglite.tar`, its data folder),
// every stored file under `files/` and `manifest.json`, which says what a restore must find: every
// table's rows, the ledger's sums and every file's SHA-256 (inventory.ts). restore.ts puts it back.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { repoRoot } from '../paths.ts';
import type { FileStorage } from '../integrations/file-storage/types.ts';
import { sha256, takeInventory, type DatabaseInventory, type FileEntry, type Query } from './inventory.ts';
import { BackupError, runPgTool, toolConnection } from './pg-tools.ts';

export { BackupError };

export const MANIFEST_FILE = 'manifest.json';
export const FILES_FOLDER = 'files';
/** Where a file of the store is kept in a backup: `files/<key>.data` (a key and a longer key under it may both exist). */
export const backupFilePath = (dir: string, key: string) =>
  path.join(dir, FILES_FOLDER, ...key.split('/')) + '.data';

export interface Manifest {
  format: 1;
  /** When the backup was taken (UTC). */
  createdAt: string;
  appVersion: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** `db.dump` (pg_dump --format=custom) or `pglite.tar` (PGlite's dumpDataDir). */
    file: string;
    sha256: string;
    bytes: number;
  };
  rowCounts: DatabaseInventory['rowCounts'];
  ledger: DatabaseInventory['ledger'];
  files: FileEntry[];
  /**
   * Keys the database names that the store no longer had when the files were copied (a document
   * replaced between the database's snapshot and the copy, or a file lost before the backup).
   */
  missingFiles: string[];
}

/** Where the backup reads from: the server's settings (config.ts). */
export interface BackupSettings {
  /** PostgreSQL; without it, PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
}

/** The PGlite folder of a DATA_DIR (db/client.ts, openPglite). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * PGlite is one process's: the folder can be read only while no server has it open. An open PGlite
 * keeps `postmaster.pid` in it (so does one killed without closing: start and stop the server once).
 */
export function assertPgliteClosed(folder: string): void {
  if (existsSync(path.join(folder, 'postmaster.pid'))) {
    throw new BackupError(
      `La base PGlite de ${folder} está abierta (postmaster.pid): detén el servidor antes de copiarla (si no está corriendo, se cerró mal: arráncalo y detenlo una vez).`,
    );
  }
}

/** A backup folder's name: the UTC time, sortable and valid on every file system. */
export const backupName = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
const BACKUP_NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?$/;

function appVersion(): string {
  try {
    return String(
      (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version?: unknown })
        .version,
    );
  } catch {
    return 'unknown';
  }
}

/** Takes the database's dump and inventory in one snapshot (PostgreSQL) or with the folder closed (PGlite). */
async function backUpDatabase(
  settings: BackupSettings,
  dir: string,
): Promise<{ database: Omit<Manifest['database'], 'sha256' | 'bytes'>; inventory: DatabaseInventory }> {
  if (settings.databaseUrl) {
    // The inventory and pg_dump see one snapshot: exported by a repeatable-read transaction kept open
    // until the dump ends (pg_dump --snapshot), so the manifest describes exactly the dump even while
    // the servers keep writing.
    const client = new pg.Client({ connectionString: settings.databaseUrl });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const query: Query = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
      const connection = toolConnection(settings.databaseUrl);
      const file = 'db.dump';
      const [inventory] = await Promise.all([
        takeInventory(query),
        runPgTool(
          'pg_dump',
          [
            '--format=custom',
            `--snapshot=${rows[0]!.snapshot}`,
            `--file=${path.join(dir, file)}`,
            `--dbname=${connection.dbname}`,
          ],
          connection.env,
        ),
      ]);
      await client.query('commit');
      return { database: { kind: 'postgres', file }, inventory };
    } finally {
      await client.end();
    }
  }

  const folder = pgliteFolder(settings.dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`No hay base PGlite en ${folder} (DATA_DIR) ni DATABASE_URL.`);
  }
  assertPgliteClosed(folder);
  const client = new PGlite(folder);
  try {
    await client.waitReady;
    const inventory = await takeInventory(
      async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    );
    const file = 'pglite.tar';
    const dump = await client.dumpDataDir('none');
    await writeFile(path.join(dir, file), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return { database: { kind: 'pglite', file }, inventory };
  } finally {
    await client.close();
  }
}

/**
 * Copies every file of the store (listed through its own interface, so a folder and an S3 bucket
 * alike) into `files/`, with each one's SHA-256. A file gone between the listing and its read is
 * left out (it was deleted).
 */
async function backUpFiles(storage: FileStorage, dir: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const key of await storage.list()) {
    const stored = await storage.get(key);
    if (!stored) continue;
    const target = backupFilePath(dir, key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, stored.data, { mode: 0o600 });
    entries.push({
      key,
      sha256: sha256(stored.data),
      bytes: stored.data.length,
      contentType: stored.contentType,
    });
  }
  return entries;
}

/**
 * A complete backup in `<outDir>/<UTC time>/`: written as `<name>.partial` and renamed only once
 * complete, so a folder without `.partial` is always a whole backup. The database first, then the
 * files: the server writes a file before the row that names it, so every file the dump names is
 * already in the store when the copy starts.
 */
export async function createBackup(opts: {
  settings: BackupSettings;
  storage: FileStorage;
  outDir: string;
  now?: Date;
}): Promise<{ dir: string; manifest: Manifest }> {
  const now = opts.now ?? new Date();
  await mkdir(opts.outDir, { recursive: true, mode: 0o700 });
  let name = backupName(now);
  for (let n = 2; existsSync(path.join(opts.outDir, name)); n += 1) name = `${backupName(now)}-${n}`;
  const dir = path.join(opts.outDir, name);
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: 0o700 });
  try {
    const { database, inventory } = await backUpDatabase(opts.settings, partial);
    const files = await backUpFiles(opts.storage, partial);
    const stored = new Set(files.map((f) => f.key));
    const dump = await readFile(path.join(partial, database.file));
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      appVersion: appVersion(),
      database: { ...database, sha256: sha256(dump), bytes: dump.length },
      rowCounts: inventory.rowCounts,
      ledger: inventory.ledger,
      files,
      missingFiles: inventory.referencedFiles.filter((key) => !stored.has(key)),
    };
    await writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Keeps the newest `keep` complete backups of `outDir` and deletes the older ones; the deleted names. */
export async function pruneBackups(outDir: string, keep: number): Promise<string[]> {
  const names = (await readdir(outDir)).filter((name) => BACKUP_NAME.test(name));
  const complete: string[] = [];
  for (const name of names.sort()) {
    if (
      (await stat(path.join(outDir, name))).isDirectory() &&
      existsSync(path.join(outDir, name, MANIFEST_FILE))
    ) {
      complete.push(name);
    }
  }
  const old = complete.slice(0, Math.max(0, complete.length - keep));
  for (const name of old) await rm(path.join(outDir, name), { recursive: true, force: true });
  return old;
}
