// `npm run backup -- [--out DIR] [--keep N]`: a backup of the configured database (DATABASE_URL, or
// the embedded PGlite in DATA_DIR while no server holds it open) and file store (FILES_DIR or the S3
// bucket) in `<BACKUP_DIR or --out>/<UTC time>/` (backup/backup.ts); with --keep, only the newest N
// backups stay. Prints the folder and what it holds as JSON; exits 1 on failure.
import { parseArgs } from 'node:util';
import { BackupError, createBackup, pruneBackups } from './backup/backup.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createIntegrations } from './integrations/index.ts';

const USAGE = 'Uso: npm run backup -- [--out CARPETA] [--keep N]';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, keep: { type: 'string' } } });
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) {
    console.error(`--keep debe ser un entero de 1 o más. ${USAGE}`);
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const outDir = values.out ?? config.backupDir;
  const { dir, manifest } = await createBackup({
    settings: config,
    storage: createIntegrations(config).fileStorage,
    outDir,
  });
  const pruned = keep === undefined ? [] : await pruneBackups(outDir, keep);
  for (const key of manifest.missingFiles) {
    console.error(`Aviso: la base nombra el archivo ${key}, que no estaba en el almacenamiento.`);
  }
  console.log(
    JSON.stringify({
      backup: dir,
      database: manifest.database,
      tables: Object.keys(manifest.rowCounts).length,
      rows: Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0),
      files: manifest.files.length,
      fileBytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0),
      missingFiles: manifest.missingFiles,
      pruned,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
});
