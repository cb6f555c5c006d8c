import { CHAT_TICKET_TTL_SECONDS } from '@prestamos-hn/domain';
import { chatMessages as texts, type ChatMessageItem } from '@prestamos-hn/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { chatConversations } from '../src/db/schema/index.ts';
import { postStaffMessage } from '../src/services/chat/staff-chat.ts';
import { endSession } from '../src/services/sessions.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';
import { sessionFor } from './support/borrowers.ts';
import { insertStaff, openEventStream, postChat, type SseClient } from './support/chat.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The chat's live channel (server-sent events) on a real socket: tickets, a staff answer reaching the
// borrower's open chat, and the fan-out between two API instances on one database.

let t: TestApp;
let baseUrl: string;
let support: StaffMember;
let second: { t: TestApp; baseUrl: string; database: Database };
const streams: SseClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ chatHeartbeatMs: 200 });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  support = await insertStaff(t, 'support', 'Diana Paz');
  // A second API instance on the same database (PostgreSQL: its own connections).
  const database = await t.connectAgain();
  const other = await createTestApp({ database, chatHeartbeatMs: 200 });
  second = { t: other, baseUrl: await other.app.listen({ port: 0, host: '127.0.0.1' }), database };
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await second.t.close();
  await second.database.close();
  await t.close();
});

async function ticketFor(app: TestApp, sid: string): Promise<string> {
  const res = await app.call('getChatTicket.php', { sid });
  expect(res.json.status).toBe('OK');
  const payload = res.json.payload as { ticket: string; expiresIn: number };
  expect(payload.expiresIn).toBe(CHAT_TICKET_TTL_SECONDS);
  return payload.ticket;
}

async function connect(url: string, ticket: string, after?: number): Promise<SseClient> {
  const query = `ticket=${encodeURIComponent(ticket)}${after !== undefined ? `&after=${after}` : ''}`;
  const stream = await openEventStream(url, `/api/app/chat/events?${query}`);
  streams.push(stream);
  return stream;
}

const messageWith = (text: string) => (event: { event: string; data: string }) =>
  event.event === 'message' && (JSON.parse(event.data) as ChatMessageItem).text === text;

async function conversationIdOf(borrowerId: number): Promise<number> {
  const [row] = await t.deps.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.borrowerId, borrowerId));
  return row!.id;
}

describe('tickets for the live channel', () => {
  it('opens a stream once; a reused ticket is refused with 401', async () => {
    const { sid } = await sessionFor(t.deps);
    const ticket = await ticketFor(t, sid);
    const stream = await connect(baseUrl, ticket);
    expect(stream.status).toBe(200);
    const reused = await connect(baseUrl, ticket);
    expect(reused.status).toBe(401);
    await reused.ended;
    expect(JSON.parse(reused.body)).toEqual({ status: 'ER', payload: { message: texts.ticketRefused } });
  });

  it('refuses an expired ticket with 401', async () => {
    const { sid } = await sessionFor(t.deps);
    const ticket = await ticketFor(t, sid);
    t.clock.advance(CHAT_TICKET_TTL_SECONDS * 1000);
    try {
      expect((await connect(baseUrl, ticket)).status).toBe(401);
    } finally {
      t.clock.advance(-CHAT_TICKET_TTL_SECONDS * 1000);
    }
  });

  it('refuses a made-up ticket, a missing one, and one whose session has ended', async () => {
    expect((await connect(baseUrl, 'A'.repeat(43))).status).toBe(401);
    const none = await openEventStream(baseUrl, '/api/app/chat/events');
    streams.push(none);
    expect(none.status).toBe(401);
    const { sid, sessionId } = await sessionFor(t.deps);
    const ticket = await ticketFor(t, sid);
    await endSession(t.deps, sessionId, 'logout');
    expect((await connect(baseUrl, ticket)).status).toBe(401);
  });

  it('is never given without a session, and never takes the sid in the URL', async () => {
    expect((await t.call('getChatTicket.php', {})).json.status).toBe('ERS');
    const { sid } = await sessionFor(t.deps);
    expect((await connect(baseUrl, sid)).status).toBe(401);
  });
});

