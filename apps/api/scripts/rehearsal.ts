// `npm run rehearsal` (issue 34 point 4): several instances behind a load balancer, rehearsed on this
// machine. One fresh PostgreSQL database, two compiled API instances (apps/api/dist/server.js, as
// deploy/ runs them) sharing it and one file store, HAProxy in front (deploy/haproxy.cfg, health
// checks on /api/ready), and mixed borrower and staff traffic through HAProxy: notification polls
// with autocannon, log-ins, chat messages, receipts with their photos, and the cashier validating
// them. Meanwhile:
//
// 1. steady: nothing happens to the instances (the baseline);
// 2. rolling restart: each instance in turn gets SIGTERM and is started again once it exited; no
//    request may fail;
// 3. SIGKILL: one instance is killed; only requests in flight on it may fail, none once HAProxy
//    has marked it down; every acknowledged write is then found in the database, every receipt is
//    forwarded to the payment partner exactly once and the outbox is emptied by the survivor;
// 4. live chat across instances: answers sent by the staff through one instance reach the borrower
//    streaming from the other, each exactly once.
//
// It prints a table (requests, failures, p99 per phase; lost writes) and exits 1 when a rule above
// does not hold. HAProxy comes from Debian (installed with apt-get when missing). The database is
// `prestamos_rehearsal` on REHEARSAL_DATABASE_URL's server (default the local test server), made
// afresh. REHEARSAL_PHASE_SECONDS (default 15) is each timed phase's length.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentEvidence, type DocumentPreview } from '@prestamos-hn/contract';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { bankAccounts, borrowers, localities, profiles } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { shiftedClock } from '../src/clock.ts';
import { createSession } from '../src/services/sessions.ts';
import { hashPassword } from '../src/services/shared/passwords.ts';
import { makeRehearsalPng, percentile, type PhaseResult, renderTable } from './rehearsal-report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN_URL = process.env.REHEARSAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'prestamos_rehearsal';
const PROXY_PORT = 3400;
const PORTS = [3401, 3402] as const;
const PHASE_SECONDS = Number(process.env.REHEARSAL_PHASE_SECONDS ?? 15);
const BORROWERS = 24;
const PASSWORD = 'Ensayo#2026a';
const FILE_URL_SECRET = 'ensayo-clave-para-firmar-urls-de-archivos-0123456789';
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
const direct = (port: number) => `http://127.0.0.1:${port}`;

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------
// The pieces: HAProxy, the database, the two instances.

function ensureHaproxy(): string {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (found) return found;
  console.log('HAProxy missing: apt-get install -y haproxy');
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? 'apt-get' : 'sudo', [...(asRoot ? [] : ['apt-get']), 'install', '-y', 'haproxy'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p))!;
}

function ensureBuilt() {
  const built = [
    'apps/api/dist/server.js',
    'apps/borrower/dist/index.html',
    'apps/backoffice/dist/index.html',
  ];
  if (built.every((file) => existsSync(path.join(ROOT, file)))) {
    // The server again, in case a source changed since (fast when nothing did).
    execFileSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  } else {
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function freshDatabase() {
  await adminQuery(`drop database if exists ${DATABASE} with (force)`);
  await adminQuery(`create database ${DATABASE}`);
}

const rehearsalStart = Date.now();
/**
 * The instances' clock: today at 10:00 in Tegucigalpa when the rehearsal began, running since, so a
 * rehearsal at night still takes receipts; a restarted instance starts where the clock has got to.
 */
const clockBase = new Date(
  `${new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10)}T10:00:00-06:00`,
);
const appNow = () => new Date(clockBase.getTime() + (Date.now() - rehearsalStart)).toISOString();

interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  log: string[];
}

function instanceEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: PROXY,
    DATABASE_URL: databaseUrl(),
    // One file store for both, as an S3 bucket or a shared folder would be.
    DATA_DIR: dataDir,
    FILE_URL_SECRET,
    DEV_OUTBOX: '1',
    APP_NOW: appNow(),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    SHUTDOWN_GRACE_SECONDS: '10',
    // As deploy/prestamos.env.example: served on until HAProxy (2 checks 2 s apart) has it down.
    SHUTDOWN_DRAIN_SECONDS: '5',
    // The limits count as in production, high enough for one machine's clients never to be refused.
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_STAFF_PER_MINUTE: '100000000',
    ONE_TIME_CODES_PER_HOUR: '100000000',
  };
}

