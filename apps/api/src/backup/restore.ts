// `npm run restore -- <backup>` (issue 34 point 5): checks the backup against its own manifest,
// refuses a target that holds anything unless forced, puts the database and the files back, then
// compares the restored copy with the manifest (rows, ledger sums, every file's SHA-256).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FileStorage } from '../integrations/file-storage/types.ts';
import {
  assertPgliteClosed,
  backupFilePath,
  backupName,
  MANIFEST_FILE,
  pgliteFolder,
  type BackupSettings,
  type Manifest,
} from './backup.ts';
import { compareWithBackup, sha256, takeInventory, type Comparison, type Query } from './inventory.ts';
import { BackupError, runPgTool, toolConnection } from './pg-tools.ts';

/** The target holds data and `--force` was not given: nothing was touched. */
export class RestoreRefusedError extends BackupError {}

export interface RestoreReport {
  manifest: Manifest;
  /** What `--force` replaced (empty when the target was empty). */
  replaced: string[];
  /** Keys of the store that the backup does not have: left in place (nothing names them). */
  extraFiles: string[];
  comparison: Comparison[];
  ok: boolean;
}

/** Reads the manifest and checks every file of the backup against it before anything is touched. */
export async function readVerifiedBackup(dir: string): Promise<Manifest> {
  const manifestPath = path.join(dir, MANIFEST_FILE);
  if (!existsSync(manifestPath)) {
    throw new BackupError(`${dir} no es una copia de seguridad completa: le falta ${MANIFEST_FILE}.`);
  }
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  if (manifest.format !== 1)
    throw new BackupError(`Formato de copia desconocido: ${String(manifest.format)}.`);
  const dump = await readFile(path.join(dir, manifest.database.file)).catch(() => null);
  if (!dump || sha256(dump) !== manifest.database.sha256) {
    throw new BackupError(`La copia está dañada: ${manifest.database.file} no coincide con el manifiesto.`);
  }
  for (const file of manifest.files) {
    const data = await readFile(backupFilePath(dir, file.key)).catch(() => null);
    if (!data || sha256(data) !== file.sha256) {
      throw new BackupError(`La copia está dañada: el archivo ${file.key} no coincide con el manifiesto.`);
    }
  }
  return manifest;
}

/** The schemas of a PostgreSQL database that hold something of ours (every one but the system's). */
async function userSchemas(client: pg.Client): Promise<{ schema: string; tables: number }[]> {
  const { rows } = await client.query<{ schema: string; tables: number }>(
    `select n.nspname as schema, count(c.oid)::int as tables
     from pg_namespace n left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p')
     where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema'
     group by n.nspname order by n.nspname`,
  );
  return rows;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Restores `dir` into the database and the file store of `settings`, then compares. Refuses
 * (RestoreRefusedError, nothing touched) when the database or the store holds anything, unless
 * `force`: PostgreSQL's schemas are then dropped first, a PGlite folder is moved aside (kept as
 * `pglite.before-restore-<time>`), and stored files under the backup's keys are overwritten.
 */
export async function restoreBackup(opts: {
  dir: string;
  settings: BackupSettings;
  storage: FileStorage;
  force?: boolean;
  now?: Date;
}): Promise<RestoreReport> {
  const manifest = await readVerifiedBackup(opts.dir);
  const targetKind = opts.settings.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== targetKind) {
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'La copia es de PostgreSQL: restáurala con DATABASE_URL apuntando a una base de PostgreSQL.'
        : 'La copia es de PGlite: restáurala sin DATABASE_URL, con DATA_DIR apuntando a la carpeta de destino.',
    );
  }

  // What the target holds, checked before anything is changed.
  const occupied: string[] = [];
  const storedKeys = await opts.storage.list();
  if (storedKeys.length > 0)
    occupied.push(`el almacenamiento de archivos tiene ${plural(storedKeys.length, 'archivo', 'archivos')}`);
  let pgClient: pg.Client | undefined;
  let schemas: { schema: string; tables: number }[] = [];
  const folder = pgliteFolder(opts.settings.dataDir);
  try {
    if (opts.settings.databaseUrl) {
      pgClient = new pg.Client({ connectionString: opts.settings.databaseUrl });
      await pgClient.connect();
      schemas = await userSchemas(pgClient);
      const tables = schemas.reduce((sum, s) => sum + s.tables, 0);
      if (tables > 0) occupied.push(`la base de datos tiene ${plural(tables, 'tabla', 'tablas')}`);
    } else if (existsSync(path.join(folder, 'PG_VERSION'))) {
      assertPgliteClosed(folder);
      occupied.push(`ya hay una base PGlite en ${folder}`);
    }
    if (occupied.length > 0 && !opts.force) {
      throw new RestoreRefusedError(
        `No se restaura sobre datos existentes (${occupied.join('; ')}): usa --force para reemplazarlos.`,
      );
    }

    let query: Query;
    let pglite: PGlite | undefined;
    const replaced = occupied.length > 0 ? occupied : [];
    if (pgClient && opts.settings.databaseUrl) {
      const client = pgClient;
      for (const { schema } of schemas) await client.query(`drop schema ${quoteIdentifier(schema)} cascade`);
      await client.query('create schema if not exists public');
      const connection = toolConnection(opts.settings.databaseUrl);
      await runPgTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${connection.dbname}`,
          path.join(opts.dir, manifest.database.file),
        ],
        connection.env,
      );
      query = async (text) => (await client.query(text)).rows as Record<string, unknown>[];
    } else {
      if (existsSync(folder)) {
        const aside = `${folder}.before-restore-${backupName(opts.now ?? new Date())}`;
        await rename(folder, aside);
        replaced.push(`la base PGlite anterior quedó en ${aside}`);
      }
      await mkdir(opts.settings.dataDir, { recursive: true });
      const tar = await readFile(path.join(opts.dir, manifest.database.file));
      pglite = new PGlite(folder, { loadDataDir: new Blob([tar]) });
      await pglite.waitReady;
      const client = pglite;
      query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
    }

    try {
      for (const file of manifest.files) {
        await opts.storage.put(
          file.key,
          await readFile(backupFilePath(opts.dir, file.key)),
          file.contentType,
        );
      }
      const inBackup = new Set(manifest.files.map((f) => f.key));
      const extraFiles = storedKeys.filter((key) => !inBackup.has(key));
      const comparison = await compareWithBackup(manifest, await takeInventory(query), opts.storage);
      return { manifest, replaced, extraFiles, comparison, ok: comparison.every((line) => line.ok) };
    } finally {
      await pglite?.close();
    }
  } finally {
    await pgClient?.end();
  }
}
