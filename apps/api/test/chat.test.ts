import { existsSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { chatMessages as texts, transportMessages, type ChatMessagesPage } from '@prestamos-hn/contract';
import { CHAT_MESSAGE_MAX_LENGTH } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { chatConversations, chatMessages } from '../src/db/schema/index.ts';
import { postStaffMessage } from '../src/services/chat/staff-chat.ts';
import type { StaffMember } from '../src/services/shared/staff-member.ts';
import { sessionFor } from './support/borrowers.ts';
import { borrowerWithLoanRequest, insertStaff, postChat, postChatMultipart } from './support/chat.ts';
import { images } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The borrower's side of the help chat through the legacy calls (real HTTP stack and database).

let t: TestApp;
let support: StaffMember;
const LIMIT = 64 * 1024;
beforeAll(async () => {
  // 2026-11-22 is a Sunday: 9:00 in Tegucigalpa, outside the default office hours.
  t = await createTestApp({
    now: '2026-11-22T15:00:00Z',
    env: { UPLOAD_MAX_BYTES: String(LIMIT), PUBLIC_URL: 'https://app.prestamos.example' },
  });
  support = await insertStaff(t, 'support', 'Carla Núñez');
});
afterAll(() => t.close());

async function ok<T = Record<string, unknown>>(
  promise: Promise<{ json: Record<string, unknown> }>,
): Promise<T> {
  const { json } = await promise;
  expect(json.status, JSON.stringify(json)).toBe('OK');
  return json.payload as T;
}

async function refused(
  promise: Promise<{ json: Record<string, unknown> }> | Promise<Record<string, unknown>>,
) {
  const answer = await promise;
  const json = ('json' in answer ? answer.json : answer) as Record<string, unknown>;
  expect(json.status, JSON.stringify(json)).toBe('ER');
  return (json.payload as { message: string }).message;
}

const page = (sid: string, range: Record<string, unknown> = {}) =>
  ok<ChatMessagesPage>(t.call('getChatMessages.php', { sid, ...range }));

const messagesOf = async (borrowerId: number) => {
  const [conversation] = await t.deps.db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.borrowerId, borrowerId));
  if (!conversation) return [];
  return t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversation.id));
};

function storedChatBlobs(): string[] {
  const root = t.config.storage.filesDir;
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.startsWith('chat') && f.endsWith('.data'),
  );
}

