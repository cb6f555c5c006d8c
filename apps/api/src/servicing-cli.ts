// `npm run servicing -- --date YYYY-MM-DD`: the daily run of one business date against the configured
// database (DATABASE_URL, or the embedded PGlite in DATA_DIR when no server holds it open), for an
// operator catching up by hand or checking a date. Without --date it runs every missed date up to
// today, as the server does every hour. `--full` looks at the whole book instead of the loans that can
// change on the date (decision 019): after a load that bypassed the triggers that mark changed loans.
// Prints what it did as JSON; exits 1 on failure.
import { parseArgs } from 'node:util';
import { isIsoDate } from '@prestamos-hn/domain';
import { shiftedClock, systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed.ts';
import { createIntegrations } from './integrations/index.ts';
import { runMissedDates, runServicingDate } from './services/servicing/daily-run.ts';

const USAGE = 'Uso: npm run servicing -- [--date AAAA-MM-DD] [--full]';

async function main() {
  const { values } = parseArgs({ options: { date: { type: 'string' }, full: { type: 'boolean' } } });
  if (values.date !== undefined && !isIsoDate(values.date)) {
    console.error(`Fecha inválida: ${values.date}. ${USAGE}`);
    process.exit(2);
  }
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const log = {
      info: (obj: object, msg?: string) => console.error(JSON.stringify({ level: 'info', msg, ...obj })),
      warn: (obj: object, msg?: string) => console.error(JSON.stringify({ level: 'warn', msg, ...obj })),
      error: (obj: object, msg?: string) => console.error(JSON.stringify({ level: 'error', msg, ...obj })),
      debug: () => undefined,
    };
    const deps = {
      config,
      db: database.db,
      clock: config.fixedNow ? shiftedClock(config.fixedNow) : systemClock,
      integrations: createIntegrations(config),
      log,
    };
    const options = { full: values.full ?? false };
    const outcomes = values.date
      ? [await runServicingDate(deps, values.date, options)]
      : await runMissedDates(deps, options);
    console.log(JSON.stringify(outcomes));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
