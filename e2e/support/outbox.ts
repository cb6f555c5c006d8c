import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env';

interface OutboxMessage {
  id: number | string;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** The messages sent to `to` (phone or e-mail), newest first, from the server's dev outbox. */
export async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`${E2E_BASE_URL}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/** Waits for a message to `to` sent after the first `before` ones and matching `match`. */
async function waitForNewMessage(
  request: APIRequestContext,
  to: string,
  before: number,
  match: (message: OutboxMessage) => boolean,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = await readOutbox(request, to);
        found = messages.slice(0, messages.length - before).find(match);
        return found !== undefined;
      },
      { message: `a new message to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** How many messages `to` has now, to tell the next ones apart. */
export async function countOutbox(request: APIRequestContext, to: string): Promise<number> {
  return (await readOutbox(request, to)).length;
}

/** The 6-digit code of a message to `to` sent after the first `before` ones. */
export async function nextCode(request: APIRequestContext, to: string, before: number): Promise<string> {
  const message = await waitForNewMessage(request, to, before, (m) => /\b\d{6}\b/.test(m.body));
  return /\b(\d{6})\b/.exec(message.body)![1]!;
}

/** The app link `#/<route>/…` of an e-mail to `to` sent after the first `before` ones, as a hash path. */
export async function nextLink(
  request: APIRequestContext,
  to: string,
  before: number,
  route: 'validarmail' | 'recuperarpass',
): Promise<string> {
  const pattern = new RegExp(`#(/${route}/\\S+)`);
  const message = await waitForNewMessage(request, to, before, (m) => pattern.test(m.body));
  return pattern.exec(message.body)![1]!;
}

/** The back-office's password link (`/backoffice/#/login?clave=…`) of an e-mail to `to` sent after the first `before` ones. */
export async function nextStaffPasswordLink(
  request: APIRequestContext,
  to: string,
  before: number,
): Promise<string> {
  const pattern = /(\/backoffice\/#\/login\?clave=[A-Za-z0-9_-]+)/;
  const message = await waitForNewMessage(request, to, before, (m) => pattern.test(m.body));
  return pattern.exec(message.body)![1]!;
}
