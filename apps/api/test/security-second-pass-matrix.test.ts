// Issue 32, "Security, second pass": the staff matrix. Generated from the staff API's table
// (`staffEndpoints`), so a row added tomorrow is in it: every row that needs a session is refused
// with no cookie and with a log-in still waiting for its code; every row behind a permission is
// refused to each role without it; every state change is refused without the CSRF token and with
// another session's. On PGlite and on PostgreSQL (DATABASE_URL).
import {
  staffEndpointNames,
  staffEndpoints,
  staffPath,
  type StaffEndpointDef,
  type StaffEndpointName,
} from '@prestamos-hn/contract';
import { can, STAFF_ROLES, type StaffRole } from '@prestamos-hn/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertStaff,
  StaffBrowser,
  STAFF_PASSWORD,
  staffWithRole,
  type StaffResponse,
} from './support/backoffice.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const browsers = {} as Record<StaffRole, StaffBrowser>;
/** Another admin's session: its CSRF token is valid, for its own session only. */
let otherAdmin: StaffBrowser;

beforeAll(async () => {
  // The matrix sends a few hundred requests per browser in a minute: the per-IP staff limit is
  // tested elsewhere, here it would only get in the way.
  t = await createTestApp({ env: { RATE_LIMIT_STAFF_PER_MINUTE: '100000' } });
  for (const role of STAFF_ROLES) browsers[role] = (await staffWithRole(t, role)).browser;
  otherAdmin = (await staffWithRole(t, 'admin')).browser;
});
afterAll(() => t.close());

const def = (name: StaffEndpointName): StaffEndpointDef => staffEndpoints[name];
const needsSession = (row: StaffEndpointDef) => row.access !== 'public' && row.access !== 'pending';
const isWrite = (row: StaffEndpointDef) => row.method !== 'GET';
/** The row's path with every `:param` filled with 1 (the refusals come before any lookup). */
const pathOf = (name: StaffEndpointName) =>
  staffPath(
    name,
    Object.fromEntries([...def(name).path.matchAll(/:([A-Za-z0-9]+)/g)].map((m) => [m[1]!, 1])),
  );
const send = (browser: StaffBrowser, name: StaffEndpointName, opts: { noCsrf?: boolean } = {}) =>
  browser.request(def(name).method as 'GET' | 'POST' | 'PATCH', pathOf(name), {
    ...(isWrite(def(name)) ? { body: {} } : {}),
    noCsrf: opts.noCsrf,
  });

function expectRefused(res: StaffResponse, statusCode: number, code: string) {
  expect(res.statusCode, JSON.stringify(res.json)).toBe(statusCode);
  expect((res.json as { error?: { code?: string } }).error?.code).toBe(code);
}

/** A browser whose log-in waits for its e-mailed code: it holds only the pending cookie. */
async function pendingBrowser(): Promise<StaffBrowser> {
  const email = `pendiente.matriz.${Math.random().toString(36).slice(2)}@prestamos.test`;
  await insertStaff(t, { email, role: 'admin' });
  const browser = new StaffBrowser(t);
  expect((await browser.post('/auth/login', { email, password: STAFF_PASSWORD })).statusCode).toBe(200);
  expect([...browser.cookies.keys()]).toEqual(['bo_pending']);
  return browser;
}

const sessionRows = staffEndpointNames.filter((name) => needsSession(def(name)));

describe('Second pass, staff matrix (generated from staffEndpoints)', () => {
  it('covers every row of the table that needs a session', () => {
    expect(sessionRows.length).toBeGreaterThan(40);
    expect(staffEndpointNames.filter((n) => !sessionRows.includes(n)).sort()).toEqual(
      staffEndpointNames.filter((n) => ['public', 'pending'].includes(def(n).access)).sort(),
    );
  });

  describe.each(sessionRows)('%s', (name) => {
    const row = def(name);

    it('is refused with no cookie, and with a log-in still waiting for its code', async () => {
      expectRefused(await send(new StaffBrowser(t), name), 401, 'unauthenticated');
      expectRefused(await send(await pendingBrowser(), name), 401, 'unauthenticated');
    });

    if (row.access !== 'staff') {
      const permission = row.access as Parameters<typeof can>[1];
      const without = STAFF_ROLES.filter((role) => !can(role, permission));
      if (without.length > 0) {
        it(`is refused to every role without ${permission} (${without.join(', ')})`, async () => {
          for (const role of without) expectRefused(await send(browsers[role], name), 403, 'forbidden');
        });
      }
    }

    if (isWrite(row)) {
      it("is refused without the CSRF token, and with another session's token, even for an admin", async () => {
        const admin = browsers.admin;
        expectRefused(await send(admin, name, { noCsrf: true }), 403, 'csrf');
        const own = admin.csrfToken;
        admin.csrfToken = otherAdmin.csrfToken;
        try {
          expect(admin.csrfToken).not.toBe(own);
          expectRefused(await send(admin, name), 403, 'csrf');
        } finally {
          admin.csrfToken = own;
        }
      });
    }
  });
});