describe('getChatMessages.php', () => {
  it('answers an empty conversation with the office hours and when an answer can be expected', async () => {
    const { sid } = await sessionFor(t.deps);
    expect(await page(sid)).toEqual({
      messages: [],
      hasOlder: false,
      unread: 0,
      office: {
        open: false,
        hours: 'lunes a sábado, de 8:00 a. m. a 6:00 p. m.',
        closesAt: null,
        nextOpening: '2026-11-23T14:00:00.000Z',
      },
    });
  });

  it('says when the office closes while it is open', async () => {
    t.clock.set('2026-11-23T16:00:00Z'); // Monday 10:00
    const { sid } = await sessionFor(t.deps);
    try {
      expect((await page(sid)).office).toMatchObject({
        open: true,
        closesAt: '2026-11-24T00:00:00.000Z',
        nextOpening: null,
      });
    } finally {
      t.clock.set('2026-11-22T15:00:00Z');
    }
  });

  it('pages: the latest 50, older ones before an id, new ones after an id', async () => {
    const { sid } = await sessionFor(t.deps);
    for (let i = 1; i <= 55; i++) await ok(postChat(t, sid, { text: `Mensaje ${i}` }));
    const latest = await page(sid);
    expect(latest.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Mensaje ${i + 6}`),
    );
    expect(latest.hasOlder).toBe(true);
    const older = await page(sid, { before: latest.messages[0]!.id });
    expect(older.messages.map((m) => m.text)).toEqual([1, 2, 3, 4, 5].map((i) => `Mensaje ${i}`));
    expect(older.hasOlder).toBe(false);
    const newer = await page(sid, { after: latest.messages[47]!.id });
    expect(newer.messages.map((m) => m.text)).toEqual(['Mensaje 54', 'Mensaje 55']);
    expect(newer.hasOlder).toBe(true);
    expect((await page(sid, { after: String(latest.messages[49]!.id) })).messages).toEqual([]);
  });

  it.each([
    [{ after: 'abc' }, texts.invalidMessageId],
    [{ after: -4 }, texts.invalidMessageId],
    [{ before: 1.5 }, texts.invalidMessageId],
    [{ after: 1, before: 9 }, texts.afterOrBefore],
  ])('refuses %j', async (range, message) => {
    const { sid } = await sessionFor(t.deps);
    expect(await refused(t.call('getChatMessages.php', { sid, ...range }))).toBe(message);
  });
});

describe('postChatMessage.php', () => {
  it('stores a message and answers it as the app shows it; the first one makes the conversation', async () => {
    const { sid, borrowerId, loanId } = await borrowerWithLoanRequest(t);
    const clientId = randomUUID();
    const { message } = await ok<{ message: Record<string, unknown> }>(
      postChat(t, sid, { text: '  Hola, ¿cómo pago mi cuota?  ', clientId, loanId }),
    );
    expect(message).toEqual({
      id: expect.any(Number),
      author: 'borrower',
      authorName: null,
      text: 'Hola, ¿cómo pago mi cuota?',
      imageUrl: null,
      loanId,
      receiptId: null,
      clientId,
      createdAt: '2026-11-22T15:00:00.000Z',
    });
    expect((await page(sid)).messages).toEqual([message]);
    const [conversation] = await t.deps.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.borrowerId, borrowerId));
    expect(conversation).toMatchObject({ state: 'open', lastMessageAt: new Date('2026-11-22T15:00:00Z') });
  });

  it('stores a retried post with the same clientId once, and answers the first message again', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const clientId = randomUUID();
    const first = await ok<{ message: { id: number } }>(postChat(t, sid, { text: 'Hola', clientId }));
    const again = await ok<{ message: { id: number } }>(postChat(t, sid, { text: 'Hola', clientId }));
    expect(again.message).toEqual(first.message);
    // Two retries racing each other (a flaky network sends twice at once).
    const racingId = randomUUID();
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        ok<{ message: { id: number } }>(postChat(t, sid, { text: 'Otra', clientId: racingId })),
      ),
    );
    expect(new Set(racing.map((r) => r.message.id)).size).toBe(1);
    expect((await messagesOf(borrowerId)).map((m) => m.text)).toEqual(['Hola', 'Otra']);
  });

  it('keeps client ids per borrower: the same id from another borrower is their own message', async () => {
    const a = await sessionFor(t.deps);
    const b = await sessionFor(t.deps);
    const clientId = randomUUID();
    await ok(postChat(t, a.sid, { text: 'De A', clientId }));
    await ok(postChat(t, b.sid, { text: 'De B', clientId }));
    expect((await messagesOf(a.borrowerId)).map((m) => m.text)).toEqual(['De A']);
    expect((await messagesOf(b.borrowerId)).map((m) => m.text)).toEqual(['De B']);
  });

  it.each([
    ['no text and no photo', { text: '   ' }, texts.textRequired],
    ['a text too long', { text: 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, texts.textTooLong],
    ['no clientId', { text: 'Hola', clientId: undefined }, texts.invalidClientId],
    ['a clientId with spaces', { text: 'Hola', clientId: 'no es un id' }, texts.invalidClientId],
    ['a loanId that is not a number', { text: 'Hola', loanId: 'doce' }, texts.invalidLoan],
    ['a negative loanId', { text: 'Hola', loanId: -3 }, texts.invalidLoan],
    ['a receiptId that is not whole', { text: 'Hola', receiptId: 2.5 }, texts.invalidReceipt],
    ['a text that is not text', { text: 42 }, texts.textRequired],
  ])('refuses %s with a Spanish message and stores nothing', async (_name, body, message) => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    expect(await refused(postChat(t, sid, body))).toBe(message);
    expect(await messagesOf(borrowerId)).toEqual([]);
  });

  it("refuses a loan or receipt that is not the borrower's own, and stores nothing", async () => {
    const owner = await borrowerWithLoanRequest(t);
    const other = await borrowerWithLoanRequest(t);
    expect(await refused(postChat(t, other.sid, { text: 'Mi cuota', loanId: owner.loanId }))).toBe(
      texts.loanNotYours,
    );
    // A loan that exists for nobody, and a receipt that is nobody's (or someone else's).
    expect(await refused(postChat(t, other.sid, { text: 'Mi cuota', loanId: 2_000_000 }))).toBe(
      texts.loanNotYours,
    );
    expect(await refused(postChat(t, other.sid, { text: 'Mi pago', receiptId: 2_000_000 }))).toBe(
      texts.receiptNotYours,
    );
    // The same with a photo: refused before the photo is kept.
    const withPhoto = await postChatMultipart(
      t,
      { sid: other.sid, text: 'Foto', clientId: randomUUID(), loanId: String(owner.loanId) },
      [{ field: 'image', data: images.png, filename: 'foto.png', contentType: 'image/png' }],
    );
    expect(await refused(Promise.resolve(withPhoto))).toBe(texts.loanNotYours);
    expect(await messagesOf(other.borrowerId)).toEqual([]);
    // Their own loan is fine.
    await ok(postChat(t, other.sid, { text: 'Mi cuota', loanId: other.loanId }));
  });

  it('accepts the longest text allowed', async () => {
    const { sid } = await sessionFor(t.deps);
    const { message } = await ok<{ message: { text: string } }>(
      postChat(t, sid, { text: 'ñ'.repeat(CHAT_MESSAGE_MAX_LENGTH) }),
    );
    expect(message.text).toHaveLength(CHAT_MESSAGE_MAX_LENGTH);
  });
});

describe('postChatMessage.php with a photo (multipart)', () => {
  it('stores a photo (by its bytes) and gives the borrower a signed URL to it', async () => {
    const { sid, loanId } = await borrowerWithLoanRequest(t);
    const answer = await postChatMultipart(
      t,
      { sid, text: 'Mi comprobante', clientId: randomUUID(), loanId: String(loanId) },
      [{ field: 'image', data: images.webp, filename: 'foto.jpg', contentType: 'image/jpeg' }],
    );
    expect(answer.status).toBe('OK');
    const { message } = answer.payload as { message: { id: number; imageUrl: string; loanId: number } };
    expect(message.loanId).toBe(loanId);
    expect(message.imageUrl).toMatch(
      new RegExp(`^https://app\\.prestamos\\.example/api/files/chat/${message.id}\\?exp=\\d+&sig=[\\w-]+$`),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: message.imageUrl.replace('https://app.prestamos.example', ''),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.equals(images.webp)).toBe(true);
    // The same signature does not open a document with that number, nor another message.
    const asDocument = message.imageUrl.replace('/api/files/chat/', '/api/files/');
    expect(
      (await t.app.inject({ method: 'GET', url: asDocument.replace('https://app.prestamos.example', '') }))
        .statusCode,
    ).toBe(404);
    const other = message.imageUrl.replace(`/chat/${message.id}?`, `/chat/${message.id + 1}?`);
    expect(
      (await t.app.inject({ method: 'GET', url: other.replace('https://app.prestamos.example', '') }))
        .statusCode,
    ).toBe(404);
  });

  it('sends a photo without text', async () => {
    const { sid } = await sessionFor(t.deps);
    const answer = await postChatMultipart(t, { sid, clientId: randomUUID() }, [
      { field: 'image', data: images.png },
    ]);
    expect((answer.payload as { message: { text: string; imageUrl: string } }).message).toMatchObject({
      text: '',
      imageUrl: expect.stringContaining('/api/files/chat/'),
    });
  });

  it('a retried photo post stores one message and one file', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const before = storedChatBlobs().length;
    const fields = { sid, text: 'Foto', clientId: randomUUID() };
    const first = await postChatMultipart(t, fields, [{ field: 'image', data: images.jpeg }]);
    const second = await postChatMultipart(t, fields, [{ field: 'image', data: images.jpeg }]);
    expect(second.payload).toEqual(first.payload);
    expect(await messagesOf(borrowerId)).toHaveLength(1);
    expect(storedChatBlobs().length).toBe(before + 1);
  });

  it.each([
    ['an HTML page named .png', [{ field: 'image', data: images.html, filename: 'x.png' }], texts.notAnImage],
    ['a PDF', [{ field: 'image', data: images.pdf, contentType: 'application/pdf' }], texts.notAnImage],
    [
      'a photo over the limit',
      [{ field: 'image', data: Buffer.concat([images.jpeg, Buffer.alloc(LIMIT)]) }],
      transportMessages.fileTooLarge,
    ],
    ['another field', [{ field: 'file1', data: images.png }], texts.unknownFileField],
    [
      'two photos',
      [
        { field: 'image', data: images.png },
        { field: 'image', data: images.jpeg },
      ],
      // One file per message: the transport refuses a second one before reading it.
      transportMessages.malformedBody,
    ],
  ])('refuses %s and stores nothing', async (_name, files, message) => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const before = storedChatBlobs().length;
    expect(await refused(postChatMultipart(t, { sid, text: 'Hola', clientId: randomUUID() }, files))).toBe(
      message,
    );
    expect(await messagesOf(borrowerId)).toEqual([]);
    expect(storedChatBlobs().length).toBe(before);
  });

  it('refuses a text field cut at the multipart size limit instead of storing it cut', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const message = await refused(
      postChatMultipart(t, { sid, text: 'ñ'.repeat(3000), clientId: randomUUID() }, [
        { field: 'image', data: images.png },
      ]),
    );
    expect(message).toBe(transportMessages.malformedBody);
    expect(await messagesOf(borrowerId)).toEqual([]);
  });
});

