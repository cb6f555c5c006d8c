import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema/index.ts';
import { hashSessionToken, resolveSession } from '../src/services/sessions.ts';
import { sessionFor } from './support/borrowers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sessions', () => {
  it('stores only the hash of a 256-bit sid', async () => {
    const { sid, sessionId } = await sessionFor(t.deps);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.deps.db.select().from(sessions);
    const row = rows.find((r) => r.id === sessionId)!;
    expect(row.tokenHash).toBe(hashSessionToken(sid));
    expect(JSON.stringify(rows)).not.toContain(sid);
  });

  it('ends after the idle time, and an active call restarts the idle timer', async () => {
    const { sid } = await sessionFor(t.deps);
    const idle = t.config.session.idleMs;
    t.clock.advance(idle - 1000);
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('OK');
    t.clock.advance(idle - 1000);
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('OK');
    t.clock.advance(idle);
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
    // Once expired it stays ended, even if the clock went back.
    t.clock.advance(-idle);
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
  });

  it('records activity at most once a minute, so polling costs a read and not a write', async () => {
    const { sid, sessionId } = await sessionFor(t.deps);
    const lastSeen = async () =>
      (await t.deps.db.select().from(sessions)).find((r) => r.id === sessionId)!.lastSeenAt.getTime();
    const start = await lastSeen();
    t.clock.advance(30_000);
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('OK');
    expect(await lastSeen()).toBe(start);
    t.clock.advance(30_000);
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('OK');
    expect(await lastSeen()).toBe(start + 60_000);
  });

  it('ends at its absolute expiry however active it is', async () => {
    const { sid } = await sessionFor(t.deps);
    const step = t.config.session.idleMs / 2;
    let elapsed = 0;
    while (elapsed + step < t.config.session.absoluteMs) {
      t.clock.advance(step);
      elapsed += step;
      expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('OK');
    }
    t.clock.advance(step);
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
  });

  it('logout.php ends the session on the server', async () => {
    const { sid } = await sessionFor(t.deps);
    const out = await t.call('logout.php', { sid });
    expect(out.json).toEqual({ status: 'OK', payload: { message: 'Sesión cerrada.' } });
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
    expect((await t.call('logout.php', { sid })).json.status).toBe('ERS');
  });

  it('a session waiting for its code may log out but nothing else', async () => {
    const { sid } = await sessionFor(t.deps, 'pending_code');
    await expect(resolveSession(t.deps, sid, { allowPending: false })).rejects.toThrow();
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
    expect((await t.call('logout.php', { sid })).json.status).toBe('OK');
  });
});
