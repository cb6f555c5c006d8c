import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginCallback } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Clock } from './clock.ts';
import { addAudienceCheck } from './backoffice/origin.ts';
import { backofficePlugin } from './backoffice/plugin.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Listen } from './db/listen.ts';
import { devOutboxPlugin } from './dev/outbox.ts';
import { RateLimitError, rootErrorReply } from './errors.ts';
import { filesPlugin } from './files/plugin.ts';
import type { Integrations } from './integrations/index.ts';
import type { Jobs } from './jobs/job-queue.ts';
import { legacyPlugin } from './legacy/plugin.ts';
import { addRequestMetrics, type AppMetrics } from './metrics.ts';
import { openApiPlugin } from './openapi/plugin.ts';
import { livePlugin } from './live/plugin.ts';
import { operationsPlugin, type Lifecycle } from './operations.ts';
import { addRequestContext, requestIdOf } from './request-context.ts';
import { createChatHub } from './services/chat/live.ts';
import type { Deps } from './services/deps.ts';
import { SharedRouteCounters } from './services/rate-limits.ts';
import { serializeLoggedError } from './log-errors.ts';
import { styleNonceSource, type StyleNonceSource } from './web/style-nonce.ts';
import { firstScreenPlugin } from './web/first-screen.ts';
import { webPlugin } from './web/static.ts';
import { rateLimitKeyOfIp } from './services/shared/client-ip.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds this instance's rate-limit hits to the shared counters now (tests; also done at close). */
    shareRateLimits(): Promise<void>;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  /** LISTEN on the database (`Database.listen`): the chat's live channel across API instances. */
  listen: Listen;
  clock: Clock;
  integrations: Integrations;
  /** The job library (the server's; tests leave it out and run job handlers themselves). */
  jobs?: Jobs;
  /** Draining and the job runner's start, for /api/ready (the server's; tests may leave it out). */
  lifecycle?: Lifecycle;
  /** The Prometheus metrics (METRICS_PORT set, metrics.ts): every request is then measured. */
  metrics?: AppMetrics;
  /** OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT set, telemetry.ts): Fastify's spans come from this plugin. */
  tracing?: { fastifyPlugin: FastifyPluginCallback };
  /** The live channel's heartbeat and session check (25 s; tests make it short). */
  chatHeartbeatMs?: number;
  /** Tests pass `false` to keep their output quiet. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to prove no secret is logged). */
  logStream?: { write(line: string): void };
}

/**
 * The whole server as one Fastify instance, registered explicitly and in order:
 * security headers and compression, then the legacy API and the chat's live channel, the staff API,
 * their OpenAPI description, the files behind signed URLs, the development outbox (DEV_OUTBOX=1
 * only) and the two front ends.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const { trustProxy } = config;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Never log query strings (identity numbers) or bodies (passwords, codes).
            serializers: {
              // No SQL, parameters or stack (log-errors.ts); the stack only at debug and trace.
              // Fastify's type wants a stack on every error; ours has one only at debug and trace.
              err: ((error: unknown) =>
                serializeLoggedError(
                  error,
                  config.logLevel === 'debug' || config.logLevel === 'trace',
                )) as unknown as (error: Error) => { type: string; message: string; stack: string },
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: req.url.split('?')[0],
                ip: req.ip,
              }),
            },
          },
    bodyLimit: 1024 * 1024,
    // The request id (issue 34 point 1): the proxy's x-request-id when well formed, else a UUID; the
    // request's log lines call it requestId.
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    // Off unless TRUST_PROXY names the proxies: otherwise X-Forwarded-For would choose request.ip.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });

  const deps: Deps = {
    config,
    db: options.db,
    clock: options.clock,
    integrations: options.integrations,
    log: app.log,
    ...(options.jobs ? { jobs: options.jobs } : {}),
  };

  // Fastify's spans (issue 34 point 1), first, so that every hook and route is in the request's trace.
  if (options.tracing) await app.register(options.tracing.fastifyPlugin);
  addRequestContext(app);
  // Request durations by route and status (issue 34 point 1), only with METRICS_PORT: no hook otherwise.
  if (options.metrics) addRequestMetrics(app, options.metrics);
  // Security headers on every response, from helmet middlewares made once (not per request). The JSON
  // API's are the same on every answer (no nonce): helmet works them out once, and each answer gets
  // that list as helmet set it.
  const pageHeaders = securityHeaders(config, { styleNonce: styleNonceSource });
  const apiHeaders = fixedHeadersOf(securityHeaders(config, { page: false }));
  app.addHook('onRequest', (request, reply, done) => {
    if (isJsonApi(request.url)) {
      apiHeaders(reply.raw);
      done();
    } else pageHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // BACKOFFICE_ORIGIN (issue 32 point 8): each origin answers its own audience only; unset, nothing.
  addAudienceCheck(app, config);
  // Issue 32 point 2: X-Forwarded-For with TRUST_PROXY off means a proxy stands in front that the
  // server does not know of, so every per-IP limit sees the proxy's address (one client for all).
  // Said in the log, at most once a minute, for the operator to set TRUST_PROXY.
  if (trustProxy === false) {
    let warnedAt = -Infinity;
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers['x-forwarded-for'] !== undefined && Date.now() - warnedAt >= 60_000) {
        warnedAt = Date.now();
        request.log.warn(
          { forwardedFor: request.headers['x-forwarded-for'], ip: request.ip },
          'X-Forwarded-For llegó con TRUST_PROXY apagado: los límites por IP cuentan la dirección del proxy; configura TRUST_PROXY',
        );
      }
      done();
    });
  }
  await app.register(fastifyCompress, { threshold: 1024 });
  // Every API route is limited per client IP and route (RATE_LIMIT_PER_MINUTE unless its plugin sets
  // a tighter limit), counted in memory and shared through the database every second, so that every
  // instance on it enforces one limit without a round trip per request.
  const routeCounters = new SharedRouteCounters(deps);
  app.decorate('shareRateLimits', () => routeCounters.share());
  app.addHook('onClose', () => routeCounters.share());
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimits.perMinute,
    timeWindow: 60_000,
    store: routeCounters.store(),
    keyGenerator: (request) =>
      `${request.method} ${request.routeOptions.url ?? '?'}|${rateLimitKeyOfIp(request.ip)}`,
    // The front ends' files are not the API; a client that floods them gets nothing of value.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: () => new RateLimitError(),
    // Only a refused request says when to come back (retry-after and the x-ratelimit-* headers);
    // an answered one carries no counters (no client reads them, and every poll would pay for them).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });

  // The one root error handler (issue 32 point 4): what no plugin's mapper answers (the files, the
  // chat's live channel before it streams, health, the outbox, the API description, the front ends)
  // and what a plugin's handler passes on is a generic Spanish answer; the detail only in the log.
  app.setErrorHandler((error, request, reply) => {
    const answer = rootErrorReply(error, request.log);
    return reply.code(answer.statusCode).header('cache-control', 'no-store').send(answer.body);
  });

  // No API answer is stored by a browser or proxy: they carry personal data, codes and documents.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      request.url.startsWith('/api/') &&
      !String(reply.getHeader('cache-control') ?? '').includes('no-store')
    ) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });

  // /api/health (the process answers) and /api/ready (issue 34 point 2, operations.ts).
  await app.register(operationsPlugin, { db: deps.db, lifecycle: options.lifecycle ?? { draining: false } });

  await app.register(legacyPlugin, { prefix: '/api/app', deps });
  // One LISTEN per instance for both live channels: the borrower's chat and the staff's inbox.
  const hub = createChatHub(options.listen, app.log);
  const heartbeat = options.chatHeartbeatMs ? { heartbeatMs: options.chatHeartbeatMs } : {};
  await app.register(livePlugin, { deps, hub, ...heartbeat });
  await app.register(backofficePlugin, { prefix: '/api/backoffice', deps, hub, ...heartbeat });
  await app.register(filesPlugin, { deps });
  // The description of both APIs (/api/openapi.json; the /api/docs page outside production only).
  await app.register(openApiPlugin, { deps });
  // Only with DEV_OUTBOX=1, which config.ts refuses in production and on a non-loopback HOST.
  if (config.devOutbox && !config.isProduction) await app.register(devOutboxPlugin, { deps });
  // A logged-in screen rendered for the page that asks, with the borrower's answers (decision 024).
  await app.register(firstScreenPlugin, { config });
  await app.register(webPlugin, { config });

  return app;
}

type HeaderMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * What a header middleware that needs no request (helmet's for the JSON API) does to a response,
 * recorded once on a stand-in response: the headers it sets and removes, in its order, replayed on
 * each answer. Throws if it did anything else, or did not finish at once.
 */
