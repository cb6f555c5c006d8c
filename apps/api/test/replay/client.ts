import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ManualClock } from '../../src/clock.ts';
import type { Deps } from '../../src/services/deps.ts';
import { multipartBody, type UploadPart } from '../support/profile.ts';
import type { Normalizer } from './normalizer.ts';
import { recordBody, type RecordedAnswer } from './recording.ts';

/** What the replay runs against: the real app, its manual clock and its services' dependencies (a TestApp is one). */
export interface ReplayTarget {
  app: FastifyInstance;
  clock: ManualClock;
  deps: Deps;
}

/** The answer's headers the recording keeps. */
const RECORDED_HEADERS = ['content-type', 'cache-control', 'content-disposition', 'location', 'set-cookie'];

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  raw: Buffer;
  /** The body parsed as JSON (throws when it is not). */
  json<T = Record<string, unknown>>(): T;
}

interface SendOptions {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /** What the recording says was sent (the JSON body, or a multipart body's summary). */
  request?: unknown;
  ip: string;
  /** A read of the development outbox: one-time codes in its messages are normalized too. */
  outbox?: boolean;
}

/**
 * Sends the scenario's requests through `app.inject` and records each answer, normalized. Reads of
 * the development outbox made only to learn a code or a link are not recorded (`outbox`).
 */
export class ReplayClient {
  readonly answers: RecordedAnswer[] = [];
  /** The label the next answers are recorded under. */
  step = '';
  readonly target: ReplayTarget;
  readonly normalizer: Normalizer;
  constructor(target: ReplayTarget, normalizer: Normalizer) {
    this.target = target;
    this.normalizer = normalizer;
  }

  async send(opts: SendOptions): Promise<Answer> {
    const at = this.target.clock.now().toISOString();
    const res = await this.target.app.inject({
      method: opts.method,
      url: opts.url,
      headers: opts.headers ?? {},
      remoteAddress: opts.ip,
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    });
    const norm = (text: string) => this.normalizer.apply(text);
    const headers: Record<string, string> = {};
    for (const name of RECORDED_HEADERS) {
      const value = res.headers[name];
      if (value === undefined) continue;
      headers[name] = norm(Array.isArray(value) ? value.join('\n') : String(value));
    }
    const contentType = String(res.headers['content-type'] ?? '');
    const answer: RecordedAnswer = {
      n: this.answers.length + 1,
      step: this.step,
      at,
      method: opts.method,
      url: norm(opts.url),
      ...(opts.request !== undefined ? { request: JSON.parse(norm(JSON.stringify(opts.request))) } : {}),
      status: res.statusCode,
      headers,
      ...recordBody(contentType, res.rawPayload, (text) =>
        this.normalizer.apply(text, { outbox: opts.outbox === true }),
      ),
    };
    this.answers.push(answer);
    return {
      status: res.statusCode,
      headers: res.headers,
      raw: res.rawPayload,
      json: <T>() => JSON.parse(res.body) as T,
    };
  }

  /** The development outbox's messages to a phone or e-mail, newest first; not recorded. */
  async outbox(to: string): Promise<{ body: string; channel: string }[]> {
    const res = await this.target.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
    });
    return res.json();
  }

  /**
   * A recorded read of the development outbox (the SMS and e-mails sent to `to`): the codes in it
   * are registered as random values first.
   */
  async recordOutbox(to: string): Promise<void> {
    // Oldest first, so that codes the scenario never read are numbered in the order they were sent.
    for (const message of (await this.outbox(to)).reverse()) {
      for (const code of this.normalizer.sixDigitNumbers(message.body)) this.normalizer.secret('code', code);
    }
    await this.send({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
      // The outbox answers only a client on this machine (issue 32 point 1).
      ip: '127.0.0.1',
      outbox: true,
    });
  }

  /** The six-digit code of the newest message to `to`, registered as a random value. */
  async latestCode(to: string): Promise<string> {
    const [newest] = await this.outbox(to);
    const [code] = this.normalizer.sixDigitNumbers(newest?.body ?? '');
    if (!code) throw new Error(`no code in the newest message to ${to}: ${newest?.body}`);
    this.normalizer.secret('code', code);
    return code;
  }

  /** The link in the newest message to `to`. */
  async latestLink(to: string): Promise<URL> {
    const [newest] = await this.outbox(to);
    const link = /https?:\/\/\S+/.exec(newest?.body ?? '')?.[0];
    if (!link) throw new Error(`no link in the newest message to ${to}: ${newest?.body}`);
    return new URL(link);
  }
}

