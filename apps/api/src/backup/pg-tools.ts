// Debian's pg_dump and pg_restore (package postgresql-client), as the backup and the restore run them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export class BackupError extends Error {}

/**
 * DATABASE_URL for a PostgreSQL tool: the URL without its password for `--dbname`, and the password
 * in PGPASSWORD, so that it does not show in the process list.
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs `pg_dump` or `pg_restore` with these arguments; a missing tool or a failure is a BackupError. */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new BackupError(
        `${tool} no está instalado: sudo apt-get install postgresql-client (de la misma versión mayor que el servidor o más nueva)`,
      );
    }
    throw new BackupError(`${tool} falló: ${(e.stderr ?? e.message).trim()}`);
  }
}