export function fixedHeadersOf(middleware: HeaderMiddleware): (res: ServerResponse) => void {
  const steps: ({ set: string; value: string | number | readonly string[] } | { remove: string })[] = [];
  const standIn = {
    setHeader(name: string, value: string | number | readonly string[]) {
      steps.push({ set: name, value });
      return standIn;
    },
    removeHeader(name: string) {
      steps.push({ remove: name });
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, standIn as unknown as ServerResponse, (error) => {
    if (error) throw error as Error;
    finished = true;
  });
  if (!finished) throw new Error('the header middleware did not finish at once');
  return (res) => {
    for (const step of steps) {
      if ('set' in step) res.setHeader(step.set, step.value);
      else res.removeHeader(step.remove);
    }
  };
}

/** The two APIs' JSON routes: their answers are never a page, so they need no style nonce. */
function isJsonApi(url: string): boolean {
  return url.startsWith('/api/app/') || url.startsWith('/api/backoffice/');
}

/**
 * helmet's headers with our Content-Security-Policy. Pages (the front ends, the API description, the
 * dev outbox, documents) get a per-response style nonce: MUI (emotion) injects its styles at run
 * time, each <style> with that nonce (web/style-nonce.ts; the index.html carries it), so no
 * 'unsafe-inline'. The JSON API's answers get the same policy with `style-src 'self'` and no nonce
 * to make, and without the headers that only mean something for a page a browser shows (opener
 * policy, origin-agent cluster, DNS prefetch, IE's download and XSS switches, Flash's
 * cross-domain file; frame-ancestors 'none' already forbids framing): a polled answer carries
 * about 570 bytes of headers fewer, on every poll of every phone.
 */
function securityHeaders(config: Config, opts: { styleNonce?: StyleNonceSource; page?: false }) {
  const { styleNonce } = opts;
  const pageOnly =
    opts.page === false
      ? {
          crossOriginOpenerPolicy: false,
          originAgentCluster: false,
          xDnsPrefetchControl: false,
          xDownloadOptions: false,
          xFrameOptions: false,
          xPermittedCrossDomainPolicies: false,
          xXssProtection: false,
        }
      : {};
  return helmet({
    ...pageOnly,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No inline script runs, but the index page's own, named by their hash (web/static.ts).
        scriptSrc: ["'self'"],
        styleSrc: styleNonce ? ["'self'", styleNonce] : ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // The API and the chat's live channel (EventSource) are on the app's own origin.
        connectSrc: ["'self'"],
        // The borrower app's service worker (/sw.js) and its web app manifest (decision 018).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : { upgradeInsecureRequests: null }),
      },
    },
    strictTransportSecurity: config.isProduction,
    crossOriginEmbedderPolicy: false,
  });
}
