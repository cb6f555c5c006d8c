import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseServer } from '../src/db/client.ts';
import { sessions } from '../src/db/schema/index.ts';
import { SessionError } from '../src/errors.ts';
import { notifyBorrower, openNotificationCount } from '../src/services/notifications.ts';
import {
  endSession,
  hashSessionToken,
  resolveSession,
  resolveSessionWith,
  type SessionRead,
} from '../src/services/sessions.ts';
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

  it('reads of sessions that arrive together share one statement on a server, each with its own row', async () => {
    const borrowers: { sid: string; borrowerId: number; sessionId: number; count: number }[] = [];
    for (let n = 0; n < 4; n++) {
      const borrower = await sessionFor(t.deps);
      for (let i = 0; i < n; i++) {
        await notifyBorrower(t.deps, t.deps.db, {
          borrowerId: borrower.borrowerId,
          title: 'Aviso',
          body: 'x',
        });
      }
      borrowers.push({ ...borrower, count: n });
    }
    const ended = await sessionFor(t.deps);
    await endSession(t.deps, ended.sessionId, 'logout');
    const pending = await sessionFor(t.deps, 'pending_code');
    // Refused mixed among the valid ones: an ended session, one waiting for its code, an unknown sid.
    const calls = Array.from({ length: 24 }, (_, i) => {
      const borrower = borrowers[i % borrowers.length]!;
      const refused = [ended.sid, pending.sid, 'A'.repeat(43)][i % 3]!;
      return i % 5 === 2 ? { sid: refused, borrower: undefined } : { sid: borrower.sid, borrower };
    });
    // The statement's own start, the same for every row of one statement.
    const statementStart: SessionRead<string> = {
      name: 'test_statement_start',
      value: sql<string>`to_char(statement_timestamp(), 'HH24:MI:SS.US')`,
      statementsInFlight: 1,
    };
    const [counts, starts] = await Promise.all([
      Promise.allSettled(calls.map(({ sid }) => resolveSessionWith(t.deps, sid, openNotificationCount))),
      Promise.allSettled(calls.map(({ sid }) => resolveSessionWith(t.deps, sid, statementStart))),
    ]);
    for (const [i, { borrower }] of calls.entries()) {
      const answer = counts[i]!;
      if (!borrower) {
        expect(answer.status, `call ${i}`).toBe('rejected');
        expect((answer as PromiseRejectedResult).reason).toBeInstanceOf(SessionError);
      } else {
        expect(answer, `call ${i}`).toEqual({
          status: 'fulfilled',
          value: {
            session: { id: borrower.sessionId, borrowerId: borrower.borrowerId, state: 'active' },
            value: borrower.count,
          },
        });
      }
    }
    const read = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value.value] : []));
    expect(read).toHaveLength(calls.filter((c) => c.borrower).length);
    // On a PostgreSQL server they were one statement; PGlite, in this process, reads them one by one.
    if (isDatabaseServer(t.deps.db)) expect(new Set(read).size).toBe(1);
    else expect(new Set(read).size).toBeGreaterThan(1);
  });
});
