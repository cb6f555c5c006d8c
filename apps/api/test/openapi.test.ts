import {
  endpointNames,
  endpoints,
  staffEndpointNames,
  staffEndpoints,
  type OpenApiDocument,
  type OpenApiOperation,
} from '@prestamos-hn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  document = JSON.parse(res.body) as OpenApiDocument;
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation! })),
  );
const operation = (id: string): { path: string; method: string; operation: OpenApiOperation } | undefined =>
  operations().find((o) => o.operation.operationId === id);

/** Every `$ref` anywhere in the document. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toContain('API');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('describes every row of the legacy table as POST (or GET) /api/app/<file> with the envelope', () => {
    for (const name of endpointNames) {
      const found = operation(`legacy.${name}`);
      expect(found, name).toBeDefined();
      expect(found!.path).toBe(`/api/app/${endpoints[name].file}`);
      expect(found!.method).toBe(endpoints[name].method.toLowerCase());
      const ok = found!.operation.responses['200']!.content!['application/json']!.schema!;
      if (endpoints[name].envelope === 'legacy') {
        expect(JSON.stringify(ok)).toContain('"const":"OK"');
        expect(JSON.stringify(ok)).toContain('#/components/schemas/LegacyRefusal');
      }
    }
  });

  it('describes every row of the staff table with its path, method, access and answer', () => {
    for (const name of staffEndpointNames) {
      const def = staffEndpoints[name];
      const found = operation(`staff.${name}`);
      expect(found, name).toBeDefined();
      expect(found!.path).toBe(`/api/backoffice${def.path.replace(/:(\w+)/g, '{$1}')}`);
      expect(found!.method).toBe(def.method.toLowerCase());
      expect(found!.operation['x-access']).toBe(def.access);
      const ok = found!.operation.responses['200']!;
      if (def.response.kind === 'json') expect(ok.content!['application/json']!.schema).toBeTypeOf('object');
      else expect(Object.keys(ok.content!)).toEqual([...def.response.contentTypes]);
    }
    expect(operation('staff.getBorrowerFile')!.operation['x-roles']).toEqual([
      'admin',
      'analyst',
      'cashier',
      'supervisor',
      'support',
    ]);
    expect(operation('staff.createStaff')!.operation.security).toEqual([
      { staffSession: [], staffCsrfToken: [] },
    ]);
  });

  it('has exactly the operations of both tables, each id once, each path parameter declared', () => {
    const ids = operations().map((o) => o.operation.operationId);
    expect(ids).toHaveLength(endpointNames.length + staffEndpointNames.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, operation: op } of operations()) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared, op.operationId).toEqual(templated);
    }
  });

  it('is plain JSON whose references all resolve', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    for (const target of refsIn(document)) {
      expect(target).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas).toHaveProperty(target.split('/').pop()!);
    }
  });

  it('describes requests as they are sent and answers as they arrive', () => {
    const list = operation('staff.listChats')!.operation;
    const page = list.parameters!.find((p) => p.name === 'page')!;
    expect(page).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', default: 1 } });
    const login = operation('staff.logIn')!.operation.requestBody!.content['application/json']!.schema!;
    expect(login).toMatchObject({ type: 'object', required: ['email', 'password'] });
    const file = operation('staff.getBorrowerFile')!.operation.responses['200']!.content!['application/json']!
      .schema as { properties: Record<string, { properties?: Record<string, unknown> }> };
    expect(file.properties.borrower!.properties!.createdAt).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
  });
});

describe('GET /api/docs', () => {
  it('lists every operation with its schemas, without scripts, under the strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script|https?:\/\/(?!json-schema)/i);
    for (const { path, method } of operations()) {
      expect(res.body).toContain(`${method.toUpperCase()}</span> <code>${path}</code>`);
    }
    expect(res.body).toContain('<details><summary>200 application/json</summary><pre>');
  });
});

describe('in production', () => {
  it('serves the document but not the page', async () => {
    const prod = await createTestApp({ env: PRODUCTION_ENV });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
