import { PROFILE_ERROR_TEXTS } from '@prestamos-hn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  borrowers,
  notifications,
  profileReviews,
  profiles,
  staffAccounts,
} from '../src/db/schema/index.ts';
import { karla, outboxFor, registerPerson } from './support/accounts.ts';
import { insertBorrower } from './support/borrowers.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { allDocuments, completeFields, expectOk, uploadFiles } from './support/profile.ts';
import { dependentsWho, stage2 } from './support/profile-values.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let analyst: StaffBrowser;
let analystId: number;
let secondAnalyst: StaffBrowser;
let admin: StaffBrowser;

beforeAll(async () => {
  // 10:00 in Tegucigalpa.
  t = await createTestApp({ now: '2026-11-22T16:00:00Z' });
  ({ browser: analyst, id: analystId } = await staffWithRole(t, 'analyst'));
  ({ browser: secondAnalyst } = await staffWithRole(t, 'analyst'));
  ({ browser: admin } = await staffWithRole(t, 'admin'));
});
afterAll(() => t.close());

/** A borrower whose profile waits for review since `sentAt`. */
async function sentForReview(sentAt: string): Promise<number> {
  const id = await insertBorrower(t.deps);
  await t.deps.db
    .insert(profiles)
    .values({ borrowerId: id, sentForReviewAt: new Date(sentAt), modified: sentAt.slice(0, 10) });
  return id;
}

const profileRow = async (id: number) =>
  (await t.deps.db.select().from(profiles).where(eq(profiles.borrowerId, id)))[0]!;
const auditRows = (id: number, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));
const phoneOf = async (id: number) =>
  (await t.deps.db.select().from(borrowers).where(eq(borrowers.id, id)))[0]!.mobPhone;

/** The profile's revision as the analyst's review screen shows it (the decision sends it back). */
const seenRevision = async (id: number) =>
  ((await analyst.get(`/borrowers/${id}`)).json as { profile: { revision: number } }).profile.revision;

const RETURN_BODY = {
  decision: 'return',
  errorCode: 2,
  failedItems: { documents: { utilityBill: true }, references: { labour: true } },
  note: 'El recibo está a nombre de otra persona.',
};

