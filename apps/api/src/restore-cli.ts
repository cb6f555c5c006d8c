// `npm run restore -- <backup folder> [--force]`: puts a backup of `npm run backup` back into the
// configured database and file store (the same settings as the server's), refusing a target that
// holds anything unless --force, then compares the restored copy with the backup's manifest and
// prints each line (backup/restore.ts). Exits 0 when everything matches, 1 when something differs or
// fails, 2 when refused.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { BackupError } from './backup/backup.ts';
import { restoreBackup, RestoreRefusedError } from './backup/restore.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createIntegrations } from './integrations/index.ts';

const USAGE = 'Uso: npm run restore -- CARPETA_DE_LA_COPIA [--force]';

async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const report = await restoreBackup({
    dir: path.resolve(positionals[0]!),
    settings: config,
    storage: createIntegrations(config).fileStorage,
    force: values.force,
  });
  for (const line of report.replaced) console.log(`Reemplazado: ${line}`);
  for (const line of report.comparison) {
    console.log(
      `${line.ok ? 'ok ' : 'MAL'}  ${line.what}: copia ${line.expected}, restaurado ${line.actual}`,
    );
  }
  if (report.extraFiles.length > 0) {
    console.log(`Archivos del almacenamiento que la copia no tiene (quedan): ${report.extraFiles.length}`);
  }
  const wrong = report.comparison.filter((line) => !line.ok).length;
  console.log(
    wrong === 0
      ? `Restaurada la copia del ${report.manifest.createdAt}: todo coincide (${report.comparison.length} comprobaciones).`
      : `Restaurada la copia del ${report.manifest.createdAt}, pero ${wrong} comprobaciones no coinciden.`,
  );
  process.exitCode = wrong === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  if (error instanceof RestoreRefusedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error instanceof ConfigError || error instanceof BackupError ? error.message : error);
  process.exit(1);
});
