import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Jobs } from './jobs/job-queue.ts';
import type { Logger } from './logger.ts';
import type { Deps } from './services/deps.ts';

/**
 * The request id (issue 34 point 1): one per request, in the `x-request-id` answer header and in
 * every log line written while the request is served, also by services through `deps.log`, and in
 * the jobs the request queues, whose lines say it too.
 *
 * It travels explicitly, as everything services use does (`Deps`): a route hands its services
 * `requestDeps(deps, request)`, whose logger is the request's own (Fastify's child, which carries
 * the id) and whose job kicks carry the id; a job's handler works with `jobDeps(deps, requestId)`.
 * Not an AsyncLocalStorage: on Node.js 20 one turns on the promise hooks for the whole process, a
 * hook on every promise of every request, about a tenth of the server's work on the polled badge
 * (decision 025).
 */

/**
 * An incoming `x-request-id` (the proxy's, so its log and ours share one id) when it is a plain token
 * of 8 to 128 characters; anything else, or none, gets a new UUID. It is only a correlation aid: a
 * client may choose its own, it grants nothing, and the pattern keeps it from forging log lines.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

/** Fastify's `genReqId`. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
}

/** Sets `x-request-id` on every answer (a 404 and a refused body included). */
export function addRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

/** `deps` for the work of one request: its lines written by `log`, its job kicks carrying `requestId`. */
function forRequest(deps: Deps, log: Logger, requestId: string): Deps {
  const { jobs } = deps;
  return {
    ...deps,
    log,
    ...(jobs ? { jobs: { kick: (db, queue) => jobs.kick(db, queue, requestId) } satisfies Jobs } : {}),
  };
}

/** What a route hands its services: the request's logger (it says the id) and kicks that carry it. */
export function requestDeps(deps: Deps, request: FastifyRequest): Deps {
  return forRequest(deps, request.log, request.id);
}

/** A logger whose every line says `requestId`. */
function withRequestId(log: Logger, requestId: string): Logger {
  return {
    info: (obj, msg) => log.info({ requestId, ...obj }, msg),
    warn: (obj, msg) => log.warn({ requestId, ...obj }, msg),
    error: (obj, msg) => log.error({ requestId, ...obj }, msg),
    debug: (obj, msg) => log.debug({ requestId, ...obj }, msg),
  };
}

/**
 * What a job's handler works with: for a job a request queued, a logger whose lines say the
 * request's id and kicks that pass it on; for a job of the clock, `deps` as they are.
 */
export function jobDeps(deps: Deps, requestId: string | undefined): Deps {
  return requestId ? forRequest(deps, withRequestId(deps.log, requestId), requestId) : deps;
}
