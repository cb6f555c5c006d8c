import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staffSessions } from '../src/db/schema/index.ts';
import { expectError, logInStaff, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let admin: StaffBrowser;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ browser: admin, id: adminId } = await staffWithRole(t, 'admin'));
});
afterAll(() => t.close());

const auditOf = (staffId: number) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'staff'), eq(auditLog.entityId, String(staffId))));

describe('staff management (admins)', () => {
  it('creates a staff member who can then log in with that role; audited without the password', async () => {
    const res = await admin.post('/staff', {
      email: 'Carla.Caja@prestamos.test',
      name: 'Carla Cajera',
      role: 'cashier',
      password: 'Inicial#2026',
    });
    expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
    const staff = res.json.staff as { id: number };
    expect(res.json.staff).toEqual({
      id: expect.any(Number),
      email: 'carla.caja@prestamos.test',
      name: 'Carla Cajera',
      role: 'cashier',
      disabled: false,
      mustChangePassword: false,
      createdAt: expect.any(String),
    });
    const carla = await logInStaff(t, 'carla.caja@prestamos.test', 'Inicial#2026');
    expect((await carla.get('/auth/me')).json.staff).toMatchObject({ role: 'cashier' });

    const [row] = await auditOf(staff.id);
    expect(row).toMatchObject({ actorType: 'staff', actorId: String(adminId), action: 'staff.create' });
    expect(JSON.stringify(row)).not.toContain('Inicial#2026');
    expect(JSON.stringify(row)).not.toContain('argon2');

    const list = await admin.get('/staff');
    expect((list.json.items as { email: string }[]).map((s) => s.email)).toContain(
      'carla.caja@prestamos.test',
    );
  });

  it('refuses a duplicate e-mail (409) and bad input with the first field message (400)', async () => {
    const body = {
      email: 'carla.caja@prestamos.test',
      name: 'Otra',
      role: 'support',
      password: 'Inicial#2026',
    };
    expectError(await admin.post('/staff', body), 409, 'Ya existe un miembro del personal con ese correo.');
    expectError(await admin.post('/staff', { ...body, email: 'x' }), 400, 'Escribe un correo válido.');
    expectError(
      await admin.post('/staff', { ...body, email: 'nueva@prestamos.test', role: 'jefe' }),
      400,
      'Elige un rol: admin, analyst, cashier o support.',
    );
    expectError(
      await admin.post('/staff', { ...body, email: 'nueva@prestamos.test', password: 'corta' }),
      400,
      'La contraseña debe tener al menos 10 caracteres.',
    );
    expectError(
      await admin.patch('/staff/abc', { role: 'admin' }),
      400,
      'Identificador de personal inválido.',
    );
    expectError(
      await admin.patch('/staff/999999', { role: 'admin' }),
      404,
      'No encontramos a ese miembro del personal.',
    );
    expectError(await admin.patch(`/staff/${adminId}`, {}), 400, 'Indica qué cambiar: nombre, rol o estado.');
  });

  it("changes a role, which applies to that person's next request; audited with before and after", async () => {
    const { browser, id } = await staffWithRole(t, 'support');
    expectError(await browser.get('/reviews/queue'), 403, 'No tienes permiso para hacer esto.');
    const res = await admin.patch(`/staff/${id}`, { role: 'analyst' });
    expect(res.json.staff).toMatchObject({ id, role: 'analyst' });
    expect((await browser.get('/auth/me')).json.staff).toMatchObject({ role: 'analyst' });
    const rows = await auditOf(id);
    const change = rows.find((r) => r.action === 'staff.update')!;
    expect(change.before).toMatchObject({ role: 'support' });
    expect(change.after).toMatchObject({ role: 'analyst' });
  });

  it('disabling ends every session of that person at once and refuses new logins', async () => {
    const { browser, id, email } = await staffWithRole(t, 'analyst');
    expect((await browser.get('/auth/me')).statusCode).toBe(200);
    const res = await admin.patch(`/staff/${id}`, { disabled: true });
    expect(res.json.staff).toMatchObject({ disabled: true });
    const open = await t.deps.db
      .select()
      .from(staffSessions)
      .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.endedAt)));
    expect(open).toHaveLength(0);
    expectError(await browser.get('/auth/me'), 401);
    t.clock.advance(61_000);
    expectError(
      await browser.post('/auth/login', { email, password: 'Personal#2026' }),
      401,
      'Correo o contraseña incorrectos.',
    );
    const row = (await auditOf(id)).find((r) => r.action === 'staff.disable')!;
    expect(row.before).toMatchObject({ disabled: false });
    expect(row.after).toMatchObject({ disabled: true, endedSessions: 1 });

    expect((await admin.patch(`/staff/${id}`, { disabled: false })).json.staff).toMatchObject({
      disabled: false,
    });
    expect((await logInStaff(t, email)).csrfToken).toBeDefined();
  });

  it('never leaves the back-office without an active admin, nor lets an admin lock themself out', async () => {
    const message = 'No puedes deshabilitarte ni quitarte el rol de administrador a ti mismo.';
    expectError(await admin.patch(`/staff/${adminId}`, { disabled: true }), 409, message);
    expectError(await admin.patch(`/staff/${adminId}`, { role: 'analyst' }), 409, message);
    const other = await staffWithRole(t, 'admin');
    expect((await other.browser.patch(`/staff/${adminId}`, { role: 'analyst' })).statusCode).toBe(200);
    // Now `other` is the only active admin; the demoted one cannot touch staff any more.
    expectError(await admin.patch(`/staff/${other.id}`, { disabled: true }), 403);
    expect((await other.browser.patch(`/staff/${adminId}`, { role: 'admin' })).statusCode).toBe(200);
  });
});