describe('a real borrower through review', () => {
  it('returned: reopened for editing, errores_perfil and modified set, told by notification and SMS; then approved', async () => {
    const sid = await registerPerson(t, karla);
    await expectOk(t.call('register2.php', { sid, ...stage2 }));
    await expectOk(
      t.call('putProfile.php', {
        sid,
        array: { ...(await completeFields(t, sid)), dependents_who: dependentsWho },
      }),
    );
    expect((await uploadFiles(t, sid, allDocuments())).json.status).toBe('OK');
    await expectOk(t.call('send_confirmdata.php', { sid }));
    const customerId = ((await expectOk(t.call('getProfile.php', { sid }))).data as { customer_id: number })
      .customer_id;

    t.clock.advance(25 * 60_000);
    const queue = await analyst.get('/reviews/queue');
    expect(queue.json.items).toEqual([
      expect.objectContaining({ borrowerId: customerId, waitingMinutes: 25, resubmitted: false }),
    ]);

    const returned = await analyst.post(`/reviews/${customerId}/decision`, {
      ...RETURN_BODY,
      version: await seenRevision(customerId),
    });
    expect(returned.statusCode, JSON.stringify(returned.json)).toBe(200);
    expect(returned.json).toMatchObject({
      decision: 'return',
      status: '0',
      errores_perfil: 2,
      modified: '2026-11-22',
    });

    const profile = await expectOk(t.call('getProfile.php', { sid }));
    expect(profile.data).toMatchObject({ status: '0', errores_perfil: 2, modified: '2026-11-22' });
    expect(profile.datasend).toBe('');
    // Editable again: the borrower corrects the bill.
    expect((await uploadFiles(t, sid, [allDocuments()[2]!])).json.status).toBe('OK');

    const notes = await expectOk(t.call('getNotification.php', { sid }));
    expect(JSON.stringify(notes)).toContain('Revisa tu perfil');
    const [sms] = await outboxFor(t, karla.UsrTel);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.body).toBe(`Préstamos HN: Revisa tu perfil. ${PROFILE_ERROR_TEXTS[2]}`);
    const [review] = await t.deps.db
      .select()
      .from(profileReviews)
      .where(eq(profileReviews.borrowerId, customerId));
    expect(review).toMatchObject({
      staffId: analystId,
      decision: 'return',
      errorCode: 2,
      note: 'El recibo está a nombre de otra persona.',
      failedItems: {
        documents: { frontId: false, backId: false, utilityBill: true, selfie: false },
        references: { personal: false, labour: true },
      },
    });
    const [audit] = await auditRows(customerId, 'profile.return');
    expect(audit).toMatchObject({
      actorType: 'staff',
      actorId: String(analystId),
      before: { status: '0', datasend: 'CMP', errores_perfil: null },
      after: { status: '0', datasend: '', errores_perfil: 2, modified: '2026-11-22' },
    });

    // The register shows it as returned; sent again it is back in the queue, marked resubmitted.
    expect((await analyst.get(`/borrowers/${customerId}`)).json.state).toBe('devuelto');
    await expectOk(t.call('send_confirmdata.php', { sid }));
    expect((await analyst.get('/reviews/queue')).json.items).toEqual([
      expect.objectContaining({ borrowerId: customerId, resubmitted: true }),
    ]);

    const approved = await analyst.post(`/reviews/${customerId}/decision`, {
      decision: 'approve',
      version: await seenRevision(customerId),
    });
    expect(approved.json).toMatchObject({ decision: 'approve', status: '1', errores_perfil: null });
    const after = await expectOk(t.call('getProfile.php', { sid }));
    expect(after.data).toMatchObject({ status: '1' });
    expect(after.csas).toBe('Aprobado');
    const [approvedSms] = await outboxFor(t, karla.UsrTel);
    expect(approvedSms!.body).toBe('Préstamos HN: ¡Tu perfil fue aprobado! Ya puedes solicitar tu préstamo.');
    expect(await auditRows(customerId, 'profile.approve')).toHaveLength(1);
    // Locked: nothing more to decide.
    expectError(
      await analyst.post(`/reviews/${customerId}/decision`, { decision: 'approve', version: 99 }),
      409,
      'Otro analista ya decidió sobre este perfil.',
    );
  });
});

describe('the review queue and decisions', () => {
  it('lists profiles oldest first with the time waiting, and validates decisions', async () => {
    const newer = await sentForReview('2026-11-22T12:00:00Z');
    const older = await sentForReview('2026-11-20T12:00:00Z');
    const items = (await analyst.get('/reviews/queue')).json.items as {
      borrowerId: number;
      waitingMinutes: number;
    }[];
    const now = t.clock.now().getTime();
    expect(items.map((i) => i.borrowerId)).toEqual([older, newer]);
    expect(items[0]!.waitingMinutes).toBe(Math.floor((now - Date.parse('2026-11-20T12:00:00Z')) / 60_000));

    expectError(
      await analyst.post(`/reviews/${older}/decision`, { decision: 'maybe', version: 1 }),
      400,
      'Elige una decisión: approve o return.',
    );
    expectError(
      await analyst.post(`/reviews/${older}/decision`, { decision: 'return', version: 1, errorCode: 9 }),
      400,
      'Elige el motivo de la devolución (0 a 5).',
    );
    expectError(
      await analyst.post(`/reviews/${older}/decision`, { decision: 'return', version: 1 }),
      400,
      'Elige el motivo de la devolución (0 a 5).',
    );
    expectError(
      await analyst.post(`/reviews/${older}/decision`, { decision: 'approve', version: 1 }, { noCsrf: true }),
      403,
      'Solicitud no válida. Recarga la página.',
    );
    const notSent = await insertBorrower(t.deps);
    await t.deps.db.insert(profiles).values({ borrowerId: notSent });
    expectError(
      await analyst.post(`/reviews/${notSent}/decision`, { decision: 'approve', version: 1 }),
      409,
      'Este perfil no está esperando revisión.',
    );
    expectError(await analyst.post('/reviews/999999/decision', { decision: 'approve', version: 1 }), 404);
    expect((await profileRow(older)).status).toBe('0');
  });

  it.each([
    ['approve', 'approve'],
    ['return', 'approve'],
    ['return', 'return'],
  ] as const)(
    'two analysts deciding at once (%s vs %s): exactly one decision and one audit row',
    async (a, b) => {
      const id = await sentForReview('2026-11-21T12:00:00Z');
      const body = (d: 'approve' | 'return') =>
        d === 'approve' ? { decision: 'approve', version: 1 } : { ...RETURN_BODY, version: 1 };
      const results = await Promise.all([
        analyst.post(`/reviews/${id}/decision`, body(a)),
        secondAnalyst.post(`/reviews/${id}/decision`, body(b)),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(loser.json).toEqual({
        error: { code: 'conflict', message: 'Otro analista ya decidió sobre este perfil.' },
      });
      expect(
        await t.deps.db.select().from(profileReviews).where(eq(profileReviews.borrowerId, id)),
      ).toHaveLength(1);
      const audits = await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(id)), eq(auditLog.entity, 'borrower')));
      expect(audits.filter((r) => r.action.startsWith('profile.'))).toHaveLength(1);
      expect(
        await t.deps.db.select().from(notifications).where(eq(notifications.borrowerId, id)),
      ).toHaveLength(1);
      expect(await outboxFor(t, await phoneOf(id))).toHaveLength(1);
    },
  );
});

