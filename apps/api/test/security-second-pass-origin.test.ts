// Issue 32, "Security, second pass", point 8: BACKOFFICE_ORIGIN, one origin per audience, on PGlite
// and on PostgreSQL (DATABASE_URL). docs/security.md, "Second pass", says what it protects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { latestCode, latestLink } from './support/accounts.ts';
import { expectError, insertStaff, logInStaff, StaffBrowser, STAFF_PASSWORD } from './support/backoffice.ts';
import { sessionFor } from './support/borrowers.ts';
import { openEventStream } from './support/chat.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const STAFF_ORIGIN = 'https://staff.prestamos.test';
const BORROWER_ORIGIN = 'https://app.prestamos.test';
const CSRF = 'Solicitud no válida. Recarga la página.';

/** What the TLS proxy in front (trusted: TRUST_PROXY=1) says of a request to `origin`. */
const behindProxy = (origin: string) => ({
  'x-forwarded-proto': new URL(origin).protocol.replace(':', ''),
  'x-forwarded-host': new URL(origin).host,
});

/** A browser on a page of `origin`: the proxy's headers, and the `Origin` a browser sends. */
const onPageOf = (origin: string) => ({ ...behindProxy(origin), origin });

let staffCounter = 0;
async function newStaffEmail(t: TestApp): Promise<string> {
  staffCounter += 1;
  const email = `origen${staffCounter}.${process.pid}@prestamos.test`;
  await insertStaff(t, { email, role: 'admin' });
  return email;
}

