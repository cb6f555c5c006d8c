import { notificationMessages } from '@prestamos-hn/contract';
import { notificationBadgeLabel } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowers, notifications, outbox } from '../src/db/schema/index.ts';
import { notifyBorrower } from '../src/services/notifications.ts';
import { sessionFor } from './support/borrowers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Item {
  NotCod: number;
  NotTit: string;
  NotDsc: string;
  NotFch: string;
  NotLei: 0 | 1;
}

async function notify(borrowerId: number, title: string, body = `Detalle de ${title}`) {
  t.clock.advance(60_000);
  return notifyBorrower(t.deps, t.deps.db, { borrowerId, title, body });
}

async function list(sid: string): Promise<Item[]> {
  const res = await t.call('getNotification.php', { sid });
  expect(res.json.status).toBe('OK');
  return res.json.payload as Item[];
}

async function markRead(sid: string, NotCod: number | string): Promise<number> {
  const res = await t.call('readNotifications.php', { sid, NotCod });
  expect(res.json.status).toBe('OK');
  return (res.json.payload as { NotNum: number }).NotNum;
}

async function countOf(sid: string): Promise<number> {
  const res = await t.call('getNotificationNum.php', { sid });
  expect(res.json.status).toBe('OK');
  return (res.json.payload as { NotNum: number }).NotNum;
}

describe('notifications', () => {
  it('each borrower sees only their own, newest first, with the legacy fields', async () => {
    const ana = await sessionFor(t.deps);
    const beto = await sessionFor(t.deps);
    await notify(ana.borrowerId, 'Tu perfil fue aprobado');
    await notify(beto.borrowerId, 'Perfil de Beto');
    await notify(ana.borrowerId, 'Tu préstamo fue enviado');

    const items = await list(ana.sid);
    expect(items.map((n) => n.NotTit)).toEqual(['Tu préstamo fue enviado', 'Tu perfil fue aprobado']);
    expect(items[0]).toEqual({
      NotCod: expect.any(Number),
      NotTit: 'Tu préstamo fue enviado',
      NotDsc: 'Detalle de Tu préstamo fue enviado',
      NotFch: t.clock.now().toISOString(),
      NotLei: 0,
    });
    expect((await list(beto.sid)).map((n) => n.NotTit)).toEqual(['Perfil de Beto']);
    expect(await countOf(ana.sid)).toBe(2);
    expect(await countOf(beto.sid)).toBe(1);
  });

  it('answers an empty list and a zero count to a borrower without notifications', async () => {
    const { sid } = await sessionFor(t.deps);
    expect(await list(sid)).toEqual([]);
    expect(await countOf(sid)).toBe(0);
  });

  it('deleting the latest shows the next one; the code may come as a numeric string', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    await notify(borrowerId, 'Primera');
    const latest = await notify(borrowerId, 'Segunda');

    const res = await t.call('delNotification.php', { sid, NotCod: String(latest) });
    expect(res.json).toEqual({ status: 'OK', payload: { message: expect.any(String) } });
    expect((await list(sid)).map((n) => n.NotTit)).toEqual(['Primera']);
    expect(await countOf(sid)).toBe(1);

    const [row] = await t.deps.db.select().from(notifications).where(eq(notifications.id, latest));
    expect(row!.deletedAt).toEqual(t.clock.now());
  });

  it("refuses to delete another borrower's, an unknown or an already deleted notification", async () => {
    const owner = await sessionFor(t.deps);
    const other = await sessionFor(t.deps);
    const id = await notify(owner.borrowerId, 'Solo para mí');

    for (const NotCod of [id, 987_654_321]) {
      const res = await t.call('delNotification.php', { sid: other.sid, NotCod });
      expect(res.json).toEqual({ status: 'ER', payload: { message: notificationMessages.notFound } });
    }
    expect((await list(owner.sid)).map((n) => n.NotCod)).toEqual([id]);
    const [row] = await t.deps.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row!.deletedAt).toBeNull();

    expect((await t.call('delNotification.php', { sid: owner.sid, NotCod: id })).json.status).toBe('OK');
    const again = await t.call('delNotification.php', { sid: owner.sid, NotCod: id });
    expect(again.json).toEqual({ status: 'ER', payload: { message: notificationMessages.notFound } });
  });

  it('refuses a missing or malformed code with a Spanish message', async () => {
    const { sid } = await sessionFor(t.deps);
    for (const body of [{ sid }, { sid, NotCod: 'abc' }, { sid, NotCod: -1 }, { sid, NotCod: 1.5 }]) {
      const res = await t.call('delNotification.php', body);
      expect(res.json).toEqual({
        status: 'ER',
        payload: { message: notificationMessages.invalidCode, field: 'NotCod' },
      });
    }
  });

  it('counts 120 notifications as 120 (the app shows 99+)', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    await t.deps.db.insert(notifications).values(
      Array.from({ length: 120 }, (_, i) => ({
        borrowerId,
        title: `Aviso ${i + 1}`,
        body: 'Texto',
        createdAt: new Date(t.clock.now().getTime() + i * 1000),
      })),
    );
    const NotNum = await countOf(sid);
    expect(NotNum).toBe(120);
    expect(notificationBadgeLabel(NotNum)).toBe('99+');
    // The app lists every one (issue 35), not only the newest 50.
    expect((await list(sid)).map((n) => n.NotTit)).toEqual(
      Array.from({ length: 120 }, (_, i) => `Aviso ${120 - i}`),
    );
  });

  it('counts with one query on the partial index of unread ones', async () => {
    const { borrowerId } = await sessionFor(t.deps);
    await notify(borrowerId, 'Uno');
    // Forced off the sequential scan a table this small would get, the planner must find the index.
    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute('set local enable_seqscan = off');
      return tx.execute(
        `explain select count(*) from notifications where borrower_id = ${borrowerId} and deleted_at is null and read_at is null`,
      );
    });
    expect(JSON.stringify(plan)).toContain('notifications_borrower_unread_idx');
  });
});

