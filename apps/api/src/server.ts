import { shiftedClock, systemClock } from './clock.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed.ts';
import { createIntegrations } from './integrations/index.ts';
import { startBackgroundJobs } from './jobs/background-jobs.ts';
import { startJobRunner, type JobRunner, type Jobs } from './jobs/job-queue.ts';
import { ensureFirstAdmin } from './services/staff/staff-accounts.ts';

/** Reads the environment once, prepares the database, builds the app, listens, closes gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await migrateDatabase(database);
  await seedReferenceData(database.db);

  const clock = config.fixedNow ? shiftedClock(config.fixedNow) : systemClock;
  const integrations = createIntegrations(config);
  // The job runner starts once the app (and its logger) exists; nothing is served before then.
  const started: { runner?: JobRunner } = {};
  const jobs: Jobs = {
    kick: async (db, queue) => {
      await started.runner?.jobs.kick(db, queue);
    },
  };
  const app = await buildApp({ config, db: database.db, listen: database.listen, clock, integrations, jobs });
  const deps = { config, db: database.db, clock, integrations, log: app.log, jobs };
  // The first back-office admin, from BACKOFFICE_ADMIN_EMAIL / BACKOFFICE_ADMIN_PASSWORD.
  await ensureFirstAdmin(deps);
  const runner = await startJobRunner(deps, database.executeSql);
  started.runner = runner;
  await startBackgroundJobs(deps, runner);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await runner.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, url: config.publicUrl, clock: config.fixedNow ? 'APP_NOW' : 'system' },
    `${config.brandName} listo en ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
