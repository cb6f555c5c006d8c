import { shiftedClock, systemClock } from './clock.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { seedReferenceData } from './db/seed.ts';
import { createIntegrations } from './integrations/index.ts';
import { startBackgroundJobs } from './jobs/background-jobs.ts';
import { startJobRunner, type JobRunner, type Jobs } from './jobs/job-queue.ts';
import { describeExposure, exposureLine } from './exposure.ts';
import type { Lifecycle } from './operations.ts';
import { shutDown } from './shutdown.ts';
import { createMetrics, startMetricsServer, type MetricsServer } from './metrics.ts';
import { demoAccountsStillOpen, ensureDemoStaff, ensureFirstAdmin } from './services/staff/staff-accounts.ts';
import { ensureDemoCollectionAccounts } from './services/collection-accounts.ts';

/** Reads the environment once, prepares the database, builds the app, listens, closes gracefully. */
async function main() {
  // How long each start-up step took, in the "listo" log line (issue 16: a start in under 2 s).
  const startedAt = performance.now();
  const steps: Record<string, number> = {};
  const step = (name: string) => {
    steps[name] = Math.round(performance.now() - startedAt);
  };
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

  // Traces (OTEL_EXPORTER_OTLP_ENDPOINT): OpenTelemetry is loaded only then (telemetry.ts).
  const telemetry = config.telemetry.otlpEndpoint
    ? await (
        await import('./telemetry.ts')
      ).startTelemetry({
        serviceName: config.telemetry.serviceName,
        otlpEndpoint: config.telemetry.otlpEndpoint,
      })
    : undefined;
  const database = await openDatabase(config);
  if (telemetry && database.pgliteClient) {
    await (await import('./telemetry.ts')).traceSqlOnPglite(database.pgliteClient, telemetry.tracer);
  }
  step('databaseOpen');
  await migrateDatabase(database);
  step('migrated');
  await seedReferenceData(database.db);
  step('seeded');
  // Reachable (production, or a non-loopback HOST): no demo account may still open with its
  // published password, even one made by an earlier start on loopback.
  if (config.isProduction || !config.loopbackHost) {
    const open = await demoAccountsStillOpen(database);
    if (open.length > 0) {
      console.error(
        `No arranca con HOST=${config.host}${config.isProduction ? ' en producción' : ''}: estas cuentas de demostración siguen con su contraseña publicada, cámbiala o desactívalas: ${open.join(', ')}`,
      );
      await database.close();
      process.exit(1);
    }
  }

  const clock = config.fixedNow ? shiftedClock(config.fixedNow) : systemClock;
  const integrations = createIntegrations(config);
  // The job runner starts once the app (and its logger) exists; nothing is served before then.
  const started: { runner?: JobRunner } = {};
  const jobs: Jobs = {
    kick: async (db, queue) => {
      await started.runner?.jobs.kick(db, queue);
    },
  };
  // /api/ready: 503 until the job runner works its queues, and again once a shutdown begins.
  const lifecycle: Lifecycle = { draining: false, jobsStarted: false };
  // Prometheus metrics (METRICS_PORT): nothing is measured without the setting (metrics.ts).
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : await createMetrics({
          db: database.db,
          databaseKind: database.kind,
          pool: database.watchPool(),
          clock,
        });
  const app = await buildApp({
    config,
    db: database.db,
    listen: database.listen,
    clock,
    integrations,
    jobs,
    lifecycle,
    ...(metrics ? { metrics } : {}),
    ...(telemetry ? { tracing: telemetry } : {}),
  });
  step('appBuilt');
  // One line: what is on of the outbox, demo accounts, simulators and random keys (issue 32 point 1).
  const exposure = describeExposure(config);
  const line = exposureLine(exposure);
  app.log[line.level]({ exposure }, line.message);
  const deps = { config, db: database.db, clock, integrations, log: app.log, jobs };
  // The first back-office admin, from BACKOFFICE_ADMIN_EMAIL / BACKOFFICE_ADMIN_PASSWORD.
  await ensureFirstAdmin(deps);
  // Outside production on loopback, the demo analyst, cashier and supervisor (README, "Back-office").
  await ensureDemoStaff(deps);
  // Outside production on loopback, two made-up collection accounts while none exists (README).
  await ensureDemoCollectionAccounts(deps);

  let metricsServer: MetricsServer | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const code = await shutDown(
      {
        app,
        lifecycle,
        ...(started.runner ? { stopJobs: started.runner.stop } : {}),
        closeDatabase: () => database.close(),
        closeObservability: async () => {
          await metricsServer?.close();
          await telemetry?.shutdown();
        },
        graceMs: config.shutdownGraceMs,
        drainMs: config.shutdownDrainMs,
        log: app.log,
      },
      signal,
    );
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Serving first, then the job runner: a message queued before the runner is up is delivered by
  // its start-up sweep (startBackgroundJobs), so nobody waits for pg-boss to open its tables.
  await app.listen({ port: config.port, host: config.host });
  if (metrics && config.metricsPort !== undefined) {
    metricsServer = await startMetricsServer(
      metrics,
      { host: config.host, port: config.metricsPort },
      app.log,
    );
  }
  step('listening');
  started.runner = await startJobRunner(deps, database.executeSql, {
    ...(metrics ? { onJobFailed: metrics.jobFailed } : {}),
  });
  await startBackgroundJobs(deps, started.runner);
  lifecycle.jobsStarted = true;
  step('jobsStarted');
  app.log.info(
    {
      database: database.kind,
      url: config.publicUrl,
      clock: config.fixedNow ? 'APP_NOW' : 'system',
      ...(metricsServer ? { metrics: `http://${config.host}:${metricsServer.port}/metrics` } : {}),
      ...(telemetry ? { traces: config.telemetry.otlpEndpoint } : {}),
      startupMs: { sinceProcessStart: Math.round(performance.now()), ...steps },
    },
    `${config.brandName} listo en ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