describe('dashboard and audit', () => {
  it('counts profiles waiting, the oldest wait, approved and returned today', async () => {
    const res = await analyst.get('/dashboard');
    expect(res.statusCode).toBe(200);
    const queue = (await analyst.get('/reviews/queue')).json as {
      total: number;
      items: { sentForReviewAt: string; waitingMinutes: number }[];
    };
    const decided = await t.deps.db.select().from(profileReviews);
    const todayStart = Date.parse('2026-11-22T06:00:00Z');
    const today = decided.filter((r) => r.decidedAt.getTime() >= todayStart);
    expect(res.json).toEqual({
      waitingReview: queue.total,
      oldestWaitingSince: queue.items[0]!.sentForReviewAt,
      oldestWaitingMinutes: queue.items[0]!.waitingMinutes,
      approvedToday: today.filter((r) => r.decision === 'approve').length,
      returnedToday: today.filter((r) => r.decision === 'return').length,
      date: '2026-11-22',
    });
    expect(res.json.approvedToday).toBeGreaterThanOrEqual(2);
    expect(res.json.returnedToday).toBeGreaterThanOrEqual(2);
    t.clock.advance(24 * 3_600_000);
    // (A day later the idle session is over: log in again.)
    expectError(await analyst.get('/dashboard'), 401);
    ({ browser: analyst } = await staffWithRole(t, 'analyst'));
    expect((await analyst.get('/dashboard')).json).toMatchObject({
      approvedToday: 0,
      returnedToday: 0,
      date: '2026-11-23',
    });
    ({ browser: admin } = await staffWithRole(t, 'admin'));
  });

  it('lists the audit with filters: analysts the borrower rows, admins everything', async () => {
    const decisions = await analyst.get(`/audit?action=profile.return&actorId=${analystId}`);
    expect(decisions.statusCode).toBe(200);
    const items = decisions.json.items as { action: string; actorId: string; entity: string }[];
    expect(items.length).toBeGreaterThanOrEqual(1);
    expect(items.every((i) => i.action === 'profile.return' && i.actorId === String(analystId))).toBe(true);
    // Who, by name (issue 35 point 13): the staff member's, as the back-office shows it.
    const [who] = await t.deps.db
      .select({ name: staffAccounts.name })
      .from(staffAccounts)
      .where(eq(staffAccounts.id, analystId));
    expect(items.every((i) => (i as { actorName?: unknown }).actorName === who!.name)).toBe(true);
    expectError(await analyst.get('/audit?entity=staff'), 403, 'No tienes permiso para hacer esto.');
    const mine = (await analyst.get('/audit?pageSize=100')).json.items as { entity: string }[];
    expect(mine.every((i) => i.entity === 'borrower')).toBe(true);
    const logins = (await admin.get('/audit?entity=staff&action=staff.login')).json as {
      items: unknown[];
      total: number;
    };
    expect(logins.total).toBeGreaterThanOrEqual(3);
    const later = await admin.get('/audit?from=2030-01-01');
    expect(later.json).toMatchObject({ items: [], total: 0 });
    expectError(await admin.get('/audit?from=ayer'), 400, 'Fecha «desde» inválida.');
  });
});
