import { randomUUID } from 'node:crypto';
import { chatMessages as texts } from '@prestamos-hn/contract';
import { todayInTegucigalpa, type StaffRole } from '@prestamos-hn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chatConversations, chatMessages } from '../src/db/schema/index.ts';
import { decideReceipt } from '../src/services/payments/cashier-desk.ts';
import { staffChatTooManyStreams } from '../src/backoffice/chat-events.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import { sessionFor } from './support/borrowers.ts';
import { openEventStream, postChat, postChatMultipart, type SseClient } from './support/chat.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { photoOf, postReceipt, receiptsOf, scheduleOf } from './support/payments.ts';
import { images } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The chat inbox through the staff API's HTTP rows and the inbox's live channel: who sees which
// conversation (chat.any, or the borrowers one worked on), the audited reads, answers, assignment,
// closing, photos and unread counts.

let t: TestApp;
let baseUrl: string;
type Member = { browser: StaffBrowser; id: number; email: string };
const staff = {} as Record<
  'admin' | 'support' | 'support2' | 'analyst' | 'otherAnalyst' | 'cashier' | 'otherCashier',
  Member
>;
const streams: SseClient[] = [];

/** A borrower whose loan `staff.analyst` approved and `staff.cashier` disbursed, through the staff rows. */
let worked: { sid: string; borrowerId: number; loanId: number; conversationId: number };

beforeAll(async () => {
  // Monday 10:00 in Tegucigalpa.
  t = await createTestApp({ now: '2026-11-23T16:00:00Z', chatHeartbeatMs: 200 });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const roles: Record<keyof typeof staff, StaffRole> = {
    admin: 'admin',
    support: 'support',
    support2: 'support',
    analyst: 'analyst',
    otherAnalyst: 'analyst',
    cashier: 'cashier',
    otherCashier: 'cashier',
  };
  for (const [key, role] of Object.entries(roles)) {
    staff[key as keyof typeof staff] = await staffWithRole(t, role);
  }
  const borrower = await borrowerReadyToApply(t);
  const offer = await postOffer(t, { sid: borrower.sid, ...REQUEST });
  const loanId = (offer.json.payload as { container_id: number }).container_id;
  expect(
    (await staff.analyst.browser.post(`/loans/${loanId}/decision`, { decision: 'approve' })).statusCode,
  ).toBe(200);
  const disbursed = await staff.cashier.browser.post(`/loans/${loanId}/disbursement`, {
    disbursedOn: todayInTegucigalpa(t.clock.now()),
    reference: `TRF-${loanId}`,
  });
  expect(disbursed.statusCode, JSON.stringify(disbursed.json)).toBe(200);
  expect(
    (await postChat(t, borrower.sid, { text: '¿Cuándo vence mi primera cuota?', loanId })).json.status,
  ).toBe('OK');
  worked = { ...borrower, loanId, conversationId: await conversationOf(borrower.borrowerId) };
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function conversationOf(borrowerId: number): Promise<number> {
  const [row] = await t.deps.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.borrowerId, borrowerId));
  return row!.id;
}

/** A new borrower who wrote `text`: their session and conversation id. */
async function borrowerWhoWrote(text: string) {
  const session = await sessionFor(t.deps);
  expect((await postChat(t, session.sid, { text })).json.status).toBe('OK');
  return { ...session, conversationId: await conversationOf(session.borrowerId) };
}

const listIds = async (member: Member, query = '') => {
  const res = await member.browser.get(`/chats?pageSize=100${query}`);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  return (res.json.items as { id: number }[]).map((c) => c.id);
};

const auditRows = (borrowerId: number, action: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(borrowerId)), eq(auditLog.action, action)));

