import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request id (issue 34 point 1): one per request, in the `x-request-id` answer header and in
 * every log line written while the request is served, also by services through `deps.log` (the
 * logger's mixin reads it from here), and in the jobs the request queues (job-queue.ts).
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

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

/** The id of the request (or of the job a request queued) whose work is running, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** Runs `work` as part of `requestId`'s work (a job queued by that request); without one, as is. */
export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? context.run({ requestId }, work) : work();
}

/** Loggers that already carry `requestId` (Fastify's per-request child): the mixin adds nothing to them. */
const BOUND = Symbol('requestIdBound');

/** Fastify's `childLoggerFactory`: the request's logger binds `requestId` itself. */
export function requestChildLogger<L extends { child(bindings: object, options?: object): L }>(
  logger: L,
  bindings: object,
  options: object,
): L {
  const child = logger.child(bindings, options);
  (child as unknown as Record<symbol, boolean>)[BOUND] = true;
  return child;
}

/** pino's `mixin`: `requestId` on every line written for a request or its jobs by another logger. */
export function requestIdMixin(_object: object, _level: number, logger: unknown): object {
  if ((logger as Record<symbol, boolean> | undefined)?.[BOUND]) return {};
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Sets `x-request-id` on every answer and makes the id current for the rest of the request. As
 * @fastify/request-context does: the handler runs after the body's `end` event, in another async
 * context, so the request's async resource is entered again at preValidation.
 */
export function addRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    context.run({ requestId: request.id }, () => {
      const resource = new AsyncResource('request');
      resources.set(request, resource);
      resource.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
