import { chatMessages as texts } from '@prestamos-hn/contract';
import { CHAT_SMS_NUDGE_AFTER_MINUTES } from '@prestamos-hn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowers, chatConversations, chatMessages, outbox } from '../src/db/schema/index.ts';
import { UserError } from '../src/errors.ts';
import { sendChatAnswerNudges } from '../src/services/chat/sms-nudge.ts';
import {
  assignConversation,
  closeConversation,
  getConversation,
  listConversations,
  postStaffMessage,
  readChatImageForStaff,
} from '../src/services/chat/staff-chat.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';
import { expectStaffError } from './support/backoffice.ts';
import { sessionFor } from './support/borrowers.ts';
import { insertStaff, postChat } from './support/chat.ts';
import { images } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The staff's side of the help chat, as services (their HTTP rows: chat-inbox.test.ts), and the SMS
// rule for answers left unseen.

let t: TestApp;
let admin: StaffMember;
let support: StaffMember;
let otherSupport: StaffMember;
let analyst: StaffMember;
let cashier: StaffMember;

beforeAll(async () => {
  t = await createTestApp({
    now: '2026-11-23T16:00:00Z',
    env: { PUBLIC_URL: 'https://app.prestamos.example' },
  });
  admin = await insertStaff(t, 'admin', 'Ana Admin');
  support = await insertStaff(t, 'support', 'Sonia Soporte');
  otherSupport = await insertStaff(t, 'support', 'Óscar Soporte');
  analyst = await insertStaff(t, 'analyst', 'Luis Analista');
  cashier = await insertStaff(t, 'cashier', 'Carmen Caja');
});
afterAll(() => t.close());

/** A borrower who wrote `text`: their session and conversation id. */
async function borrowerWhoWrote(text = 'Hola, tengo una pregunta') {
  const session = await sessionFor(t.deps);
  const res = await postChat(t, session.sid, { text });
  expect(res.json.status).toBe('OK');
  const [conversation] = await t.deps.db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.borrowerId, session.borrowerId));
  return { ...session, conversationId: conversation!.id };
}

const auditRows = (borrowerId: number, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(borrowerId)), eq(auditLog.action, action)));

describe('listConversations', () => {
  it('lists every conversation for support and admins, with unread counts per staff member', async () => {
    const b = await borrowerWhoWrote('Primera pregunta');
    await postChat(t, b.sid, { text: 'Segunda pregunta' });
    const find = async (staff: StaffMember) =>
      (await listConversations(t.deps, staff, { pageSize: 100 })).items.find(
        (c) => c.id === b.conversationId,
      );

    expect(await find(support)).toMatchObject({
      state: 'open',
      borrower: { id: b.borrowerId, name: 'PRUEBA PERSONA' },
      assignee: null,
      lastMessage: { author: 'borrower', text: 'Segunda pregunta', hasImage: false },
      unread: 2,
    });
    // Support reads it; only support's count goes to 0.
    await getConversation(t.deps, support, b.conversationId);
    expect((await find(support))?.unread).toBe(0);
    expect((await find(otherSupport))?.unread).toBe(2);
    expect((await find(admin))?.unread).toBe(2);
    await postChat(t, b.sid, { text: 'Tercera' });
    expect((await find(support))?.unread).toBe(1);
  });

  it('filters by state and assignee, the most recent first', async () => {
    const older = await borrowerWhoWrote('Antigua');
    t.clock.advance(60_000);
    const newer = await borrowerWhoWrote('Reciente');
    await assignConversation(t.deps, admin, newer.conversationId, otherSupport.id);
    await closeConversation(t.deps, support, older.conversationId);

    const ids = async (filter: Parameters<typeof listConversations>[2]) =>
      (await listConversations(t.deps, otherSupport, { ...filter, pageSize: 100 })).items.map((c) => c.id);
    expect(await ids({ assignee: 'me' })).toEqual([newer.conversationId]);
    expect(await ids({ assignee: otherSupport.id })).toEqual([newer.conversationId]);
    expect(await ids({ state: 'closed' })).toContain(older.conversationId);
    expect(await ids({ state: 'open' })).not.toContain(older.conversationId);
    expect(await ids({ assignee: 'none' })).not.toContain(newer.conversationId);
    const all = await ids({});
    expect(all.indexOf(newer.conversationId)).toBeLessThan(all.indexOf(older.conversationId));
  });

  it('shows analysts and cashiers no conversation that is not about their own work', async () => {
    const b = await borrowerWhoWrote('Sobre mi préstamo');
    await postChat(t, b.sid, { text: 'Es sobre mi préstamo' });
    for (const staff of [analyst, cashier]) {
      const list = await listConversations(t.deps, staff, { pageSize: 100 });
      expect(list.items.map((c) => c.id)).not.toContain(b.conversationId);
      await expectStaffError(getConversation(t.deps, staff, b.conversationId), 404);
      await expectStaffError(postStaffMessage(t.deps, staff, b.conversationId, { text: 'Hola' }), 404);
      await expectStaffError(closeConversation(t.deps, staff, b.conversationId), 404);
    }
  });
});