describe('who sees a conversation', () => {
  it('support and admins see every one; analysts and cashiers those of the borrowers they worked on', async () => {
    const stranger = await borrowerWhoWrote('Hola, nadie me ha atendido');
    for (const member of [staff.admin, staff.support]) {
      expect(await listIds(member)).toEqual(
        expect.arrayContaining([worked.conversationId, stranger.conversationId]),
      );
    }
    // The analyst approved the loan and the cashier disbursed it: theirs; the stranger's is not.
    for (const member of [staff.analyst, staff.cashier]) {
      const ids = await listIds(member);
      expect(ids).toContain(worked.conversationId);
      expect(ids).not.toContain(stranger.conversationId);
      expect((await member.browser.get(`/chats/${worked.conversationId}`)).statusCode).toBe(200);
      expectError(
        await member.browser.get(`/chats/${stranger.conversationId}`),
        404,
        'No encontramos esa conversación.',
      );
    }
    // Colleagues who did not work on it see nothing of it, and cannot answer or close it.
    for (const member of [staff.otherAnalyst, staff.otherCashier]) {
      expect(await listIds(member)).not.toContain(worked.conversationId);
      expectError(await member.browser.get(`/chats/${worked.conversationId}`), 404);
      expectError(
        await member.browser.post(`/chats/${worked.conversationId}/messages`, { text: 'Hola' }),
        404,
      );
      expectError(await member.browser.post(`/chats/${worked.conversationId}/close`, {}), 404);
    }
    // Assigning is for chat.any only.
    expectError(
      await staff.analyst.browser.post(`/chats/${worked.conversationId}/assignee`, { assignee: 'me' }),
      403,
    );
  });

  it('a cashier who decided one of the borrower’s receipts sees the conversation', async () => {
    const [first] = await scheduleOf(t, worked.loanId);
    const sent = await postReceipt(t, worked.sid, {
      containerId: worked.loanId,
      idpago: first!.id,
      amount: '417.21',
      reference: `REF${Date.now()}`,
    });
    expect(sent.json.status, JSON.stringify(sent.json)).toBe('OK');
    const [receipt] = await receiptsOf(t, worked.loanId);
    const receiptId = receipt!.id;
    expect(await listIds(staff.otherCashier)).not.toContain(worked.conversationId);
    // Pending, nothing is credited yet.
    const before = await staff.support.browser.get(`/chats/${worked.conversationId}`);
    expect(before.json.receipts).toMatchObject([
      { id: receiptId, declaredAmountCents: 41721, creditedAmountCents: null, state: 'pending' },
    ]);
    const otherCashier = {
      id: staff.otherCashier.id,
      email: staff.otherCashier.email,
      name: 'Caja',
      role: 'cashier' as const,
      mustChangePassword: false,
    };
    await decideReceipt(t.deps, otherCashier, receiptId, {
      decision: 'validate',
      amount: '417.21',
      photoSha256: await photoOf(t, receiptId),
    });
    expect(await listIds(staff.otherCashier)).toContain(worked.conversationId);
    // The conversation shows the receipt beside the messages; a message may point at it.
    const conversation = await staff.otherCashier.browser.get(`/chats/${worked.conversationId}`);
    expect(conversation.json.receipts).toMatchObject([
      {
        id: receiptId,
        state: 'validated',
        stateLabel: 'Validado',
        declaredAmountCents: 41721,
        creditedAmountCents: 41721,
      },
    ]);
    expect((await postChat(t, worked.sid, { text: 'Ya pagué', receiptId })).json.status).toBe('OK');
    const other = await sessionFor(t.deps);
    const refused = await postChat(t, other.sid, { text: 'Mi pago', receiptId });
    expect(refused.json).toEqual({
      status: 'ER',
      payload: { message: texts.receiptNotYours, field: 'receiptId' },
    });
  });
});