/** A summary of multipart files for the recording: field, name, type, length and SHA-256. */
const describeFiles = (files: UploadPart[]) =>
  files.map((f) => ({
    field: f.field,
    filename: f.filename ?? 'foto.png',
    contentType: f.contentType ?? 'image/png',
    bytes: f.data.length,
    sha256: createHash('sha256').update(f.data).digest('hex'),
  }));

/** A phone with the borrower app: its session id and client IP, calling /api/app/*.php. */
export class BorrowerPhone {
  sid: string | undefined;
  readonly client: ReplayClient;
  readonly ip: string;
  constructor(client: ReplayClient, ip: string) {
    this.client = client;
    this.ip = ip;
  }

  /** POST a legacy call with `{sid, ...body}` as JSON (no sid before there is one). */
  async call<T = Record<string, unknown>>(
    file: string,
    body: Record<string, unknown> = {},
  ): Promise<{ status: string; payload: T }> {
    const request = this.sid === undefined ? body : { sid: this.sid, ...body };
    const res = await this.client.send({
      method: 'POST',
      url: `/api/app/${file}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(request),
      request,
      ip: this.ip,
    });
    return res.json();
  }

  /** The payload of a call that must answer OK (the scenario cannot go on otherwise). */
  async ok<T = Record<string, unknown>>(file: string, body: Record<string, unknown> = {}): Promise<T> {
    const answer = await this.call<T>(file, body);
    if (answer.status !== 'OK') throw new Error(`${file} answered ${JSON.stringify(answer)}`);
    return answer.payload;
  }

  /** POST a legacy call as multipart (the sid first, then the fields, then the files). */
  async upload<T = Record<string, unknown>>(
    file: string,
    fields: Record<string, string>,
    files: UploadPart[],
  ): Promise<{ status: string; payload: T }> {
    const text = { ...(this.sid === undefined ? {} : { sid: this.sid }), ...fields };
    const body = multipartBody(text, files);
    const res = await this.client.send({
      method: 'POST',
      url: `/api/app/${file}`,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
      request: { multipart: text, files: describeFiles(files) },
      ip: this.ip,
    });
    return res.json();
  }

  /** A GET of the legacy API or of a URL the API gave (a signed file URL). */
  get(url: string): Promise<Answer> {
    return this.client.send({ method: 'GET', url, ip: this.ip });
  }

  /** POST a raw body (a malformed one, on purpose). */
  raw(file: string, payload: string, contentType = 'application/json'): Promise<Answer> {
    return this.client.send({
      method: 'POST',
      url: `/api/app/${file}`,
      headers: { 'content-type': contentType },
      payload,
      request: { raw: payload },
      ip: this.ip,
    });
  }
}

/** A browser of the back-office: keeps its cookies and CSRF token and sends both as the SPA does. */
export class StaffBrowser {
  readonly cookies = new Map<string, string>();
  csrfToken: string | undefined;
  readonly client: ReplayClient;
  readonly ip: string;
  constructor(client: ReplayClient, ip: string) {
    this.client = client;
    this.ip = ip;
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    opts: { noCsrf?: boolean; rawBody?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.csrfToken && !opts.noCsrf) headers['x-csrf-token'] = this.csrfToken;
    const payload = opts.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await this.client.send({
      method,
      url: `/api/backoffice${path}`,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(opts.rawBody !== undefined
        ? { request: { raw: opts.rawBody } }
        : body !== undefined
          ? { request: body }
          : {}),
      ip: this.ip,
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : []) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0\b/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) {
        this.cookies.delete(name);
      } else this.cookies.set(name, value);
    }
    return res;
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body?: unknown, opts?: { noCsrf?: boolean; rawBody?: string }) =>
    this.request('POST', path, body, opts);
  patch = (path: string, body?: unknown) => this.request('PATCH', path, body);

  /** A request that must answer 200 (the scenario cannot go on otherwise): its JSON. */
  async ok<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const res = await this.request(method, path, body);
    if (res.status !== 200)
      throw new Error(`${method} ${path} answered ${res.status}: ${res.raw.toString()}`);
    return res.json<T>();
  }

  /**
   * Password, then the code from the outbox: logged in, with the CSRF token. A minute passes first,
   * as a person's pace (past the previous code's 60-second resend lock).
   */
  async logIn(email: string, password: string): Promise<void> {
    this.client.target.clock.advance(61_000);
    await this.ok('POST', '/auth/login', { email, password });
    const code = await this.client.latestCode(email);
    const session = await this.ok<{ csrfToken: string }>('POST', '/auth/code', { code });
    this.csrfToken = session.csrfToken;
  }
}