describe('getConversation', () => {
  it('answers the messages with the borrower, and is an audited read', async () => {
    const b = await borrowerWhoWrote('¿Cuándo vence mi cuota?');
    const conversation = await getConversation(t.deps, support, b.conversationId);
    expect(conversation).toMatchObject({
      id: b.conversationId,
      state: 'open',
      borrower: { id: b.borrowerId, name: 'PRUEBA PERSONA' },
      assignee: null,
      hasOlder: false,
      messages: [{ author: 'borrower', staffId: null, text: '¿Cuándo vence mi cuota?', image: null }],
    });
    const audit = await auditRows(b.borrowerId, 'chat.view');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorType: 'staff',
      actorId: String(support.id),
      entity: 'borrower',
      after: { conversationId: b.conversationId },
    });
  });

  it('answers 404 for a conversation that does not exist', async () => {
    await expectStaffError(getConversation(t.deps, admin, 999_999), 404);
  });
});

describe('postStaffMessage', () => {
  it('answers, takes an unassigned conversation, is audited, and the borrower reads it', async () => {
    const b = await borrowerWhoWrote();
    const answer = await postStaffMessage(t.deps, support, b.conversationId, {
      text: '  Con gusto te ayudo.  ',
    });
    expect(answer).toMatchObject({
      author: 'staff',
      staffId: support.id,
      authorName: 'Sonia Soporte',
      text: 'Con gusto te ayudo.',
      loanId: null,
      image: null,
    });
    const [conversation] = await t.deps.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, b.conversationId));
    expect(conversation).toMatchObject({ assigneeStaffId: support.id, lastStaffMessageId: answer.id });
    expect(await auditRows(b.borrowerId, 'chat.answer')).toMatchObject([
      {
        actorId: String(support.id),
        after: { conversationId: b.conversationId, messageId: answer.id },
      },
    ]);
    const page = await t.call('getChatMessages.php', { sid: b.sid });
    expect((page.json.payload as { unread: number }).unread).toBe(1);
    // Another staff member answering does not take it from the assignee.
    await postStaffMessage(t.deps, otherSupport, b.conversationId, { text: 'Yo también estoy aquí.' });
    const [after] = await t.deps.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, b.conversationId));
    expect(after?.assigneeStaffId).toBe(support.id);
  });

  it('stores a photo, which staff read through their own function (audited)', async () => {
    const b = await borrowerWhoWrote();
    const answer = await postStaffMessage(t.deps, support, b.conversationId, {
      files: [{ field: 'image', data: images.png }],
    });
    expect(answer.image).toEqual({
      contentType: 'image/png',
      size: images.png.length,
      url: `/api/backoffice/chats/${b.conversationId}/messages/${answer.id}/image`,
    });
    const file = await readChatImageForStaff(t.deps, admin, b.conversationId, answer.id);
    expect(file.contentType).toBe('image/png');
    expect(file.data.equals(images.png)).toBe(true);
    expect(await auditRows(b.borrowerId, 'chat.view')).toMatchObject([
      { actorId: String(admin.id), after: { conversationId: b.conversationId, messageId: answer.id } },
    ]);
    await expectStaffError(readChatImageForStaff(t.deps, analyst, b.conversationId, answer.id), 404);
    // Not through another conversation's path.
    await expectStaffError(readChatImageForStaff(t.deps, admin, b.conversationId + 1, answer.id), 404);
  });

  it('stores a retry with the same clientId once', async () => {
    const b = await borrowerWhoWrote();
    const input = { text: 'Una sola vez', clientId: 'respuesta-0001' };
    const first = await postStaffMessage(t.deps, support, b.conversationId, input);
    const second = await postStaffMessage(t.deps, support, b.conversationId, input);
    expect(second).toEqual(first);
    const rows = await t.deps.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, b.conversationId));
    expect(rows.filter((r) => r.authorType === 'staff')).toHaveLength(1);
  });

  it.each([
    ['no text and no photo', { text: '  ' }, texts.textRequired],
    ['a text too long', { text: 'x'.repeat(1001) }, texts.textTooLong],
    ['a photo that is not one', { files: [{ field: 'image', data: images.pdf }] }, texts.notAnImage],
    ['a bad clientId', { text: 'Hola', clientId: 'mal id' }, texts.invalidClientId],
    ['a bad loan id', { text: 'Hola', loanId: -1 }, texts.invalidLoan],
  ])('refuses %s and stores nothing', async (_name, input, message) => {
    const b = await borrowerWhoWrote();
    const error = await postStaffMessage(t.deps, support, b.conversationId, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toBe(message);
    const rows = await t.deps.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, b.conversationId));
    expect(rows).toHaveLength(1);
    expect(await auditRows(b.borrowerId, 'chat.answer')).toEqual([]);
  });
});