describe('GET /chats/:id', () => {
  it('answers the messages with the borrower’s profile state and loans, and every read is audited', async () => {
    const before = (await auditRows(worked.borrowerId, 'chat.view')).length;
    const res = await staff.support.browser.get(`/chats/${worked.conversationId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({
      id: worked.conversationId,
      state: 'open',
      borrower: { id: worked.borrowerId, profileState: 'aprobado', profileStateLabel: 'Aprobado' },
      loans: [{ id: worked.loanId, status: 3, statusLabel: 'Pagando' }],
      messages: expect.arrayContaining([
        expect.objectContaining({
          author: 'borrower',
          text: '¿Cuándo vence mi primera cuota?',
          loanId: worked.loanId,
        }),
      ]),
    });
    await staff.support.browser.get(`/chats/${worked.conversationId}`);
    const after = await auditRows(worked.borrowerId, 'chat.view');
    expect(after).toHaveLength(before + 2);
    expect(after.at(-1)).toMatchObject({
      actorType: 'staff',
      actorId: String(staff.support.id),
      after: { conversationId: worked.conversationId },
    });
  });

  it('answers a Spanish 404 for an unknown conversation and a 400 for a bad id', async () => {
    expectError(await staff.support.browser.get('/chats/999999'), 404, 'No encontramos esa conversación.');
    expectError(
      await staff.support.browser.get('/chats/abc'),
      400,
      'Identificador de conversación inválido.',
    );
  });
});

describe('POST /chats/:id/messages', () => {
  it('answers, about the borrower’s loan; the borrower reads it; a retry with the same clientId stores one', async () => {
    const body = { text: 'Tu primera cuota vence en un mes.', loanId: worked.loanId, clientId: randomUUID() };
    const first = await staff.analyst.browser.post(`/chats/${worked.conversationId}/messages`, body);
    expect(first.statusCode, JSON.stringify(first.json)).toBe(200);
    expect(first.json.message).toMatchObject({
      author: 'staff',
      staffId: staff.analyst.id,
      loanId: worked.loanId,
    });
    const again = await staff.analyst.browser.post(`/chats/${worked.conversationId}/messages`, body);
    expect(again.json).toEqual(first.json);
    const page = await t.call('getChatMessages.php', { sid: worked.sid });
    const texts = (page.json.payload as { messages: { text: string }[] }).messages.map((m) => m.text);
    expect(texts.filter((x) => x === body.text)).toHaveLength(1);
    expect(await auditRows(worked.borrowerId, 'chat.answer')).toMatchObject([
      { actorId: String(staff.analyst.id), after: { loanId: worked.loanId } },
    ]);
  });

  it('refuses another borrower’s loan, an empty text and a too long one in Spanish, storing nothing', async () => {
    const other = await borrowerReadyToApply(t);
    const offer = await postOffer(t, { sid: other.sid, ...REQUEST });
    const otherLoan = (offer.json.payload as { container_id: number }).container_id;
    const count = async () =>
      (
        await t.deps.db
          .select()
          .from(chatMessages)
          .where(eq(chatMessages.conversationId, worked.conversationId))
      ).length;
    const before = await count();
    const path = `/chats/${worked.conversationId}/messages`;
    const refused = await staff.support.browser.post(path, { text: 'Mira este', loanId: otherLoan });
    expectError(refused, 400, texts.loanNotTheirs);
    expect((refused.json.error as { field: string }).field).toBe('loanId');
    expectError(await staff.support.browser.post(path, { text: '   ' }), 400, 'Escribe la respuesta.');
    expectError(
      await staff.support.browser.post(path, { text: 'x'.repeat(1001) }),
      400,
      'La respuesta puede tener hasta 1000 caracteres.',
    );
    expect(await count()).toBe(before);
  });
});

describe('assigning, closing and unread counts', () => {
  it('assigns to me, to someone and to nobody; the list filters by assignee and state', async () => {
    const b = await borrowerWhoWrote('Necesito ayuda con mi perfil');
    const path = `/chats/${b.conversationId}/assignee`;
    expect((await staff.support.browser.post(path, { assignee: 'me' })).json).toEqual({
      id: b.conversationId,
      assignee: { id: staff.support.id, name: staff.support.email.split('@')[0] },
    });
    expect(await listIds(staff.support, '&assignee=me')).toContain(b.conversationId);
    expect(await listIds(staff.support2, '&assignee=none')).not.toContain(b.conversationId);
    expect((await staff.support.browser.post(path, { assignee: staff.support2.id })).statusCode).toBe(200);
    expect(await listIds(staff.support2, '&assignee=me')).toContain(b.conversationId);
    expect((await staff.admin.browser.post(path, { assignee: null })).json).toEqual({
      id: b.conversationId,
      assignee: null,
    });
    expect(await listIds(staff.support2, '&assignee=none')).toContain(b.conversationId);
    expectError(await staff.admin.browser.post(path, { assignee: 'alguien' }), 400);
    expect(await auditRows(b.borrowerId, 'chat.assign')).toHaveLength(3);

    const assignees = await staff.support.browser.get('/chats/assignees');
    expect(assignees.json.items).toEqual(
      expect.arrayContaining([
        { id: staff.cashier.id, name: expect.any(String), role: 'cashier', roleLabel: 'Cajero' },
      ]),
    );

    const closed = await staff.support.browser.post(`/chats/${b.conversationId}/close`, {});
    expect(closed.json).toMatchObject({ id: b.conversationId, state: 'closed' });
    expect(await listIds(staff.support, '&state=closed')).toContain(b.conversationId);
    expect(await listIds(staff.support, '&state=open')).not.toContain(b.conversationId);
    expect(await auditRows(b.borrowerId, 'chat.close')).toHaveLength(1);
  });

  it('counts each staff member’s unread borrower messages', async () => {
    const unread = async (member: Member) =>
      (await member.browser.get('/chats/unread')).json as { messages: number; conversations: number };
    const before = await unread(staff.support2);
    const b = await borrowerWhoWrote('Primera');
    await postChat(t, b.sid, { text: 'Segunda' });
    expect(await unread(staff.support2)).toEqual({
      messages: before.messages + 2,
      conversations: before.conversations + 1,
    });
    const item = async (member: Member) =>
      ((await member.browser.get('/chats?pageSize=100')).json.items as { id: number; unread: number }[]).find(
        (c) => c.id === b.conversationId,
      );
    expect((await item(staff.support2))?.unread).toBe(2);
    await staff.support2.browser.get(`/chats/${b.conversationId}`);
    expect(await unread(staff.support2)).toEqual(before);
    expect((await item(staff.support2))?.unread).toBe(0);
    expect((await item(staff.support))?.unread).toBe(2);
  });
});

describe('GET /chats/:id/messages/:messageId/image', () => {
  it('serves a borrower’s photo to staff who may see the conversation, audited; 404 otherwise', async () => {
    const posted = await postChatMultipart(
      t,
      { sid: worked.sid, text: 'Foto del recibo', clientId: randomUUID() },
      [{ field: 'image', data: images.jpeg, filename: 'recibo.jpg', contentType: 'image/jpeg' }],
    );
    const messageId = (posted.payload as { message: { id: number } }).message.id;
    const conversation = await staff.cashier.browser.get(`/chats/${worked.conversationId}`);
    const message = (conversation.json.messages as { id: number; image: { url: string } | null }[]).find(
      (m) => m.id === messageId,
    );
    expect(message?.image?.url).toBe(
      `/api/backoffice/chats/${worked.conversationId}/messages/${messageId}/image`,
    );
    const file = await staff.cashier.browser.get(message!.image!.url.replace('/api/backoffice', ''));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.raw.equals(images.jpeg)).toBe(true);
    expect((await auditRows(worked.borrowerId, 'chat.view')).at(-1)).toMatchObject({
      actorId: String(staff.cashier.id),
      after: { conversationId: worked.conversationId, messageId },
    });
    expectError(
      await staff.otherAnalyst.browser.get(`/chats/${worked.conversationId}/messages/${messageId}/image`),
      404,
    );
    const stranger = await borrowerWhoWrote('Otra conversación');
    expectError(
      await staff.admin.browser.get(`/chats/${stranger.conversationId}/messages/${messageId}/image`),
      404,
    );
  });
});

describe('the inbox’s live channel', () => {
  const cookieOf = (member: Member) => ({
    cookie: [...member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  });
  async function connect(member?: Member): Promise<SseClient> {
    const stream = await openEventStream(
      baseUrl,
      '/api/backoffice/chats/events',
      member ? cookieOf(member) : {},
    );
    streams.push(stream);
    return stream;
  }
  const chatEvent = (conversationId: number) => (e: { event: string; data: string }) =>
    e.event === 'chat' &&
    (JSON.parse(e.data) as { conversationId: number }).conversationId === conversationId;

  it('refuses a request without a staff session (401), and the sid of a borrower', async () => {
    const anonymous = await connect();
    expect(anonymous.status).toBe(401);
    await anonymous.ended;
    expect(JSON.parse(anonymous.body)).toMatchObject({ error: { code: 'unauthenticated' } });
    const stream = await openEventStream(baseUrl, `/api/backoffice/chats/events?sid=${worked.sid}`);
    streams.push(stream);
    expect(stream.status).toBe(401);
  });

  it('tells each staff member of new messages in the conversations they may see, and only those', async () => {
    const support = await connect(staff.support);
    const analyst = await connect(staff.analyst);
    const otherAnalyst = await connect(staff.otherAnalyst);
    expect([support.status, analyst.status, otherAnalyst.status]).toEqual([200, 200, 200]);
    expect(support.body).toContain(': conectado');

    const posted = await postChat(t, worked.sid, { text: '¿Me escuchan?' });
    const messageId = (posted.json.payload as { message: { id: number } }).message.id;
    const event = await support.waitFor(chatEvent(worked.conversationId));
    expect(JSON.parse(event.data)).toEqual({ conversationId: worked.conversationId, messageId });
    expect(event.id).toBe(String(messageId));
    await analyst.waitFor(chatEvent(worked.conversationId));

    // A stranger's message reaches support, not the analyst who never worked on that borrower.
    const stranger = await borrowerWhoWrote('Soy nuevo');
    await support.waitFor(chatEvent(stranger.conversationId));
    await postChat(t, worked.sid, { text: 'Sigo aquí' });
    await support.waitFor(
      (e) => e.event === 'chat' && (JSON.parse(e.data) as { messageId: number }).messageId > messageId + 1,
    );
    await analyst.waitFor(
      (e) => e.event === 'chat' && (JSON.parse(e.data) as { messageId: number }).messageId > messageId + 1,
    );
    expect(analyst.events.some(chatEvent(stranger.conversationId))).toBe(false);
    expect(otherAnalyst.events).toEqual([]);
  });

  it('ends the stream when the session ends, and holds at most five per staff member', async () => {
    const { browser } = await staffWithRole(t, 'support');
    const member = { browser, id: 0, email: '' };
    const open = [];
    for (let i = 0; i < 5; i += 1) open.push(await connect(member));
    const sixth = await connect(member);
    expect(sixth.status).toBe(429);
    await sixth.ended;
    expect(JSON.parse(sixth.body)).toEqual({
      error: { code: 'rate_limited', message: staffChatTooManyStreams },
    });
    expect((await browser.post('/auth/logout', {})).statusCode).toBe(200);
    await Promise.all(open.map((s) => s.ended));
  });
});
