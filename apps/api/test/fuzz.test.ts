import {
  endpointNames,
  endpoints,
  jsonSchemaOf,
  staffEndpointNames,
  staffEndpoints,
  staffPath,
  type EndpointName,
  type StaffEndpointDef,
  type StaffEndpointName,
} from '@prestamos-hn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { sessionFor } from './support/borrowers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Issue 15, "Prove it": malformed bodies generated from both contract tables. Every field of every
// call gets values of every wrong kind; each answer is a refusal (ER, ERS, 4xx) or a success, never
// a 5xx. The values are fixed (not random), so a failure always reproduces.

/** Values no field expects: wrong types, empty and huge texts, markup, numbers out of any range. */
const HOSTILE: unknown[] = [
  null,
  true,
  -1,
  1e308,
  '',
  ' ',
  'x'.repeat(20_000),
  '<script>alert(1)</script>',
  "'; drop table borrowers; --",
  '9'.repeat(40),
  '2026-02-30',
  '\u0000',
  [],
  [1, 'a'],
  {},
  { $gt: '' },
];

/** The field names a row's schema declares (of the object, or of every branch of a union). */
function fieldsOf(schema: Parameters<typeof jsonSchemaOf>[0]): string[] {
  const json = jsonSchemaOf(schema, 'input') as {
    properties?: Record<string, unknown>;
    oneOf?: { properties?: Record<string, unknown> }[];
    anyOf?: { properties?: Record<string, unknown> }[];
  };
  const branches = [json, ...(json.oneOf ?? []), ...(json.anyOf ?? [])];
  return [...new Set(branches.flatMap((b) => Object.keys(b.properties ?? {})))];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const legacyRows = endpointNames.filter((n) => endpoints[n].method === 'POST');

describe('the legacy table under malformed fields', () => {
  it.each(legacyRows)('%s never answers 5xx', async (name: EndpointName) => {
    const def = endpoints[name];
    const fields = fieldsOf(def.request);
    for (const field of fields.length > 0 ? fields : ['x']) {
      for (const value of HOSTILE) {
        // A fresh active session for each body, so a call that ends it (logout) cannot hide the rest.
        const { sid } = await sessionFor(t.deps);
        const res = await t.call(def.file, { sid, [field]: value }, { ip: '10.250.0.1' });
        expect(res.statusCode, `${name} ${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
      }
    }
  });
});

describe('the legacy GET calls under malformed query strings', () => {
  it.each(endpointNames.filter((n) => endpoints[n].method === 'GET'))(
    '%s never answers 5xx',
    async (name) => {
      const def = endpoints[name];
      for (const field of fieldsOf(def.request)) {
        for (const value of ['%00', '%FF', 'x'.repeat(5000), '%27%3B--']) {
          const res = await t.app.inject({ method: 'GET', url: `/api/app/${def.file}?${field}=${value}` });
          expect(res.statusCode, `${name} ${field}=${value.slice(0, 20)}`).toBeLessThan(500);
        }
      }
    },
  );
});

const staffDef = (name: StaffEndpointName): StaffEndpointDef => staffEndpoints[name];
const staffRows = staffEndpointNames.filter((n) => staffDef(n).body !== undefined);

describe('the staff table under malformed fields', () => {
  let admin: StaffBrowser;
  beforeAll(async () => {
    admin = (await staffWithRole(t, 'admin')).browser;
  });

  it.each(staffRows)('%s never answers 5xx', async (name: StaffEndpointName) => {
    const def = staffDef(name);
    const path = staffPath(
      name,
      Object.fromEntries([...def.path.matchAll(/:([A-Za-z0-9]+)/g)].map((m) => [m[1]!, 1])),
    );
    // Log-out and the login steps change the admin's own session: they are fuzzed by the legacy
    // table's twin rows and by contract.test.ts; here every other row with a body.
    if (def.access === 'public' || def.access === 'pending' || name === 'logOut') return;
    for (const field of fieldsOf(def.body!)) {
      for (const value of HOSTILE) {
        const res = await admin.request(def.method, path, { body: { [field]: value } });
        expect(res.statusCode, `${name} ${field}=${JSON.stringify(value)?.slice(0, 40)}`).toBeLessThan(500);
      }
    }
  });
});

const staffGetRows = staffEndpointNames.filter((n) => staffDef(n).method === 'GET' && staffDef(n).query);

describe('the staff table under malformed query strings', () => {
  let admin: StaffBrowser;
  beforeAll(async () => {
    admin = (await staffWithRole(t, 'admin')).browser;
  });

  it.each(staffGetRows)('%s never answers 5xx', async (name: StaffEndpointName) => {
    const def = staffDef(name);
    const path = staffPath(
      name,
      Object.fromEntries([...def.path.matchAll(/:([A-Za-z0-9]+)/g)].map((m) => [m[1]!, 1])),
    );
    for (const field of fieldsOf(def.query!)) {
      for (const value of ['%00', '%FF', '-1', '1e308', 'x'.repeat(5000), '%27%3B--', '[]']) {
        const res = await admin.request('GET', `${path}?${field}=${value}`);
        expect(res.statusCode, `${name} ${field}=${value.slice(0, 20)}`).toBeLessThan(500);
      }
    }
  });
});