describe('assignConversation and closeConversation', () => {
  it('assigns (support and admins only, to an active account), audited with before and after', async () => {
    const b = await borrowerWhoWrote();
    expect(await assignConversation(t.deps, support, b.conversationId, otherSupport.id)).toEqual({
      id: b.conversationId,
      assignee: { id: otherSupport.id, name: 'Óscar Soporte' },
    });
    expect(await auditRows(b.borrowerId, 'chat.assign')).toMatchObject([
      {
        actorId: String(support.id),
        before: { conversationId: b.conversationId, assigneeStaffId: null },
        after: { conversationId: b.conversationId, assigneeStaffId: otherSupport.id },
      },
    ]);
    await assignConversation(t.deps, admin, b.conversationId, null);
    await expectStaffError(assignConversation(t.deps, analyst, b.conversationId, analyst.id), 403);
    await expectStaffError(assignConversation(t.deps, cashier, b.conversationId, null), 403);
    const unknown = await assignConversation(t.deps, admin, b.conversationId, 999_999).catch(
      (e: unknown) => e,
    );
    expect(unknown).toBeInstanceOf(UserError);
    expect(await auditRows(b.borrowerId, 'chat.assign')).toHaveLength(2);
  });

  it('closes (audited once); the borrower’s next message opens it again', async () => {
    const b = await borrowerWhoWrote();
    const closed = await closeConversation(t.deps, support, b.conversationId);
    expect(closed).toMatchObject({ id: b.conversationId, state: 'closed' });
    await closeConversation(t.deps, support, b.conversationId);
    expect(await auditRows(b.borrowerId, 'chat.close')).toHaveLength(1);
    await postChat(t, b.sid, { text: 'Una cosa más' });
    const [row] = await t.deps.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, b.conversationId));
    expect(row).toMatchObject({ state: 'open', closedAt: null });
  });
});

describe('the SMS for an unseen answer', () => {
  const smsTo = async (borrowerId: number) => {
    const [b] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
    return t.deps.db.select().from(outbox).where(eq(outbox.recipient, b!.mobPhone));
  };
  const minutes = (n: number) => n * 60_000;

  it('is sent once after 10 minutes unseen, at most once an hour, never twice for the same answer', async () => {
    const b = await borrowerWhoWrote();
    // Other tests' conversations may be due too: count this borrower's SMS.
    const nudgeAndCount = async () => {
      await sendChatAnswerNudges(t.deps);
      return (await smsTo(b.borrowerId)).length;
    };
    await postStaffMessage(t.deps, support, b.conversationId, { text: 'Ya revisamos tu caso.' });

    t.clock.advance(minutes(CHAT_SMS_NUDGE_AFTER_MINUTES) - 1000);
    expect(await nudgeAndCount()).toBe(0);
    t.clock.advance(1000);
    expect(await nudgeAndCount()).toBe(1);
    expect(await smsTo(b.borrowerId)).toMatchObject([
      {
        channel: 'sms',
        body: 'Préstamos HN: tienes una respuesta nueva en el chat de ayuda. Léela en la app: https://app.prestamos.example/#/chat',
        status: 'pending',
      },
    ]);
    // Never twice for the same answer, however long it stays unseen.
    t.clock.advance(minutes(120));
    expect(await nudgeAndCount()).toBe(1);

    // A new answer after the last SMS: one more, but only an hour after the previous SMS.
    await postStaffMessage(t.deps, support, b.conversationId, { text: '¿Pudiste ver mi mensaje?' });
    t.clock.advance(minutes(10));
    expect(await nudgeAndCount()).toBe(2);
    await postStaffMessage(t.deps, support, b.conversationId, { text: 'Te esperamos.' });
    t.clock.advance(minutes(15));
    expect(await nudgeAndCount()).toBe(2); // 15 minutes after the last SMS
    t.clock.advance(minutes(45));
    expect(await nudgeAndCount()).toBe(3); // an hour after it
  });

  it('is not sent when the borrower read the answer in time', async () => {
    const b = await borrowerWhoWrote();
    const answer = await postStaffMessage(t.deps, support, b.conversationId, { text: 'Listo.' });
    t.clock.advance(minutes(3));
    expect((await t.call('markChatRead.php', { sid: b.sid, upTo: answer.id })).json.status).toBe('OK');
    t.clock.advance(minutes(30));
    await sendChatAnswerNudges(t.deps);
    expect(await smsTo(b.borrowerId)).toEqual([]);
  });

  it('two runs at once (two API instances) queue one SMS', async () => {
    const b = await borrowerWhoWrote();
    await postStaffMessage(t.deps, support, b.conversationId, { text: 'Hola de nuevo.' });
    t.clock.advance(minutes(11));
    await Promise.all([sendChatAnswerNudges(t.deps), sendChatAnswerNudges(t.deps)]);
    expect(await smsTo(b.borrowerId)).toHaveLength(1);
  });
});
