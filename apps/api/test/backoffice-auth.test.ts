import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_STAFF, DEMO_STAFF_PASSWORD, loadConfig } from '../src/config.ts';
import { auditLog, staffAccounts, staffSessions } from '../src/db/schema/index.ts';
import { ensureDemoStaff, ensureFirstAdmin } from '../src/services/staff/staff-accounts.ts';
import { clearLoginBackoff, loginWaitMs } from '../src/services/login-backoff.ts';
import { outboxFor } from './support/accounts.ts';
import { sessionFor } from './support/borrowers.ts';
import { expectError, insertStaff, logInStaff, StaffBrowser, STAFF_PASSWORD } from './support/backoffice.ts';
import { PRODUCTION_ENV, createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_LOGGED_IN = 'Tu sesión terminó o no has iniciado sesión. Ingresa de nuevo.';
const BAD_CREDENTIALS = 'Correo o contraseña incorrectos.';
const CSRF = 'Solicitud no válida. Recarga la página.';

describe('the first admin', () => {
  it('is created at start from the settings (demo values outside production), once', async () => {
    expect(await ensureFirstAdmin(t.deps)).toBe('created');
    expect(await ensureFirstAdmin(t.deps)).toBe('exists');
    const admins = await t.deps.db.select().from(staffAccounts).where(eq(staffAccounts.role, 'admin'));
    expect(admins).toHaveLength(1);
    expect(admins[0]!.email).toBe(DEMO_ADMIN.email);
    expect(admins[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    const browser = await logInStaff(t, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const me = await browser.get('/auth/me');
    expect(me.json.staff).toMatchObject({ email: DEMO_ADMIN.email, role: 'admin' });
  });

  it('in production needs both settings, or none is created (with a warning)', () => {
    const base = PRODUCTION_ENV;
    expect(loadConfig(base).backoffice.firstAdmin).toBeUndefined();
    expect(
      loadConfig({ ...base, BACKOFFICE_ADMIN_EMAIL: 'jefa@example.com' }).backoffice.firstAdmin,
    ).toBeUndefined();
    const both = loadConfig({
      ...base,
      BACKOFFICE_ADMIN_EMAIL: 'jefa@example.com',
      BACKOFFICE_ADMIN_PASSWORD: 'una-clave-larga-y-segura',
    });
    expect(both.backoffice).toMatchObject({
      firstAdmin: { email: 'jefa@example.com', password: 'una-clave-larga-y-segura' },
      secureCookies: true,
      idleMs: 30 * 60_000,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).backoffice.secureCookies).toBe(false);
  });
});

describe('the demo staff (issue 31 point 7)', () => {
  it('outside production: an analyst, a cashier and a supervisor, created once, who log in with the dev outbox code', async () => {
    expect(await ensureDemoStaff(t.deps)).toBe(3);
    expect(await ensureDemoStaff(t.deps)).toBe(0);
    for (const demo of DEMO_STAFF) {
      const [row] = await t.deps.db.select().from(staffAccounts).where(eq(staffAccounts.email, demo.email));
      expect(row).toMatchObject({ role: demo.role, name: demo.name, disabledAt: null });
      const browser = await logInStaff(t, demo.email, DEMO_STAFF_PASSWORD);
      expect((await browser.get('/auth/me')).json.staff).toMatchObject({
        email: demo.email,
        role: demo.role,
      });
    }
    const created = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.create'), eq(auditLog.actorType, 'system')));
    expect(created.map((r) => (r.after as { email: string }).email)).toEqual(
      expect.arrayContaining(DEMO_STAFF.map((d) => d.email)),
    );
  });

  it('never in production', () => {
    expect(loadConfig(PRODUCTION_ENV).backoffice.demoStaff).toEqual([]);
  });
});

describe('staff login: password, then the e-mailed code', () => {
  it('answers {step: code}, e-mails a 6-digit code and sets only a pending cookie', async () => {
    await insertStaff(t, { email: 'ana.analista@prestamos.test', role: 'analyst', name: 'Ana' });
    const browser = new StaffBrowser(t);
    const res = await browser.post('/auth/login', {
      email: ' Ana.Analista@prestamos.test ',
      password: STAFF_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ step: 'code' });
    expect(res.cookies.map((c) => c.name)).toEqual(['bo_pending']);
    expect(res.cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/backoffice' });
    const [mail] = await outboxFor(t, 'ana.analista@prestamos.test');
    expect(mail).toMatchObject({ channel: 'email' });
    expect(mail!.body).toMatch(/\b\d{6}\b/);

    // The pending session opens nothing but the code step.
    expectError(await browser.get('/auth/me'), 401, NOT_LOGGED_IN);
    const code = /\b(\d{6})\b/.exec(mail!.body)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(
      await browser.post('/auth/code', { code: wrong }),
      400,
      'Código incorrecto. Te quedan 4 intentos.',
    );
    expectError(await browser.post('/auth/code', { code: '12' }), 400, 'Escribe el código de 6 dígitos.');

    const ok = await browser.post('/auth/code', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json.staff).toEqual({
      id: expect.any(Number),
      email: 'ana.analista@prestamos.test',
      name: 'Ana',
      role: 'analyst',
      mustChangePassword: false,
    });
    expect(ok.json.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = ok.cookies.find((c) => c.name === 'bo_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/backoffice' });
    expect(session.secure).toBeFalsy();
    expect(browser.cookies.has('bo_pending')).toBe(false);
    // The pending token did not become the session: a new token was issued.
    expect(session.value).not.toBe(res.cookies[0]!.value);

    const me = await browser.get('/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json).toEqual({ staff: ok.json.staff, csrfToken: ok.json.csrfToken });

    const staffId = (ok.json.staff as { id: number }).id;
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.login'), eq(auditLog.actorId, String(staffId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'staff', entity: 'staff', entityId: String(staffId) });
  });

  it('refuses an unknown e-mail, a wrong password and a disabled account with the same 401', async () => {
    await insertStaff(t, { email: 'baja@prestamos.test', role: 'support' });
    await t.deps.db
      .update(staffAccounts)
      .set({ disabledAt: new Date() })
      .where(eq(staffAccounts.email, 'baja@prestamos.test'));
    const browser = new StaffBrowser(t);
    for (const body of [
      { email: 'nadie@prestamos.test', password: STAFF_PASSWORD },
      { email: 'ana.analista@prestamos.test', password: 'otra-clave' },
      { email: 'baja@prestamos.test', password: STAFF_PASSWORD },
    ]) {
      const res = await browser.post('/auth/login', body);
      expectError(res, 401, BAD_CREDENTIALS);
      expect(res.cookies).toHaveLength(0);
    }
    expectError(
      await browser.post('/auth/login', { email: 'no-es-correo', password: 'x' }),
      400,
      'Escribe un correo válido.',
    );
    expectError(
      await browser.post('/auth/login', { email: 'ana@prestamos.test' }),
      400,
      'Escribe tu contraseña.',
    );
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: { code: 'malformed', message: 'La solicitud no tiene el formato esperado.' },
    });
  });

  it('locks an account for 15 minutes after 10 wrong passwords in a row', async () => {
    await insertStaff(t, { email: 'olvidadizo@prestamos.test', role: 'cashier' });
    for (let i = 1; i <= 10; i++) {
      const browser = new StaffBrowser(t);
      expectError(
        await browser.post('/auth/login', { email: 'olvidadizo@prestamos.test', password: 'mala' }),
        401,
      );
      // Past the 5th, each wrong password opens a wait (login-backoff.ts); the next one comes after it.
      if (i < 10) t.clock.advance(loginWaitMs(i) + 1000);
    }
    // The lock, apart from the 10th's wait (which alone would refuse every password for 32 minutes).
    await clearLoginBackoff(t.deps, 'staff', 'olvidadizo@prestamos.test');
    const locked = await new StaffBrowser(t).post('/auth/login', {
      email: 'olvidadizo@prestamos.test',
      password: STAFF_PASSWORD,
    });
    // Issue 32 point 3: the lock answers as a wrong password does.
    expectError(locked, 401, BAD_CREDENTIALS);
    t.clock.advance(15 * 60_000 + 1000);
    const after = await new StaffBrowser(t).post('/auth/login', {
      email: 'olvidadizo@prestamos.test',
      password: STAFF_PASSWORD,
    });
    expect(after.statusCode).toBe(200);
  });
});

describe('the staff session', () => {
  it('ends after 30 idle minutes, and activity keeps it open', async () => {
    const browser = await logInStaff(t, 'ana.analista@prestamos.test');
    t.clock.advance(29 * 60_000);
    expect((await browser.get('/auth/me')).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await browser.get('/auth/me')).statusCode).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    expectError(await browser.get('/auth/me'), 401, NOT_LOGGED_IN);
    const [row] = await t.deps.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.endReason, 'expired'))
      .limit(1);
    expect(row).toBeDefined();
  });

  it('refuses a state-changing request without the CSRF token, or with a wrong one', async () => {
    const browser = await logInStaff(t, 'ana.analista@prestamos.test');
    expectError(await browser.post('/auth/logout', undefined, { noCsrf: true }), 403, CSRF);
    expectError(
      await browser.post('/auth/logout', undefined, {
        noCsrf: true,
        headers: { 'x-csrf-token': 'x'.repeat(43) },
      }),
      403,
      CSRF,
    );
    expect((await browser.get('/auth/me')).statusCode).toBe(200);
    const out = await browser.post('/auth/logout');
    expect(out.statusCode).toBe(200);
    expectError(await browser.get('/auth/me'), 401, NOT_LOGGED_IN);
  });

  it('a CSRF token of another session does not work, and the token is not the cookie', async () => {
    const a = await logInStaff(t, 'ana.analista@prestamos.test');
    const b = await logInStaff(t, 'ana.analista@prestamos.test');
    expect(a.csrfToken).not.toBe(b.csrfToken);
    expect(a.csrfToken).not.toBe(a.cookies.get('bo_session'));
    expectError(
      await a.post('/auth/logout', undefined, { noCsrf: true, headers: { 'x-csrf-token': b.csrfToken! } }),
      403,
      CSRF,
    );
  });

  it("a borrower's sid, as a cookie or in the body, opens nothing", async () => {
    const { sid } = await sessionFor(t.deps);
    const browser = new StaffBrowser(t);
    browser.cookies.set('sid', sid);
    expectError(await browser.get('/auth/me'), 401, NOT_LOGGED_IN);
    expectError(await browser.get(`/staff?sid=${sid}`), 401, NOT_LOGGED_IN);
    expectError(await browser.post('/auth/logout', { sid }), 401, NOT_LOGGED_IN);
    browser.cookies.set('bo_session', sid);
    expectError(await browser.get('/auth/me'), 401, NOT_LOGGED_IN);
    expectError(await browser.post('/auth/code', { sid, code: '123456' }), 401, NOT_LOGGED_IN);
    browser.cookies.set('bo_pending', sid);
    expectError(await browser.post('/auth/code', { sid, code: '123456' }), 401, NOT_LOGGED_IN);
  });

  it('answers unknown staff routes with a JSON 404', async () => {
    const res = await new StaffBrowser(t).get('/no-existe');
    expectError(res, 404, 'No encontramos lo que buscas.');
  });
});
