// `npm run migrate`: applies the repository's migrations (apps/api/drizzle) and the shipped
// reference data to the configured database, and nothing else: the first step of an upgrade, before
// the instances restart one by one (README, "Producción"). The server does the same at start, so
// this is never required, but it lets the old instances keep serving while the schema expands.
// Prints the migrations applied as JSON; exits 1 on failure.
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed.ts';
import { migrationJournal, pendingMigrations } from './operations.ts';

async function main() {
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    const journal = migrationJournal();
    const pending = await pendingMigrations(database.db, journal);
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const left = await pendingMigrations(database.db, journal);
    console.log(JSON.stringify({ applied: pending, pending: left }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
