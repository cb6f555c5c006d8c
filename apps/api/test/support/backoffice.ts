import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { errorReply } from '../../src/backoffice/errors.ts';
import { staffAccounts } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/services/shared/passwords.ts';
import { Refusal } from '../../src/services/shared/refusals.ts';
import type { StaffRole } from '@prestamos-hn/domain';
import { latestCode } from './accounts.ts';
import type { TestApp } from './test-app.ts';

export const STAFF_PASSWORD = 'Personal#2026';

interface InjectOpts {
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out the CSRF header on a state-changing request. */
  noCsrf?: boolean;
  ip?: string;
}

export interface StaffResponse {
  statusCode: number;
  json: Record<string, unknown>;
  headers: Record<string, unknown>;
  cookies: {
    name: string;
    value: string;
    httpOnly?: boolean;
    sameSite?: string;
    secure?: boolean;
    path?: string;
    maxAge?: number;
  }[];
  raw: Buffer;
}

/** A browser of the back-office: keeps its cookies and its CSRF token, sends both as the SPA does. */
export class StaffBrowser {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;
  /** Each browser its own client IP, so the per-IP login limits of one never spill into another. */
  readonly ip = `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
  readonly t: TestApp;
  constructor(t: TestApp) {
    this.t = t;
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    opts: InjectOpts = {},
  ): Promise<StaffResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    if (method !== 'GET' && this.csrfToken && !opts.noCsrf) headers['x-csrf-token'] = this.csrfToken;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await this.t.app.inject({
      method,
      url: `/api/backoffice${path}`,
      headers,
      remoteAddress: opts.ip ?? this.ip,
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    });
    for (const c of res.cookies as StaffResponse['cookies']) {
      if (c.value === '' || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const isJson = String(res.headers['content-type'] ?? '').includes('json');
    return {
      statusCode: res.statusCode,
      json: isJson ? (res.json() as Record<string, unknown>) : {},
      headers: res.headers,
      cookies: res.cookies as StaffResponse['cookies'],
      raw: res.rawPayload,
    };
  }

  get = (path: string, opts?: InjectOpts) => this.request('GET', path, opts);
  post = (path: string, body?: unknown, opts?: InjectOpts) => this.request('POST', path, { ...opts, body });
  patch = (path: string, body?: unknown, opts?: InjectOpts) => this.request('PATCH', path, { ...opts, body });
}

/** Inserts a staff account straight into the database (argon2id password). */
export async function insertStaff(
  t: TestApp,
  input: { email: string; role: StaffRole; name?: string; password?: string },
): Promise<number> {
  const [row] = await t.deps.db
    .insert(staffAccounts)
    .values({
      email: input.email,
      name: input.name ?? input.email.split('@')[0]!,
      role: input.role,
      passwordHash: await hashPassword(input.password ?? STAFF_PASSWORD),
    })
    .returning({ id: staffAccounts.id });
  return row!.id;
}

/**
 * Password, then the code from the outbox: a logged-in staff browser with its CSRF token. (At most
 * 5 codes per account per hour: tests log one account in a few times only.)
 */
export async function logInStaff(
  t: TestApp,
  email: string,
  password = STAFF_PASSWORD,
): Promise<StaffBrowser> {
  // A person's pace: past the previous code's 60-second resend lock.
  t.clock.advance(61_000);
  const browser = new StaffBrowser(t);
  const login = await browser.post('/auth/login', { email, password });
  expect(login.statusCode, JSON.stringify(login.json)).toBe(200);
  const code = await latestCode(t, email);
  const confirmed = await browser.post('/auth/code', { code });
  expect(confirmed.statusCode, JSON.stringify(confirmed.json)).toBe(200);
  browser.csrfToken = confirmed.json.csrfToken as string;
  return browser;
}

let staffCounter = 0;
/** A new staff member of `role`, logged in. */
export async function staffWithRole(
  t: TestApp,
  role: StaffRole,
): Promise<{ browser: StaffBrowser; id: number; email: string }> {
  staffCounter += 1;
  const email = `${role}${staffCounter}.${process.pid}@prestamos.test`;
  const id = await insertStaff(t, { email, role });
  return { browser: await logInStaff(t, email), id, email };
}

/**
 * One logged-in browser of each role, and a second cashier: who acts at the cashier's and
 * collections desks (the supervisor confirms what a cashier's validation leaves 'Por aprobar').
 */
export type DeskBrowsers = Record<
  'admin' | 'analyst' | 'cashier' | 'cashier2' | 'supervisor' | 'support',
  StaffBrowser
>;

export async function deskBrowsers(t: TestApp): Promise<DeskBrowsers> {
  return {
    admin: (await staffWithRole(t, 'admin')).browser,
    analyst: (await staffWithRole(t, 'analyst')).browser,
    cashier: (await staffWithRole(t, 'cashier')).browser,
    cashier2: (await staffWithRole(t, 'cashier')).browser,
    supervisor: (await staffWithRole(t, 'supervisor')).browser,
    support: (await staffWithRole(t, 'support')).browser,
  };
}

/**
 * A validation over HTTP as the desk sends it (with the photo's hash from the receipt's answer);
 * when it waits as 'Por aprobar' (issue 31), `approver` confirms it: the answer of whichever moved
 * the money.
 */
export async function validateAtDesk(
  cashier: StaffBrowser,
  approver: StaffBrowser,
  receiptId: number,
  body: { amount: string; valueDate?: string },
): Promise<StaffResponse> {
  const shown = await cashier.get(`/receipts/${receiptId}`);
  const photoSha256 = (shown.json as { photoSha256?: string }).photoSha256;
  const decided = await cashier.post(`/receipts/${receiptId}/decision`, {
    decision: 'validate',
    ...body,
    photoSha256,
  });
  if ((decided.json as { state?: string }).state !== 'awaiting_approval') return decided;
  return approver.post(`/receipts/${receiptId}/approval`, { decision: 'confirm', photoSha256 });
}

const quietLog = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * A staff service call refused as the staff API refuses: a refusal the API's error mapper answers
 * with this status (and, if given, this message).
 */
export async function expectStaffError(promise: Promise<unknown>, statusCode: number, message?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Refusal);
  const answer = errorReply(error, quietLog);
  const got = { statusCode: answer.statusCode, message: answer.body.error.message };
  expect(got).toMatchObject(message === undefined ? { statusCode } : { statusCode, message });
}

export function expectError(res: StaffResponse, statusCode: number, message?: string) {
  expect(res.statusCode, JSON.stringify(res.json)).toBe(statusCode);
  const error = (res.json as { error?: { message?: string } }).error;
  expect(error?.message).toBeTypeOf('string');
  if (message !== undefined) expect(error?.message).toBe(message);
}
