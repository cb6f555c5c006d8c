import { shiftedClock, systemClock } from './clock.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed.ts';
import { createIntegrations } from './integrations/index.ts';
import { startOutboxDispatcher } from './jobs/outbox-dispatcher.ts';
import { startReceiptForwarder } from './jobs/receipt-forwarder.ts';
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
  const app = await buildApp({ config, db: database.db, clock, integrations });
  // The first back-office admin, from BACKOFFICE_ADMIN_EMAIL / BACKOFFICE_ADMIN_PASSWORD.
  await ensureFirstAdmin({ config, db: database.db, clock, integrations, log: app.log });
  const jobDeps = { config, db: database.db, clock, integrations, log: app.log };
  const jobs = [startOutboxDispatcher(jobDeps), startReceiptForwarder(jobDeps)];

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await Promise.all(jobs.map((job) => job.stop()));
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
