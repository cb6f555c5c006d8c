import type { FastifyInstance } from 'fastify';
import type { Logger } from './logger.ts';
import type { Lifecycle } from './operations.ts';

export interface ShutdownParts {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  /** The job runner's stop (after each running job's current step), when it was started. */
  stopJobs?: (timeoutMs: number) => Promise<void>;
  closeDatabase: () => Promise<void>;
  /** The metrics server (METRICS_PORT) and the traces' exporter (its last spans sent), when on. */
  closeObservability?: () => Promise<void>;
  /** SHUTDOWN_GRACE_SECONDS in ms. */
  graceMs: number;
  /** SHUTDOWN_DRAIN_SECONDS in ms: served on, not ready, before closing (0 or absent: none). */
  drainMs?: number;
  log: Logger;
}

/**
 * The graceful shutdown (issue 34 point 3), what SIGTERM and SIGINT do: /api/ready answers 503
 * `draining` at once; for `drainMs` the server goes on serving, so that a load balancer checking
 * /api/ready stops sending it requests before it closes (closing first, a request the balancer sent
 * on an idle connection just as the server closed it got no answer: `npm run rehearsal` saw it as
 * HAProxy's 502 'SH'); then the server stops taking connections and closes idle keep-alive ones (Fastify's
 * close), lets the requests in flight finish (a request on a kept-alive connection meanwhile gets 503
 * with `Connection: close`), and ends each live stream with a `retry:` hint (event-stream.ts); the
 * job runner takes no new job and its running ones end after their current step; then the database
 * closes, then the metrics server and the traces' exporter (which sends the last spans). The exit code: 0 when all of that ended within `graceMs`, 1 otherwise (logged; the caller
 * exits at once, ending whatever still runs; another instance takes the work over).
 */
export async function shutDown(parts: ShutdownParts, signal: string): Promise<0 | 1> {
  const { app, lifecycle, graceMs, log } = parts;
  lifecycle.draining = true;
  log.info({ signal, graceSeconds: graceMs / 1000 }, 'shutting down: not ready, finishing what is in flight');
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<'overdue'>((resolve) => {
    timer = setTimeout(() => resolve('overdue'), graceMs);
  });
  const work = (async () => {
    if (parts.drainMs) {
      log.info({ drainSeconds: parts.drainMs / 1000 }, 'draining: not ready, still serving');
      await new Promise((resolve) => setTimeout(resolve, parts.drainMs));
    }
    await Promise.all([app.close(), parts.stopJobs?.(graceMs)]);
    await parts.closeDatabase();
    await parts.closeObservability?.();
    return 'done' as const;
  })();
  const outcome = await Promise.race([work, overdue]).catch((error: unknown) => {
    log.error({ err: error }, 'shutdown failed');
    return 'failed' as const;
  });
  clearTimeout(timer);
  if (outcome === 'done') {
    log.info({ signal }, 'shut down');
    return 0;
  }
  if (outcome === 'overdue') {
    log.error(
      { signal, graceSeconds: graceMs / 1000 },
      'shutdown took longer than SHUTDOWN_GRACE_SECONDS: exiting with what is still in flight',
    );
  }
  return 1;
}
