import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry, traceSqlOnPglite, type Telemetry } from '../src/telemetry.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 34 point 1: with OTEL_EXPORTER_OTLP_ENDPOINT the server sends traces; here the same set-up
// with an in-memory exporter. One request over a real socket makes one trace: the HTTP server span,
// Fastify's spans inside it, and its SQL inside those (node-postgres on PostgreSQL, the embedded
// client on PGlite).

const exporter = new InMemorySpanExporter();
let telemetry: Telemetry;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  telemetry = await startTelemetry({ serviceName: 'prestamos-hn-test', exporter });
  t = await createTestApp({ tracing: telemetry });
  if (t.database.pgliteClient) await traceSqlOnPglite(t.database.pgliteClient, telemetry.tracer);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
  await telemetry.shutdown();
});

/** The chain of parents from a span up to its trace's root. */
function ancestors(span: ReadableSpan, spans: ReadableSpan[]): ReadableSpan[] {
  const chain: ReadableSpan[] = [];
  let parentId = span.parentSpanContext?.spanId;
  while (parentId) {
    const parent = spans.find((s) => s.spanContext().spanId === parentId);
    if (!parent) break;
    chain.push(parent);
    parentId = parent.parentSpanContext?.spanId;
  }
  return chain;
}

describe('traces', () => {
  it("one request's spans: HTTP, then Fastify, then its SQL, in one trace", async () => {
    exporter.reset();
    const res = await fetch(`${baseUrl}/api/ready?dni=0801199000011`);
    expect(res.status).toBe(200);
    await expect.poll(() => exporter.getFinishedSpans().some((s) => s.kind === SpanKind.SERVER)).toBe(true);

    const all = exporter.getFinishedSpans();
    const server = all.find((s) => s.kind === SpanKind.SERVER)!;
    const spans = all.filter((s) => s.spanContext().traceId === server.spanContext().traceId);
    expect(server.parentSpanContext).toBeUndefined();
    expect(server.attributes['http.route'] ?? server.attributes['http.target']).toMatch(/^\/api\/ready/);

    // Fastify's: the request, inside the HTTP span, and the route's handler inside it.
    const request = spans.find((s) => s.name === 'request')!;
    expect(request.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    const handler = spans.find((s) => s.name.startsWith('handler'))!;
    expect(ancestors(handler, spans)).toContain(request);

    // The SQL: the migrations' check that /api/ready makes, inside the handler.
    const statements = spans.filter(
      (s) => s.kind === SpanKind.CLIENT && s.attributes['db.system.name'] === 'postgresql',
    );
    const migrations = statements.find((s) =>
      String(s.attributes['db.query.text']).includes('__drizzle_migrations'),
    );
    expect(migrations, statements.map((s) => s.name).join(', ')).toBeDefined();
    expect(migrations!.name).toMatch(/^pg\.query:SELECT/);
    expect(ancestors(migrations!, spans)).toEqual(expect.arrayContaining([handler, request, server]));

    // No query string leaves in a span (identity numbers, tickets, signed URLs travel there).
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain('0801199000011');
  });

  it('SQL outside a trace (pg-boss polling, the clock) makes no span', async () => {
    exporter.reset();
    await t.database.executeSql.executeSql('select 1 as one');
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
