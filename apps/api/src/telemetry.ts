import { createRequire } from 'node:module';
import type { Attributes, Span, Tracer } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FastifyPluginCallback } from 'fastify';

/**
 * OpenTelemetry traces (issue 34 point 1), only when OTEL_EXPORTER_OTLP_ENDPOINT is set: the server
 * then imports this module, and this module imports every OpenTelemetry package, at run time
 * (`import()`), so that without the setting none of them is loaded. What a trace holds:
 *
 * - the HTTP request (`@opentelemetry/instrumentation-http`: one SERVER span per request);
 * - Fastify's steps (`@fastify/otel`, registered in the app: the request, each hook, the handler);
 * - the SQL: on PostgreSQL, every statement through node-postgres (`@opentelemetry/instrumentation-pg`,
 *   with the pool's connect); on PGlite, which has no driver to instrument, every `query`, `exec`
 *   and `transaction` of the embedded client (`traceSqlOnPglite`, spans named as instrumentation-pg
 *   names them). SQL spans are made inside a trace only (a request's or a traced job's): pg-boss's
 *   polling every second makes none.
 *
 * The server is one bundled ESM file (scripts/build-server.mjs), where OpenTelemetry's module
 * hooks never see `pg` or `http` load: the instrumentations are applied here to the modules
 * already loaded (the patches wrap prototypes, `http.Server.prototype.emit` and
 * `pg.Client.prototype.query`, which every instance shares). Query strings are removed from every
 * URL attribute (identity numbers, tickets and signed file URLs travel in them); statements are
 * sent as written, with `$n` placeholders, never their values.
 */
export interface Telemetry {
  /** Register in the app before its routes (`AppOptions.tracing`): Fastify's spans. */
  fastifyPlugin: FastifyPluginCallback;
  tracer: Tracer;
  /** Sends what is still buffered and stops (shutdown.ts). */
  shutdown(): Promise<void>;
}