describe('Second pass, 8. One origin per audience', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: '1', PUBLIC_URL: BORROWER_ORIGIN, BACKOFFICE_ORIGIN: STAFF_ORIGIN },
    });
  });
  afterAll(() => t.close());

  /** Password and code on the staff host, as the back-office page sends them. */
  async function logInOnStaffHost(email: string) {
    t.clock.advance(61_000);
    const browser = new StaffBrowser(t);
    const headers = onPageOf(STAFF_ORIGIN);
    const login = await browser.post('/auth/login', { email, password: STAFF_PASSWORD }, { headers });
    expect(login.statusCode, JSON.stringify(login.json)).toBe(200);
    const code = await browser.post('/auth/code', { code: await latestCode(t, email) }, { headers });
    expect(code.statusCode, JSON.stringify(code.json)).toBe(200);
    browser.csrfToken = code.json.csrfToken as string;
    return { browser, login, code };
  }

  it('a staff log-in on the borrower host (or any other) is a 404, as a path that does not exist; its pages too', async () => {
    const email = await newStaffEmail(t);
    for (const headers of [onPageOf(BORROWER_ORIGIN), {}, onPageOf('http://staff.prestamos.test')]) {
      const browser = new StaffBrowser(t);
      const login = await browser.post('/auth/login', { email, password: STAFF_PASSWORD }, { headers });
      expect(login.statusCode).toBe(404);
      expect(login.json).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
      expect(login.cookies).toEqual([]);
      // The same answer as a staff path nobody serves.
      const unknown = await browser.get('/no-such-route', { headers: onPageOf(STAFF_ORIGIN) });
      expect(login.json).toEqual(unknown.json);
    }
    // The encoded spelling of the same path is the same route, refused the same.
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/api/%62ackoffice/auth/login',
      headers: { ...onPageOf(BORROWER_ORIGIN), 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: STAFF_PASSWORD }),
    });
    expect(encoded.statusCode).toBe(404);
    expect(encoded.cookies).toEqual([]);
    for (const url of ['/backoffice/', '/backoffice', '/backoffice/prestamos/12']) {
      const page = await t.app.inject({ method: 'GET', url, headers: behindProxy(BORROWER_ORIGIN) });
      expect(page.statusCode, url).toBe(404);
    }
    expect(await outboxCodes(t, email)).toBe(0);
  });

  it('on the staff host the log-in works; its cookies are __Host- cookies: Secure, Path=/, no Domain, httpOnly, SameSite=Strict', async () => {
    const email = await newStaffEmail(t);
    const { browser, login, code } = await logInOnStaffHost(email);
    const hostOnly = { httpOnly: true, secure: true, sameSite: 'Strict', path: '/' };
    expect(login.cookies).toEqual([expect.objectContaining({ name: '__Host-bo_pending', ...hostOnly })]);
    expect(code.cookies.map((c) => c.name).sort()).toEqual(['__Host-bo_pending', '__Host-bo_session']);
    const session = code.cookies.find((c) => c.name === '__Host-bo_session')!;
    expect(session).toMatchObject(hostOnly);
    expect(session).not.toHaveProperty('domain');
    const setCookie = [code.headers['set-cookie']].flat().join('\n');
    expect(setCookie).not.toMatch(/domain=/i);
    expect(setCookie).not.toMatch(/(^|\n)bo_session=/);

    const me = await browser.get('/auth/me', { headers: behindProxy(STAFF_ORIGIN) });
    expect(me.statusCode).toBe(200);
    expect(me.json.staff).toMatchObject({ email });
    // The old name is not read: only the __Host- cookie opens the session.
    const oldName = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/auth/me',
      headers: {
        ...behindProxy(STAFF_ORIGIN),
        cookie: `bo_session=${browser.cookies.get('__Host-bo_session')}`,
      },
    });
    expect(oldName.statusCode).toBe(401);
    // The pages are there, with a same-origin CSP.
    const page = await t.app.inject({
      method: 'GET',
      url: '/backoffice/',
      headers: behindProxy(STAFF_ORIGIN),
    });
    expect(page.statusCode).not.toBe(404);
    expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self'");
  });

  it("the inbox's live channel opens with the __Host- cookie on the staff host only", async () => {
    const { browser } = await logInOnStaffHost(await newStaffEmail(t));
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = `__Host-bo_session=${browser.cookies.get('__Host-bo_session')}`;
    const open = (origin: string) =>
      openEventStream(baseUrl, '/api/backoffice/chats/events', { ...behindProxy(origin), cookie });
    const onStaffHost = await open(STAFF_ORIGIN);
    const onBorrowerHost = await open(BORROWER_ORIGIN);
    onStaffHost.close();
    onBorrowerHost.close();
    expect(onStaffHost.status).toBe(200);
    expect(onBorrowerHost.status).toBe(404);
  });

  it('a state-changing staff call from a foreign Origin is refused, valid CSRF token and cookie or not', async () => {
    const email = await newStaffEmail(t);
    const { browser } = await logInOnStaffHost(email);
    const staffHost = behindProxy(STAFF_ORIGIN);
    for (const origin of [BORROWER_ORIGIN, 'https://evil.example', 'null', 'http://staff.prestamos.test']) {
      const res = await browser.post('/auth/logout', undefined, { headers: { ...staffHost, origin } });
      expectError(res, 403, CSRF);
    }
    // No Origin: the Referer must be of the staff host; neither, refused.
    expectError(await browser.post('/auth/logout', undefined, { headers: staffHost }), 403, CSRF);
    expectError(
      await browser.post('/auth/logout', undefined, {
        headers: { ...staffHost, referer: `${BORROWER_ORIGIN}/backoffice/` },
      }),
      403,
      CSRF,
    );
    // The log-in too (login CSRF): from a foreign page, refused before any password is checked.
    const foreignLogin = await new StaffBrowser(t).post(
      '/auth/login',
      { email, password: STAFF_PASSWORD },
      { headers: { ...staffHost, origin: BORROWER_ORIGIN } },
    );
    expectError(foreignLogin, 403, CSRF);
    // Still logged in: nothing above ended the session.
    expect((await browser.get('/auth/me', { headers: staffHost })).statusCode).toBe(200);
    // And the CSRF token is still required on the right origin.
    expectError(
      await browser.post('/auth/logout', undefined, { headers: onPageOf(STAFF_ORIGIN), noCsrf: true }),
      403,
      CSRF,
    );
    const byReferer = await browser.post('/auth/logout', undefined, {
      headers: { ...staffHost, referer: `${STAFF_ORIGIN}/backoffice/prestamos` },
    });
    expect(byReferer.statusCode, JSON.stringify(byReferer.json)).toBe(200);
    // Cleared as set (a browser drops a __Host- cookie only so): Secure, Path=/.
    expect(byReferer.cookies).toEqual([
      expect.objectContaining({ name: '__Host-bo_session', value: '', secure: true, path: '/' }),
    ]);
    expect((await browser.get('/auth/me', { headers: staffHost })).statusCode).toBe(401);
  });

  it('the borrower API and app answer on the borrower host, and nothing of theirs on the staff host', async () => {
    const { sid } = await sessionFor(t.deps);
    const legacy = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/getPurposeList.php',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ sid }),
      });
    const onBorrowerHost = await legacy(onPageOf(BORROWER_ORIGIN));
    expect(onBorrowerHost.statusCode).toBe(200);
    expect(onBorrowerHost.json()).toMatchObject({ status: 'OK' });

    const onStaffHost = await legacy(onPageOf(STAFF_ORIGIN));
    expect(onStaffHost.statusCode).toBe(404);
    expect(onStaffHost.json()).toEqual({ status: 'ER', payload: { message: 'No encontrado.' } });
    for (const url of ['/index.html', '/versionjs.txt', '/api/files/1?exp=1&sig=x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: behindProxy(STAFF_ORIGIN) });
      expect(res.statusCode, url).toBe(404);
    }
    const root = await t.app.inject({ method: 'GET', url: '/', headers: behindProxy(STAFF_ORIGIN) });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/backoffice/');
    // The load balancer's probes answer on both.
    for (const origin of [STAFF_ORIGIN, BORROWER_ORIGIN]) {
      for (const url of ['/api/health', '/api/ready']) {
        const probe = await t.app.inject({ method: 'GET', url, headers: behindProxy(origin) });
        expect(probe.statusCode, `${origin}${url}`).toBe(200);
      }
    }
  });

  it("a staff password link (a forced reset's) points at the staff host, and its form's call answers only there", async () => {
    const { browser: admin } = await logInOnStaffHost(await newStaffEmail(t));
    const email = await newStaffEmail(t);
    const id = (await t.deps.db.query.staffAccounts.findFirst({ where: (s, { eq }) => eq(s.email, email) }))!
      .id;
    const reset = await admin.post(`/staff/${id}/password-reset`, undefined, {
      headers: onPageOf(STAFF_ORIGIN),
    });
    expect(reset.statusCode, JSON.stringify(reset.json)).toBe(200);
    const link = await latestLink(t, email);
    expect(link.startsWith(`${STAFF_ORIGIN}/backoffice/#/login?clave=`)).toBe(true);
    const token = link.split('clave=')[1]!;
    const body = { token, newPassword: 'Origen#Nueva-Clave27' };
    expect(
      (await new StaffBrowser(t).post('/auth/password-link', body, { headers: onPageOf(BORROWER_ORIGIN) }))
        .statusCode,
    ).toBe(404);
    const set = await new StaffBrowser(t).post('/auth/password-link', body, {
      headers: onPageOf(STAFF_ORIGIN),
    });
    expect(set.statusCode, JSON.stringify(set.json)).toBe(200);
  });

  it('without BACKOFFICE_ORIGIN everything is as before: one origin, bo_session under /api/backoffice, no Origin check', async () => {
    const plain = await createTestApp();
    try {
      const email = `origen-sin.${process.pid}@prestamos.test`;
      await insertStaff(plain, { email, role: 'admin' });
      const browser = await logInStaff(plain, email);
      expect(browser.cookies.has('bo_session')).toBe(true);
      const logout = await browser.post('/auth/logout', undefined, {
        headers: { origin: 'https://evil.example' },
      });
      expect(logout.statusCode).toBe(200);
      expect(logout.cookies).toEqual([
        expect.objectContaining({ name: 'bo_session', path: '/api/backoffice', value: '' }),
      ]);
      expect(logout.cookies[0]!.secure).toBeFalsy();
      const page = await plain.app.inject({ method: 'GET', url: '/backoffice/' });
      expect(page.statusCode).not.toBe(404);
    } finally {
      await plain.close();
    }
  });

  describe('the setting', () => {
    const base = { TRUST_PROXY: '1', PUBLIC_URL: BORROWER_ORIGIN };
    const refusal = (value: string, env: Record<string, string> = base) => {
      try {
        loadConfig({ ...env, BACKOFFICE_ORIGIN: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`loadConfig accepted BACKOFFICE_ORIGIN=${value}`);
    };

    it('a malformed value refuses start-up with one line naming BACKOFFICE_ORIGIN', () => {
      for (const value of [
        'staff.prestamos.test',
        'https://staff.prestamos.test/backoffice',
        'https://staff.prestamos.test/?a=1',
        'https://staff.prestamos.test#x',
        'https://ana@staff.prestamos.test',
        'ftp://staff.prestamos.test',
        'https://',
        'https://staff.prestamos.test:99999',
      ]) {
        const message = refusal(value);
        expect(message.split('\n'), value).toHaveLength(1);
        expect(message, value).toMatch(/^BACKOFFICE_ORIGIN .*not an origin/);
      }
      // http off this machine; https with no trusted proxy to say so; the borrower's own origin.
      expect(refusal('http://staff.prestamos.test')).toMatch(/^BACKOFFICE_ORIGIN must be https/);
      expect(refusal(STAFF_ORIGIN, { PUBLIC_URL: BORROWER_ORIGIN })).toMatch(
        /^BACKOFFICE_ORIGIN .*TRUST_PROXY/,
      );
      expect(refusal(`${BORROWER_ORIGIN}/`)).toMatch(/^BACKOFFICE_ORIGIN must differ from PUBLIC_URL/);
    });

    it('a good value is kept as its origin; unset or empty, none', () => {
      const origin = (value?: string) =>
        loadConfig({ ...base, ...(value === undefined ? {} : { BACKOFFICE_ORIGIN: value }) }).backoffice
          .origin;
      expect(origin('HTTPS://Staff.Prestamos.Test:443/')).toBe(STAFF_ORIGIN);
      expect(origin('https://staff.prestamos.test:8443')).toBe('https://staff.prestamos.test:8443');
      expect(origin('http://localhost:3001')).toBe('http://localhost:3001');
      expect(origin(undefined)).toBeUndefined();
      expect(origin('')).toBeUndefined();
      expect(loadConfig({ ...base, BACKOFFICE_ORIGIN: STAFF_ORIGIN }).backoffice.secureCookies).toBe(true);
    });
  });
});

async function outboxCodes(t: TestApp, email: string): Promise<number> {
  try {
    await latestCode(t, email);
    return 1;
  } catch {
    return 0;
  }
}