describe('opening the list (readNotifications.php, issue 35)', () => {
  it('marks read up to the newest shown: the badge counts a newer one only, the list flags them', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const first = await notify(borrowerId, 'Primera');
    const shown = await notify(borrowerId, 'Segunda');
    expect(await countOf(sid)).toBe(2);
    expect((await list(sid)).map((n) => n.NotLei)).toEqual([0, 0]);

    // One created after the list was read, before the app marked it: not shown, so not read.
    const newer = await notify(borrowerId, 'Tercera');
    expect(await markRead(sid, String(shown))).toBe(1);
    expect(await countOf(sid)).toBe(1);
    expect((await list(sid)).map((n) => [n.NotTit, n.NotLei])).toEqual([
      ['Tercera', 0],
      ['Segunda', 1],
      ['Primera', 1],
    ]);
    const rows = await t.deps.db
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.borrowerId, borrowerId));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.readAt]))).toEqual({
      [first]: t.clock.now(),
      [shown]: t.clock.now(),
      [newer]: null,
    });

    // Marking again keeps the first stamp; deleting an unread one takes it off the badge too.
    t.clock.advance(60_000);
    expect(await markRead(sid, shown)).toBe(1);
    const [again] = await t.deps.db.select().from(notifications).where(eq(notifications.id, first));
    expect(again!.readAt).toEqual(new Date(t.clock.now().getTime() - 60_000));
    expect((await t.call('delNotification.php', { sid, NotCod: newer })).json.status).toBe('OK');
    expect(await countOf(sid)).toBe(0);
  });

  it("leaves another borrower's notifications unread, whatever code is sent", async () => {
    const owner = await sessionFor(t.deps);
    const other = await sessionFor(t.deps);
    const theirs = await notify(owner.borrowerId, 'Del dueño');
    const mine = await notify(other.borrowerId, 'Mía');

    expect(await markRead(other.sid, Number.MAX_SAFE_INTEGER)).toBe(0);
    expect(await countOf(owner.sid)).toBe(1);
    const rows = await t.deps.db
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, theirs));
    expect(rows[0]!.readAt).toBeNull();
    expect((await list(other.sid)).map((n) => [n.NotCod, n.NotLei])).toEqual([[mine, 1]]);
  });

  it('refuses a call without a session (the usual ERS) and a malformed code', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    await notify(borrowerId, 'Sin leer');
    for (const body of [{ NotCod: 1 }, { sid: 'x'.repeat(43), NotCod: 1 }]) {
      expect((await t.call('readNotifications.php', body)).json.status).toBe('ERS');
    }
    for (const body of [{ sid }, { sid, NotCod: 'abc' }, { sid, NotCod: 0 }]) {
      const res = await t.call('readNotifications.php', body);
      expect(res.json).toEqual({
        status: 'ER',
        payload: { message: notificationMessages.invalidCode, field: 'NotCod' },
      });
    }
    expect(await countOf(sid)).toBe(1);
  });
});

describe('notifyBorrower', () => {
  const outboxFor = (to: string) => t.deps.db.select().from(outbox).where(eq(outbox.recipient, to));

  it('queues one SMS with the brand in the same transaction', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const [b] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
    await t.deps.db.transaction((tx) =>
      notifyBorrower(t.deps, tx, {
        borrowerId,
        title: '¡Tu perfil fue aprobado!',
        body: 'Ya puedes solicitar tu préstamo.',
        channel: 'sms',
      }),
    );
    expect((await list(sid)).map((n) => n.NotTit)).toEqual(['¡Tu perfil fue aprobado!']);
    const sms = await outboxFor(b!.mobPhone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      channel: 'sms',
      body: `${t.config.brandName}: ¡Tu perfil fue aprobado! Ya puedes solicitar tu préstamo.`,
    });
  });

  it('queues an e-mail to the borrower when asked', async () => {
    const { borrowerId } = await sessionFor(t.deps);
    const [b] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
    await notifyBorrower(t.deps, t.deps.db, {
      borrowerId,
      title: 'Tu perfil necesita cambios',
      body: 'Motivo: la foto de tu identidad no se lee bien.',
      channel: 'email',
    });
    const mail = await outboxFor(b!.email.toLowerCase());
    expect(mail).toHaveLength(1);
    expect(mail[0]!.channel).toBe('email');
    expect(mail[0]!.subject).toContain(t.config.brandName);
    expect(mail[0]!.body).toContain('Motivo: la foto de tu identidad no se lee bien.');
  });

  it('sends nothing with channel none, and a rolled-back transaction leaves neither', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const [b] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
    await notifyBorrower(t.deps, t.deps.db, { borrowerId, title: 'Solo en la app', body: 'Texto' });
    expect(await outboxFor(b!.mobPhone)).toHaveLength(0);

    await expect(
      t.deps.db.transaction(async (tx) => {
        await notifyBorrower(t.deps, tx, { borrowerId, title: 'Revertida', body: 'Texto', channel: 'sms' });
        throw new Error('the change that caused it failed');
      }),
    ).rejects.toThrow('the change that caused it failed');
    expect((await list(sid)).map((n) => n.NotTit)).toEqual(['Solo en la app']);
    expect(await outboxFor(b!.mobPhone)).toHaveLength(0);
  });
});