describe('one borrower never reaches another borrower’s conversation', () => {
  it('reads, counts, marks and writes only the caller’s own conversation', async () => {
    const a = await sessionFor(t.deps);
    const b = await sessionFor(t.deps);
    const { message } = await ok<{ message: { id: number } }>(postChat(t, a.sid, { text: 'Privado de A' }));
    const [conversationA] = await t.deps.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.borrowerId, a.borrowerId));
    await postStaffMessage(t.deps, support, conversationA!.id, { text: 'Respuesta para A' });

    // B sees nothing of A's, whatever ids B asks around.
    expect((await page(b.sid)).messages).toEqual([]);
    expect((await page(b.sid, { after: 1 })).messages).toEqual([]);
    expect((await page(b.sid, { before: message.id + 10 })).messages).toEqual([]);
    expect(await ok(t.call('getChatUnread.php', { sid: b.sid }))).toEqual({ unread: 0 });
    // B marking "read" up to A's ids changes nothing of A's.
    await ok(t.call('markChatRead.php', { sid: b.sid, upTo: message.id + 10 }));
    expect(await ok(t.call('getChatUnread.php', { sid: a.sid }))).toEqual({ unread: 1 });
    // B's post goes to B's own conversation, never A's.
    await ok(postChat(t, b.sid, { text: 'Mensaje de B' }));
    expect((await messagesOf(a.borrowerId)).map((m) => m.text)).toEqual(['Privado de A', 'Respuesta para A']);
    expect((await page(b.sid)).messages.map((m) => m.text)).toEqual(['Mensaje de B']);
  });

  it('refuses every chat call without a valid session', async () => {
    for (const file of [
      'getChatMessages.php',
      'postChatMessage.php',
      'getChatUnread.php',
      'markChatRead.php',
      'getChatTicket.php',
    ]) {
      const res = await t.call(file, { sid: 'A'.repeat(43), text: 'Hola', clientId: randomUUID(), upTo: 1 });
      expect(res.json.status).toBe('ERS');
    }
  });
});