export interface TelemetryOptions {
  serviceName: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` is added, as the OTLP specification says). */
  otlpEndpoint?: string;
  /** Instead of OTLP (tests: an in-memory exporter, each span exported as it ends). */
  exporter?: SpanExporter;
}

const requireHere = createRequire(import.meta.url);

/** Attributes that can carry a URL with its query string. */
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.path', 'url.query'];

/** Removes the query string from a URL attribute's value; `url.query` is emptied. */
function withoutQuery(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (key === 'url.query') return '';
  const at = value.indexOf('?');
  return at < 0 ? value : value.slice(0, at);
}

/** A processor in front of another that strips query strings before a span leaves (see above). */
function scrubbing(inner: SpanProcessor): SpanProcessor {
  return {
    onStart: (span, context) => inner.onStart(span, context),
    onEnd(span: ReadableSpan) {
      const attributes = span.attributes as Attributes;
      for (const key of URL_ATTRIBUTES) {
        if (key in attributes) attributes[key] = withoutQuery(key, attributes[key]) as string;
      }
      inner.onEnd(span);
    },
    forceFlush: () => inner.forceFlush(),
    shutdown: () => inner.shutdown(),
  };
}

interface PatchableInstrumentation {
  setTracerProvider(provider: unknown): void;
  getModuleDefinitions(): { name: string; patch?: (exports: unknown, version?: string) => unknown }[];
}

/** Applies an instrumentation's patches to modules already loaded (see the module comment). */
function patchLoaded(instrumentation: PatchableInstrumentation, modules: Record<string, unknown>): void {
  for (const definition of instrumentation.getModuleDefinitions()) {
    const loaded = modules[definition.name];
    if (loaded !== undefined) definition.patch?.(loaded);
  }
}

export async function startTelemetry(options: TelemetryOptions): Promise<Telemetry> {
  const api = await import('@opentelemetry/api');
  const { NodeTracerProvider, BatchSpanProcessor, SimpleSpanProcessor } =
    await import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { ATTR_SERVICE_NAME } = await import('@opentelemetry/semantic-conventions');
  const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
  const { default: FastifyOtelInstrumentation } = await import('@fastify/otel');

  let processor: SpanProcessor;
  if (options.exporter) {
    processor = new SimpleSpanProcessor(options.exporter);
  } else {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const base = (options.otlpEndpoint ?? '').replace(/\/+$/, '');
    processor = new BatchSpanProcessor(new OTLPTraceExporter({ url: `${base}/v1/traces` }));
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName }),
    spanProcessors: [scrubbing(processor)],
  });
  // The AsyncLocalStorage context (a request's spans find their parent) and W3C trace context.
  provider.register();

  // `enabled: false`: no module hook; the patches are applied below to what is loaded.
  const http = new HttpInstrumentation({ enabled: false });
  http.setTracerProvider(provider);
  patchLoaded(http as unknown as PatchableInstrumentation, { http: requireHere('node:http') });

  const pg = new PgInstrumentation({ enabled: false, requireParentSpan: true });
  pg.setTracerProvider(provider);
  const requireFromPg = createRequire(requireHere.resolve('pg'));
  patchLoaded(pg as unknown as PatchableInstrumentation, {
    pg: requireHere('pg'),
    'pg-pool': requireFromPg('pg-pool'),
  });

  // Enabled (its plugin makes spans only then); it hooks no module, the app registers its plugin.
  const fastify = new FastifyOtelInstrumentation({ registerOnInitialization: false });
  fastify.setTracerProvider(provider);

  const tracer = api.trace.getTracer('prestamos-hn');
  return {
    fastifyPlugin: fastify.plugin() as FastifyPluginCallback,
    tracer,
    async shutdown() {
      await provider.shutdown();
    },
  };
}

/** The calls of PGlite's client that run SQL, and what a transaction hands its callback. */
interface PgliteLike {
  query(...args: unknown[]): Promise<unknown>;
  exec(...args: unknown[]): Promise<unknown>;
  transaction(callback: (tx: PgliteLike) => Promise<unknown>): Promise<unknown>;
}

/**
 * SQL spans on PGlite (no driver to instrument): each statement a span `pg.query:<VERB>` of kind
 * CLIENT with `db.system.name` postgresql, `db.namespace` pglite and the statement's text in
 * `db.query.text` (never its values), as instrumentation-pg makes them on PostgreSQL; a transaction is a span `pglite.transaction` with its
 * statements inside. Only inside a trace (an active span), as on PostgreSQL.
 */
export async function traceSqlOnPglite(client: object, tracer: Tracer): Promise<void> {
  const api = await import('@opentelemetry/api');
  const traced =
    (name: (args: unknown[]) => string, original: (...args: unknown[]) => Promise<unknown>, text?: true) =>
    (...args: unknown[]): Promise<unknown> => {
      if (!api.trace.getActiveSpan()) return original(...args);
      const statement = text && typeof args[0] === 'string' ? args[0] : undefined;
      return tracer.startActiveSpan(
        name(args),
        {
          kind: api.SpanKind.CLIENT,
          attributes: {
            'db.system.name': 'postgresql',
            'db.namespace': 'pglite',
            ...(statement ? { 'db.query.text': statement } : {}),
          },
        },
        async (span: Span) => {
          try {
            return await original(...args);
          } catch (error) {
            span.recordException(error as Error);
            span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error).message });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    };
  const statementName = (args: unknown[]) => {
    const verb = typeof args[0] === 'string' ? /^\s*(\w+)/.exec(args[0])?.[1]?.toUpperCase() : undefined;
    return verb ? `pg.query:${verb}` : 'pg.query';
  };
  const wrapStatements = (target: PgliteLike) => {
    target.query = traced(statementName, target.query.bind(target), true);
    target.exec = traced(statementName, target.exec.bind(target), true);
  };
  const pglite = client as PgliteLike;
  wrapStatements(pglite);
  const transaction = pglite.transaction.bind(pglite) as (...args: unknown[]) => Promise<unknown>;
  pglite.transaction = traced(
    () => 'pglite.transaction',
    (callback) =>
      transaction((tx: PgliteLike) => {
        wrapStatements(tx);
        return (callback as (tx: PgliteLike) => Promise<unknown>)(tx);
      }),
  ) as PgliteLike['transaction'];
}
