import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@prestamos-hn/domain';
import { sessionFor } from './support/borrowers.ts';
import { StaffBrowser, staffWithRole } from './support/backoffice.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
const browsers = {} as Record<StaffRole, StaffBrowser>;
let borrowerId: number;
let borrowerSid: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'analyst', 'cashier', 'support'] as const) {
    browsers[role] = (await staffWithRole(t, role)).browser;
  }
  ({ borrowerId, sid: borrowerSid } = await sessionFor(t.deps));
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
/** Every staff route and the roles that may call it (written out here, apart from the table it tests). */
const routes: { method: Method; path: () => string; body?: unknown; allowed: StaffRole[] }[] = [
  { method: 'GET', path: () => '/auth/me', allowed: ['admin', 'analyst', 'cashier', 'support'] },
  { method: 'GET', path: () => '/staff', allowed: ['admin'] },
  { method: 'POST', path: () => '/staff', body: {}, allowed: ['admin'] },
  { method: 'PATCH', path: () => '/staff/999999', body: { role: 'support' }, allowed: ['admin'] },
  {
    method: 'POST',
    path: () => '/borrowers/search',
    body: {},
    allowed: ['admin', 'analyst', 'cashier', 'support'],
  },
  {
    method: 'GET',
    path: () => `/borrowers/${borrowerId}`,
    allowed: ['admin', 'analyst', 'cashier', 'support'],
  },
  { method: 'GET', path: () => `/borrowers/${borrowerId}/files/999999`, allowed: ['admin', 'analyst'] },
  { method: 'GET', path: () => '/reviews/queue', allowed: ['admin', 'analyst'] },
  {
    method: 'POST',
    path: () => `/reviews/${borrowerId}/decision`,
    body: { decision: 'approve', version: 1 },
    allowed: ['admin', 'analyst'],
  },
  { method: 'GET', path: () => '/dashboard', allowed: ['admin', 'analyst'] },
  { method: 'GET', path: () => '/audit', allowed: ['admin', 'analyst'] },
  { method: 'GET', path: () => '/audit?entity=staff', allowed: ['admin'] },
];

const cases = routes.flatMap((route) =>
  (['admin', 'analyst', 'cashier', 'support'] as const).map((role) => ({
    ...route,
    role,
    name: `${route.method} ${route.path.toString().replace(/^\(\) => /, '')}`,
  })),
);

describe('each role is refused what it may not do', () => {
  it.each(cases)('$role: $name', async ({ method, path, body, role, allowed }) => {
    const res = await browsers[role].request(method, path(), { body });
    if (allowed.includes(role)) {
      expect(res.statusCode, JSON.stringify(res.json)).not.toBe(403);
      expect(res.statusCode).not.toBe(401);
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json).toEqual({
        error: { code: 'forbidden', message: 'No tienes permiso para hacer esto.' },
      });
    }
  });
});

describe('without a staff session nothing opens', () => {
  it.each(routes.map((r) => ({ ...r, name: `${r.method} ${r.path.toString()}` })))(
    'anonymous, or with a borrower sid: $name',
    async ({ method, path, body }) => {
      const anonymous = new StaffBrowser(t);
      expect((await anonymous.request(method, path(), { body })).statusCode).toBe(401);
      const borrower = new StaffBrowser(t);
      borrower.cookies.set('sid', borrowerSid);
      borrower.cookies.set('bo_session', borrowerSid);
      const withSid = await borrower.request(method, path(), {
        body: body && typeof body === 'object' ? { ...body, sid: borrowerSid } : { sid: borrowerSid },
        headers: { authorization: `Bearer ${borrowerSid}` },
      });
      expect(withSid.statusCode).toBe(401);
    },
  );

  it.each(
    routes.filter((r) => r.method !== 'GET').map((r) => ({ ...r, name: `${r.method} ${r.path.toString()}` })),
  )(
    'a state-changing request without the CSRF token is refused, even for an admin: $name',
    async ({ method, path, body }) => {
      const res = await browsers.admin.request(method, path(), { body, noCsrf: true });
      expect(res.statusCode).toBe(403);
      expect(res.json).toEqual({
        error: { code: 'csrf', message: 'Solicitud no válida. Recarga la página.' },
      });
    },
  );
});