describe('the live channel', () => {
  it('pushes a staff answer posted through the service to the borrower’s open chat', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    await postChat(t, sid, { text: 'Necesito ayuda con mi pago' });
    const stream = await connect(baseUrl, await ticketFor(t, sid));
    expect(stream.status).toBe(200);
    await stream.waitFor(() => true, 50).catch(() => undefined);
    expect(stream.events).toEqual([]); // only what comes after the connection

    const answer = await postStaffMessage(t.deps, support, await conversationIdOf(borrowerId), {
      text: 'Claro, ¿cuál es tu número de referencia?',
    });
    const event = await stream.waitFor(messageWith('Claro, ¿cuál es tu número de referencia?'));
    expect(event.id).toBe(String(answer.id));
    expect(JSON.parse(event.data)).toEqual({
      id: answer.id,
      author: 'staff',
      authorName: 'Diana',
      text: 'Claro, ¿cuál es tu número de referencia?',
      imageUrl: null,
      loanId: null,
      receiptId: null,
      clientId: null,
      createdAt: answer.createdAt,
    });
  });

  it('sends what came after `after` first, then the borrower’s own messages from another device', async () => {
    const { sid } = await sessionFor(t.deps);
    const first = await postChat(t, sid, { text: 'Uno' });
    const firstId = (first.json.payload as { message: { id: number } }).message.id;
    await postChat(t, sid, { text: 'Dos' });
    const stream = await connect(baseUrl, await ticketFor(t, sid), firstId);
    await stream.waitFor(messageWith('Dos'));
    await postChat(t, sid, { text: 'Tres, desde la computadora' });
    await stream.waitFor(messageWith('Tres, desde la computadora'));
    expect(stream.events.map((e) => (JSON.parse(e.data) as ChatMessageItem).text)).toEqual([
      'Dos',
      'Tres, desde la computadora',
    ]);
  });

  it('reaches a stream open on another API instance (LISTEN/NOTIFY on the shared database)', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    await postChat(t, sid, { text: 'Hola desde el teléfono' });
    // The stream is on the second instance; the answer is stored through the first.
    const stream = await connect(second.baseUrl, await ticketFor(second.t, sid));
    expect(stream.status).toBe(200);
    await postStaffMessage(t.deps, support, await conversationIdOf(borrowerId), {
      text: 'Respuesta por la otra instancia',
    });
    await stream.waitFor(messageWith('Respuesta por la otra instancia'));
  });

  it('never sends one borrower’s messages to another borrower’s stream', async () => {
    const a = await sessionFor(t.deps);
    const b = await sessionFor(t.deps);
    await postChat(t, a.sid, { text: 'Hola, soy A' });
    const streamB = await connect(baseUrl, await ticketFor(t, b.sid));
    const streamA = await connect(baseUrl, await ticketFor(t, a.sid));
    await postStaffMessage(t.deps, support, await conversationIdOf(a.borrowerId), { text: 'Solo para A' });
    await streamA.waitFor(messageWith('Solo para A'));
    await postChat(t, b.sid, { text: 'Hola, soy B' });
    await streamB.waitFor(messageWith('Hola, soy B'));
    expect(streamB.events.map((e) => (JSON.parse(e.data) as ChatMessageItem).text)).toEqual(['Hola, soy B']);
  });

  it('sends heartbeats, and ends the stream when the session ends', async () => {
    const { sid, sessionId } = await sessionFor(t.deps);
    const stream = await connect(baseUrl, await ticketFor(t, sid));
    await expect.poll(() => stream.comments.filter((c) => c === 'ping').length).toBeGreaterThan(0);
    await endSession(t.deps, sessionId, 'logout');
    await stream.ended;
  });

  it('is served with the security headers; the page may open it (CSP connect-src self)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(res.headers['content-security-policy'])).toContain("connect-src 'self'");
    const { sid } = await sessionFor(t.deps);
    const raw = await fetch(`${baseUrl}/api/app/chat/events?ticket=${await ticketFor(t, sid)}`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(raw.headers.get('cache-control')).toBe('no-store');
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    await raw.body?.cancel();
  });
});