describe('unread answers', () => {
  it('counts staff answers until the borrower marks them read; the marker never hides a later answer', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    await ok(postChat(t, sid, { text: 'Hola' }));
    const [conversation] = await t.deps.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.borrowerId, borrowerId));
    const first = await postStaffMessage(t.deps, support, conversation!.id, {
      text: '¡Hola! ¿En qué te ayudo?',
    });
    await postStaffMessage(t.deps, support, conversation!.id, { text: '¿Sigues ahí?' });
    expect(await ok(t.call('getChatUnread.php', { sid }))).toEqual({ unread: 2 });
    const answers = (await page(sid)).messages.filter((m) => m.author === 'staff');
    expect(answers.map((m) => [m.authorName, m.text])).toEqual([
      ['Carla', '¡Hola! ¿En qué te ayudo?'],
      ['Carla', '¿Sigues ahí?'],
    ]);
    expect(await ok(t.call('markChatRead.php', { sid, upTo: first.id }))).toEqual({ unread: 1 });
    // A marker past the newest message stops at it: the next answer is still unread.
    expect(await ok(t.call('markChatRead.php', { sid, upTo: first.id + 1000 }))).toEqual({ unread: 0 });
    await postStaffMessage(t.deps, support, conversation!.id, { text: 'Te escribo de nuevo' });
    expect(await ok(t.call('getChatUnread.php', { sid }))).toEqual({ unread: 1 });
    // The marker never goes back.
    expect(await ok(t.call('markChatRead.php', { sid, upTo: 1 }))).toEqual({ unread: 1 });
    expect((await page(sid)).unread).toBe(1);
  });

  it('refuses a marker that is not a message id', async () => {
    const { sid } = await sessionFor(t.deps);
    expect(await refused(t.call('markChatRead.php', { sid, upTo: 'último' }))).toBe(texts.invalidMessageId);
    expect(await refused(t.call('markChatRead.php', { sid }))).toBe(texts.invalidMessageId);
  });
});

describe('CHAT_OFFICE_HOURS', () => {
  it('is refused at start when it is not office hours', () => {
    expect(() => loadConfig({ CHAT_OFFICE_HOURS: 'lunes a viernes' })).toThrow(ConfigError);
    expect(loadConfig({ CHAT_OFFICE_HOURS: '1-5 07:30-17:00' }).chat.officeHours).toEqual([
      { days: [1, 2, 3, 4, 5], fromMinute: 450, toMinute: 1020 },
    ]);
  });
});
