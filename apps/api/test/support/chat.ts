import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { expect } from 'vitest';
import { staffAccounts } from '../../src/db/schema/index.ts';
import type { StaffMember } from '../../src/services/shared/staff-member.ts';
import type { StaffRole } from '@prestamos-hn/domain';
import { borrowerReadyToApply, REQUEST, postOffer } from './loans.ts';
import { callMultipart, type UploadPart } from './profile.ts';
import type { TestApp } from './test-app.ts';

/** postChatMessage.php as JSON, with a fresh client id unless one is given. */
export async function postChat(t: TestApp, sid: string, body: Record<string, unknown>) {
  return t.call('postChatMessage.php', { clientId: randomUUID(), ...body, sid });
}

/** postChatMessage.php as multipart (text fields and files), as the app sends a photo. */
export async function postChatMultipart(
  t: TestApp,
  fields: Record<string, string>,
  files: UploadPart[],
): Promise<Record<string, unknown>> {
  const res = await callMultipart(t, 'postChatMessage.php', fields, files);
  expect(res.statusCode).toBe(200);
  return res.json;
}

let staffCounter = 0;

/** A staff account straight in the database (these tests are about the chat, not about logging in). */
export async function insertStaff(
  t: TestApp,
  role: StaffRole,
  name = 'María José López',
): Promise<StaffMember> {
  staffCounter += 1;
  const email = `personal${staffCounter}.${role}.${process.pid}@prestamos.local`;
  const [row] = await t.deps.db
    .insert(staffAccounts)
    .values({ email, name, role, passwordHash: 'not-a-real-hash' })
    .returning({ id: staffAccounts.id });
  return { id: row!.id, email, name, role, mustChangePassword: false };
}

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** A live-channel client over a real socket: its HTTP status, the events as they come, and a way to hang up. */
export interface SseClient {
  status: number;
  body: string;
  events: SseEvent[];
  comments: string[];
  /** Resolves when an event matching `match` has arrived (or fails after `timeoutMs`). */
  waitFor(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET <baseUrl><path>` as EventSource would and reads it as server-sent events (with the
 * staff session cookie in `headers` for the inbox's channel).
 */
export function openEventStream(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const options = { headers: { accept: 'text/event-stream', ...headers } };
    const request = http.get(`${baseUrl}${path}`, options, (res) => {
      const events: SseEvent[] = [];
      const comments: string[] = [];
      const waiters: { match: (e: SseEvent) => boolean; done: (e: SseEvent) => void }[] = [];
      let buffer = '';
      let body = '';
      let resolveEnded!: () => void;
      const ended = new Promise<void>((r) => (resolveEnded = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              event.data += line.slice(6);
              isEvent = true;
            }
          }
          if (!isEvent) continue;
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.done(event);
            }
          }
        }
      });
      res.on('end', resolveEnded);
      res.on('close', resolveEnded);
      resolve({
        status: res.statusCode ?? 0,
        get body() {
          return body;
        },
        events,
        comments,
        ended,
        waitFor(match, timeoutMs = 5000) {
          const found = events.find(match);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error('no such event in time')), timeoutMs);
            waiters.push({
              match,
              done: (event) => {
                clearTimeout(timer);
                done(event);
              },
            });
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** A borrower ready to apply who requested a loan (status 0 Enviado): their session and the loan's id. */
export async function borrowerWithLoanRequest(t: TestApp) {
  const borrower = await borrowerReadyToApply(t);
  const res = await postOffer(t, { sid: borrower.sid, ...REQUEST });
  expect(res.json.status, JSON.stringify(res.json)).toBe('OK');
  return { ...borrower, loanId: (res.json.payload as { container_id: number }).container_id };
}