function startInstance(port: number, dataDir: string): Instance {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    env: instanceEnv(port, dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port, child, exited, log };
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ready(base: string): Promise<boolean> {
  return (await fetch(`${base}/api/ready`)).status === 200;
}

/** HAProxy's view of a server (its stats CSV on the admin port): 'UP', 'DOWN', … */
async function proxyState(statsPort: number, port: number): Promise<string> {
  const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
  const server = `api${PORTS.indexOf(port as (typeof PORTS)[number]) + 1}`;
  const line = csv.split('\n').find((l) => l.split(',')[1] === server);
  return line?.split(',')[17] ?? 'unknown';
}

/**
 * deploy/haproxy.cfg as this machine runs it: plain HTTP on the rehearsal's port (no certificate, no
 * redirect to https), the two instances' ports, logs on stdout, in the foreground, plus a stats page
 * the rehearsal reads the servers' states from. Every edit must find its line: a deploy file that
 * changed shape stops the rehearsal instead of rehearsing something else.
 */
function haproxyConfig(statsPort: number): string {
  const edits: [RegExp, string][] = [
    [/^\s*log \/dev\/log local0$/m, '    log stdout format raw local0 info'],
    [/^\s*user haproxy\n\s*group haproxy\n\s*daemon$/m, ''],
    [/^\s*bind :80$/m, `    bind 127.0.0.1:${PROXY_PORT}`],
    [/^\s*bind :443 ssl .*$/m, ''],
    [/^\s*http-request redirect scheme https .*$/m, ''],
    [/^(\s*server api1 )127\.0\.0\.1:\d+( check)$/m, `$1127.0.0.1:${PORTS[0]}$2`],
    [/^(\s*server api2 )127\.0\.0\.1:\d+( check)$/m, `$1127.0.0.1:${PORTS[1]}$2`],
  ];
  let cfg = readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  for (const [pattern, replacement] of edits) {
    if (!pattern.test(cfg)) throw new Error(`deploy/haproxy.cfg no longer has ${pattern}`);
    cfg = cfg.replace(pattern, replacement);
  }
  return `${cfg}\nlisten stats\n    bind 127.0.0.1:${statsPort}\n    mode http\n    stats enable\n    stats uri /stats\n`;
}

// ---------------------------------------------------------------------------------------------------
// The book: borrowers with an approved profile and a disbursed loan, the staff logged in.

interface Borrower {
  id: number;
  email: string;
  sid: string;
  loanId: number;
  instalmentId: number;
}

async function prepareBook(): Promise<Omit<Borrower, 'loanId' | 'instalmentId'>[]> {
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    await seedReferenceData(database.db);
    const { db } = database;
    const [place] = await db
      .select()
      .from(localities)
      .where(eq(localities.municipalityCode, '0801'))
      .limit(1);
    const passwordHash = await hashPassword(PASSWORD);
    const made: Omit<Borrower, 'loanId' | 'instalmentId'>[] = [];
    for (let i = 0; i < BORROWERS; i++) {
      const n = String(i).padStart(5, '0');
      const email = `ensayo${n}@correo.hn`;
      const [row] = await db
        .insert(borrowers)
        .values({
          personCode: `08011991${n}`,
          email,
          mobPhone: `96${n}0`.slice(0, 8),
          firstName: 'ENSAYO',
          firstSurname: 'PERSONA',
          gender: 'F',
          birthday: '1991-01-01',
          passwordHash,
        })
        .returning({ id: borrowers.id });
      const id = row!.id;
      await db.insert(profiles).values({
        borrowerId: id,
        status: '1',
        incomeStatus: 'asalariado',
        incomeCents: 1_500_000,
        maritalStatus: 'casado',
        homeStatus: 'propia',
        dependents: 1,
        dependentsWho: 'Tus hijos',
        education: 'secundaria',
        region: '08',
        county: '0801',
        city: place!.code,
        house: 'Casa 12, bloque B',
        addressReference: 'Frente a la pulpería',
        workplace: 'Banco Atlántida',
        workplacePosition: 'Cajera',
        workRegion: '08',
        workCounty: '0801',
        workExperience: '2020-01-15',
        refTipoPer: 'amigo',
        refNomPer: 'ANA LOPEZ',
        refTelPer: '99001122',
        refTipoLab: 'jefe',
        refNomLab: 'LUIS PEREZ',
        refTelLab: '99003344',
        sentForReviewAt: new Date(appNow()),
        modified: appNow().slice(0, 10),
      });
      await db.insert(bankAccounts).values({ borrowerId: id, bankCode: 1, accountNumber: `55${n}1` });
      const { sid } = await createSession(
        { db, clock: shiftedClock(new Date(appNow())), config },
        { borrowerId: id, state: 'active' },
      );
      made.push({ id, email, sid });
    }
    return made;
  } finally {
    await database.close();
  }
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

async function legacy(base: string, file: string, body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${base}/api/app/${file}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function okLegacy(base: string, file: string, body: Record<string, unknown>) {
  const answer = await legacy(base, file, body);
  if (answer.status !== 200 || answer.json.status !== 'OK') {
    throw new Error(`${file}: ${answer.status} ${JSON.stringify(answer.json)}`);
  }
  return answer.json.payload as Record<string, unknown>;
}

/** A staff member logged in through one instance (the code from its dev outbox): cookie and CSRF token. */
class Staff {
  cookie = '';
  csrf = '';
  readonly email: string;
  readonly password: string;
  constructor(email: string, password: string) {
    this.email = email;
    this.password = password;
  }

  async logIn(port: number) {
    const base = direct(port);
    const outbox = async () =>
      (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(this.email)}`)).json()) as {
        body: string;
      }[];
    const before = (await outbox()).length;
    const login = await this.send(base, 'POST', '/auth/login', {
      email: this.email,
      password: this.password,
    });
    if (login.status !== 200) throw new Error(`staff login ${this.email}: ${JSON.stringify(login.json)}`);
    let code = '';
    await waitUntil(`the code for ${this.email}`, async () => {
      const messages = await outbox();
      code = messages.length > before ? (/\b(\d{6})\b/.exec(messages[0]!.body)?.[1] ?? '') : '';
      return code !== '';
    });
    const confirmed = await this.send(base, 'POST', '/auth/code', { code });
    if (confirmed.status !== 200)
      throw new Error(`staff code ${this.email}: ${JSON.stringify(confirmed.json)}`);
    this.csrf = confirmed.json.csrfToken as string;
  }

  async send(base: string, method: string, route: string, body?: unknown): Promise<Answer> {
    const res = await fetch(`${base}/api/backoffice${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (cookies.length > 0) {
      const jar = new Map(
        this.cookie ? this.cookie.split('; ').map((c) => c.split('=') as [string, string]) : [],
      );
      for (const c of cookies) {
        const [name, ...value] = c.split('=');
        jar.set(name!, value.join('='));
      }
      this.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
}

async function requestAndDisburse(
  made: Omit<Borrower, 'loanId' | 'instalmentId'>[],
  admin: Staff,
  cashier: Staff,
): Promise<Borrower[]> {
  const book: Borrower[] = [];
  const request = { amount: 1000, period: 90, purpose: 1, productId: 3 };
  for (const b of made) {
    await okLegacy(PROXY, 'post_locations', {
      sid: b.sid,
      idClient: 1,
      ip: '127.0.0.1',
      navegador: 'Chrome',
      sistema_operativo: 'Android',
      latitude: 14.0818,
      longitude: -87.2068,
    });
    const contract = await okLegacy(PROXY, 'get_contractPre.php', { sid: b.sid, ...request });
    const note = await okLegacy(PROXY, 'get_pagarePre.php', { sid: b.sid, ...request });
    const offer = await okLegacy(PROXY, 'postOffer.php', {
      sid: b.sid,
      ...request,
      ...(await documentEvidence(contract as DocumentPreview, note as DocumentPreview)),
    });
    const loanId = offer.container_id as number;
    for (const decision of ['take', 'approve']) {
      const decided = await admin.send(PROXY, 'POST', `/loans/${loanId}/decision`, { decision });
      if (decided.status !== 200) throw new Error(`loan ${decision}: ${JSON.stringify(decided.json)}`);
    }
    const paid = await cashier.send(PROXY, 'POST', `/loans/${loanId}/disbursement`, {
      disbursedOn: appNow().slice(0, 10),
      reference: `TRF-ENSAYO-${loanId}`,
    });
    if (paid.status !== 200) throw new Error(`disbursement: ${JSON.stringify(paid.json)}`);
    const instalments = paid.json.instalments as { id: number; position: number }[];
    book.push({ ...b, loanId, instalmentId: instalments.find((i) => i.position === 1)!.id });
  }
  return book;
}

// ---------------------------------------------------------------------------------------------------
// The traffic: autocannon polls the badge; workers log in, write chat messages, send receipts and
// validate them, each remembering what the server acknowledged.

interface Sample {
  kind: string;
  at: number;
  ms: number;
  ok: boolean;
  /** Answered with a refusal by a rule of the product (a rate limit, 3 receipts waiting…): not a failure. */
  refused?: boolean;
  detail?: string;
}

/**
 * What an answer says: undefined when done; `refused …` when the server answered no by a rule of the
 * product (a legacy ER, a 4xx such as a rate limit's 429): answered, so no failure of the platform;
 * otherwise (5xx) the failure.
 */
function outcome(status: number, json: unknown): string | undefined {
  const envelope = json as { status?: unknown };
  if (status === 200 && (envelope.status === undefined || envelope.status === 'OK')) return undefined;
  const text = `${status} ${JSON.stringify(json).slice(0, 160)}`;
  return status < 500 ? `refused ${text}` : text;
}

class Traffic {
  samples: Sample[] = [];
  acknowledged = {
    chat: new Set<string>(),
    receipts: new Set<number>(),
    validations: new Set<number>(),
  };
  stopped = false;
  private workers: Promise<void>[] = [];
  private poller: autocannon.Instance | undefined;
  private receiptSeq = 0;
  private chatSeq = 0;

  private readonly book: Borrower[];
  private readonly cashier: Staff;
  constructor(book: Borrower[], cashier: Staff) {
    this.book = book;
    this.cashier = cashier;
  }

  start() {
    this.startPoller();
    this.workers.push(this.loop('login', () => this.logIn()));
    for (let i = 0; i < 2; i++) this.workers.push(this.loop('chat', () => this.chat()));
    this.workers.push(this.loop('receipt', () => this.receipt()));
    this.workers.push(this.loop('validation', () => this.validate()));
  }

  private startPoller() {
    let next = 0;
    const sids = this.book.map((b) => b.sid);
    const instance = autocannon(
      {
        url: `${PROXY}/api/app/getNotificationNum.php`,
        connections: 4,
        duration: 24 * 3600,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => ({ ...req, body: JSON.stringify({ sid: sids[next++ % sids.length] }) }),
          },
        ],
      },
      // With a callback autocannon answers its running instance (stopped by `stop`).
      () => {},
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      this.samples.push({ kind: 'poll', at: Date.now(), ms: responseTime, ok: statusCode === 200 });
    });
    instance.on('reqError', () => {
      this.samples.push({ kind: 'poll', at: Date.now(), ms: 0, ok: false, detail: 'connection error' });
    });
    this.poller = instance;
  }

  private async loop(kind: string, once: () => Promise<string | undefined>) {
    while (!this.stopped) {
      const at = Date.now();
      let detail: string | undefined;
      try {
        detail = await once();
      } catch (error) {
        detail = `error: ${(error as Error).message}`;
      }
      this.samples.push({
        kind,
        at,
        ms: Date.now() - at,
        ok: detail === undefined || detail.startsWith('refused '),
        refused: detail?.startsWith('refused ') ?? false,
        ...(detail ? { detail } : {}),
      });
      await sleep(50);
    }
  }

  private pick(): Borrower {
    return this.book[Math.floor(Math.random() * this.book.length)]!;
  }

  /** A password log-in (it sends a login code): answered OK. */
  private async logIn() {
    const b = this.pick();
    const answer = await legacy(PROXY, 'login.php', { UsrUsr: b.email, UsrPwd: PASSWORD });
    return outcome(answer.status, answer.json);
  }

  private async chat() {
    const b = this.pick();
    this.chatSeq += 1;
    const clientId = randomUUID();
    const answer = await legacy(PROXY, 'postChatMessage.php', {
      sid: b.sid,
      text: `Mensaje de ensayo ${this.chatSeq}`,
      clientId,
    });
    const result = outcome(answer.status, answer.json);
    if (result === undefined) this.acknowledged.chat.add(clientId);
    return result;
  }

  private async receipt() {
    const b = this.pick();
    this.receiptSeq += 1;
    const form = new FormData();
    form.set('sid', b.sid);
    form.set('containerId', String(b.loanId));
    form.set('idpago', String(b.instalmentId));
    form.set('amount', '10.00');
    form.set('reference', `ENS${process.pid}${this.receiptSeq}`);
    form.set('DOC', new Blob([makeRehearsalPng()], { type: 'image/png' }), 'deposito.png');
    const res = await fetch(`${PROXY}/api/app/send_recipemail.php`, { method: 'POST', body: form });
    const json = (await res.json()) as { status: string; payload: { receipt_id?: number } };
    const result = outcome(res.status, json);
    if (result === undefined) this.acknowledged.receipts.add(json.payload.receipt_id!);
    return result;
  }

  /** The cashier takes the oldest pending receipt and validates it with the amount declared. */
  private async validate() {
    const list = await this.cashier.send(PROXY, 'GET', '/receipts?state=pending&pageSize=5');
    if (list.status !== 200) return outcome(list.status, list.json);
    const items = list.json.items as { id: number }[];
    if (items.length === 0) {
      await sleep(200);
      return undefined;
    }
    const id = items[Math.floor(Math.random() * items.length)]!.id;
    const one = await this.cashier.send(PROXY, 'GET', `/receipts/${id}`);
    if (one.status !== 200) return outcome(one.status, one.json);
    const decided = await this.cashier.send(PROXY, 'POST', `/receipts/${id}/decision`, {
      decision: 'validate',
      amount: '10.00',
      photoSha256: one.json.photoSha256,
    });
    // A 409: another validation of the same receipt won the race (refused, answered).
    const result = outcome(decided.status, decided.json);
    if (result === undefined) this.acknowledged.validations.add(id);
    return result;
  }

  async stop() {
    this.stopped = true;
    this.poller?.stop();
    await Promise.all(this.workers);
  }

  /** Requests begun in [from, to): count, failures and p99 latency. */
  window(from: number, to: number) {
    const inside = this.samples.filter((s) => s.at >= from && s.at < to);
    const failures = inside.filter((s) => !s.ok);
    return {
      requests: inside.length,
      refused: inside.filter((s) => s.refused).length,
      failures: failures.length,
      p99: percentile(
        inside.filter((s) => s.ok && !s.refused).map((s) => s.ms),
        0.99,
      ),
      failureKinds: [...new Set(failures.map((f) => `${f.kind}: ${(f.detail ?? '').slice(0, 120)}`))].slice(
        0,
        5,
      ),
      lastFailureAt: failures.length ? Math.max(...failures.map((f) => f.at)) : undefined,
    };
  }
}

// ---------------------------------------------------------------------------------------------------
// The live chat across instances.

/** Opens the borrower's chat stream on `port` and collects the message ids it receives. */
async function openStream(port: number, sid: string) {
  const { ticket } = (await okLegacy(direct(port), 'getChatTicket.php', { sid })) as { ticket: string };
  const controller = new AbortController();
  const res = await fetch(`${direct(port)}/api/app/chat/events?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`chat stream: ${res.status}`);
  const received: number[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('');
          if (data) {
            const parsed = JSON.parse(data) as { id?: number; message?: { id: number } };
            const id = parsed.id ?? parsed.message?.id;
            if (id !== undefined) received.push(id);
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return { received, close: () => controller.abort() };
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const haproxy = ensureHaproxy();
  ensureBuilt();
  await freshDatabase();
  const work = mkdtempSync(path.join(tmpdir(), 'prestamos-rehearsal-'));
  const dataDir = path.join(work, 'data');
  const statsPort = PROXY_PORT + 10;
  const instances = new Map<number, Instance>();
  let proxy: ChildProcess | undefined;
  let traffic: Traffic | undefined;
  const results: PhaseResult[] = [];
  const abnormal: string[] = [];
  const problems: string[] = [];

  const stopAll = async () => {
    await traffic?.stop().catch(() => {});
    for (const instance of instances.values()) instance.child.kill('SIGKILL');
    proxy?.kill('SIGKILL');
  };
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

  try {
    console.log(`Database ${DATABASE}: ${BORROWERS} borrowers with an approved profile…`);
    const made = await prepareBook();

    for (const port of PORTS) {
      const instance = startInstance(port, dataDir);
      instances.set(port, instance);
      await waitUntil(`instance ${port} ready`, () => ready(direct(port)));
    }
    const cfg = path.join(work, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(statsPort));
    proxy = spawn(haproxy, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'inherit'] });
    // HAProxy's log of each request: those that did not end normally are kept (a 5xx, or a
    // termination state other than '--': aborted by a side, a server that went away).
    let partial = '';
    proxy.stdout!.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      for (const line of lines) {
        const fields = line.split(' ');
        const status = fields[5];
        const termination = fields[9];
        const api = fields[3]?.startsWith('prestamos_api/');
        if (api && status && termination && (/^(5|-)/.test(status) || !termination.startsWith('--'))) {
          abnormal.push(line);
        }
      }
    });
    await waitUntil('HAProxy with both instances up', async () => {
      const states = await Promise.all(PORTS.map((p) => proxyState(statsPort, p)));
      return states.every((s) => s.startsWith('UP'));
    });

    const admin = new Staff('admin@prestamos.local', 'Admin123!');
    const cashier = new Staff('cajero@prestamos.local', 'Equipo2026!');
    await admin.logIn(PORTS[0]);
    await cashier.logIn(PORTS[0]);
    console.log('Loans requested, approved and disbursed through HAProxy…');
    const book = await requestAndDisburse(made, admin, cashier);

    traffic = new Traffic(book, cashier);
    traffic.start();

    // 1. Steady.
    let from = Date.now();
    await sleep(PHASE_SECONDS * 1000);
    results.push({ phase: 'steady', ...traffic.window(from, Date.now()) });

    // 2. Rolling restart: SIGTERM, wait for the exit, start again, wait until HAProxy has it up.
    from = Date.now();
    for (const port of PORTS) {
      const old = instances.get(port)!;
      old.child.kill('SIGTERM');
      const code = await old.exited;
      if (code !== 0) {
        problems.push(`instance ${port} exited ${code} after SIGTERM:\n${old.log.slice(-5).join('')}`);
      }
      const again = startInstance(port, dataDir);
      instances.set(port, again);
      await waitUntil(`instance ${port} ready again`, () => ready(direct(port)));
      await waitUntil(`HAProxy sees ${port} up`, async () =>
        (await proxyState(statsPort, port)).startsWith('UP'),
      );
      await sleep(1000);
    }
    const rolling = traffic.window(from, Date.now());
    results.push({ phase: 'rolling restart (SIGTERM each)', ...rolling });
    if (rolling.failures > 0) problems.push(`rolling restart: ${rolling.failures} failed requests`);

    // 3. SIGKILL the first instance; HAProxy marks it down; the survivor serves and works the jobs.
    from = Date.now();
    const victim = instances.get(PORTS[0])!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    const killedAt = Date.now();
    await waitUntil('HAProxy marks the killed instance down', async () =>
      (await proxyState(statsPort, PORTS[0])).startsWith('DOWN'),
    );
    const downAt = Date.now();
    await sleep(PHASE_SECONDS * 1000);
    const kill = traffic.window(from, Date.now());
    const afterDown = traffic.window(downAt, Date.now());
    results.push({ phase: `SIGKILL (down after ${((downAt - killedAt) / 1000).toFixed(1)} s)`, ...kill });
    results.push({ phase: '  of which after marked down', ...afterDown });
    if (afterDown.failures > 0)
      problems.push(`after HAProxy marked it down: ${afterDown.failures} failed requests`);

    await traffic.stop();

    // 4. Live chat across instances: the borrower streams from the survivor's sibling (restarted),
    //    the staff answer through the other.
    const restarted = startInstance(PORTS[0], dataDir);
    instances.set(PORTS[0], restarted);
    await waitUntil(`instance ${PORTS[0]} back`, () => ready(direct(PORTS[0])));
    const talker = book[0]!;
    await okLegacy(direct(PORTS[0]), 'postChatMessage.php', {
      sid: talker.sid,
      text: 'Hola, tengo una consulta',
      clientId: randomUUID(),
    });
    const stream = await openStream(PORTS[0], talker.sid);
    const inbox = await admin.send(direct(PORTS[1]), 'GET', '/chats?pageSize=100');
    const chat = ((inbox.json.items ?? []) as { id: number; borrower: { id: number } }[]).find(
      (c) => c.borrower.id === talker.id,
    );
    if (!chat)
      throw new Error(`the borrower's conversation is not in the inbox: ${JSON.stringify(inbox.json)}`);
    const sent: number[] = [];
    const chatStarted = Date.now();
    for (let i = 1; i <= 20; i++) {
      const answer = await admin.send(direct(PORTS[1]), 'POST', `/chats/${chat.id}/messages`, {
        text: `Respuesta de ensayo ${i}`,
      });
      if (answer.status !== 200) throw new Error(`chat answer: ${JSON.stringify(answer.json)}`);
      sent.push((answer.json.message as { id: number }).id);
    }
    await waitUntil(
      'every answer on the stream',
      async () => sent.every((id) => stream.received.includes(id)),
      15_000,
    ).catch(() => {});
    await sleep(1000);
    stream.close();
    const duplicates = stream.received.length - new Set(stream.received).size;
    const missing = sent.filter((id) => !stream.received.includes(id)).length;
    results.push({
      phase: 'live chat across instances',
      requests: sent.length,
      refused: 0,
      failures: missing + duplicates,
      p99: Date.now() - chatStarted,
      failureKinds: missing || duplicates ? [`missing ${missing}, duplicated ${duplicates}`] : [],
    });
    if (missing || duplicates) problems.push(`live chat: ${missing} missing, ${duplicates} duplicated`);

    // Every acknowledged write is there; the jobs finished exactly once.
    const pool = new pg.Pool({ connectionString: databaseUrl() });
    const lost: string[] = [];
    const chatIds = [...traffic.acknowledged.chat];
    const { rows: storedChat } = await pool.query<{ n: number }>(
      'select count(*)::int as n from chat_messages where client_id = any($1::text[])',
      [chatIds],
    );
    if (storedChat[0]!.n !== chatIds.length) lost.push(`chat ${chatIds.length - storedChat[0]!.n}`);
    const receiptIds = [...traffic.acknowledged.receipts];
    const { rows: storedReceipts } = await pool.query<{ n: number }>(
      'select count(*)::int as n from receipts where id = any($1::int[])',
      [receiptIds],
    );
    if (storedReceipts[0]!.n !== receiptIds.length)
      lost.push(`receipts ${receiptIds.length - storedReceipts[0]!.n}`);
    const validated = [...traffic.acknowledged.validations];
    const { rows: decided } = await pool.query<{ n: number }>(
      "select count(*)::int as n from receipts where id = any($1::int[]) and state in ('validated', 'awaiting_approval')",
      [validated],
    );
    if (decided[0]!.n !== validated.length) lost.push(`validations ${validated.length - decided[0]!.n}`);
    // The jobs: every receipt forwarded once, nothing left in the outbox, one servicing run per date.
    let jobsSettled = false;
    const jobsFrom = Date.now();
    await waitUntil(
      'receipts forwarded and the outbox delivered',
      async () => {
        const { rows } = await pool.query<{ pending_forwards: number; pending_outbox: number }>(
          `select (select count(*)::int from receipt_forwards where status = 'pending') as pending_forwards,
                  (select count(*)::int from outbox where status = 'pending') as pending_outbox`,
        );
        jobsSettled = rows[0]!.pending_forwards === 0 && rows[0]!.pending_outbox === 0;
        return jobsSettled;
      },
      // A job a killed instance held expires after JOB_EXPIRE_SECONDS (120 s), checked every 30 s; then the
      // next minute's job runs on the survivor.
      300_000,
    ).catch(() => {});
    const { rows: forwards } = await pool.query<{ missing: number; twice: number }>(
      `select (select count(*)::int from receipts r where r.id = any($1::int[])
                 and not exists (select 1 from receipt_forwards f where f.receipt_id = r.id and f.status = 'sent')) as missing,
              (select count(*)::int from receipt_forwards where attempts > 1) as twice`,
      [receiptIds],
    );
    const { rows: runs } = await pool.query<{ dates: number; done: number; rows: number }>(
      `select count(distinct business_date)::int as dates, count(*) filter (where status = 'done')::int as done,
              count(*)::int as rows from servicing_runs`,
    );
    await pool.end();
    const jobs = `forwarded: ${receiptIds.length - forwards[0]!.missing}/${receiptIds.length} (${forwards[0]!.twice} retried), outbox ${jobsSettled ? 'empty' : 'NOT empty'} after ${((Date.now() - jobsFrom) / 1000).toFixed(0)} s, servicing runs ${runs[0]!.done}/${runs[0]!.dates} dates done`;
    if (!jobsSettled || forwards[0]!.missing > 0) problems.push(`jobs: ${jobs}`);
    if (lost.length > 0) problems.push(`lost writes: ${lost.join(', ')}`);

    const table = renderTable(results, {
      measured: new Date().toISOString().slice(0, 10),
      lostWrites: lost.length === 0 ? 0 : lost.join(', '),
      acknowledged: `${chatIds.length} chat messages, ${receiptIds.length} receipts, ${validated.length} validations`,
      jobs,
    });
    console.log(`\n${table}`);
    if (problems.length > 0) {
      console.error(`\nThe rehearsal found:\n- ${problems.join('\n- ')}`);
      for (const instance of instances.values()) console.error(instance.log.slice(-10).join(''));
      if (abnormal.length > 0)
        console.error(`HAProxy, requests that ended abnormally:\n${abnormal.slice(-20).join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await stopAll();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
