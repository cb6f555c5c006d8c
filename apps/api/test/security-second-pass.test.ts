// Issue 32, "Security, second pass": one named group per point (1 to 5 here; 6, 7, 8 and the staff
// matrix in security-second-pass-*.test.ts), on PGlite and on PostgreSQL (DATABASE_URL).
// docs/security.md, "Second pass", says what each protects.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, type StaffRole } from '@prestamos-hn/domain';
import { CHAT_EVENTS_PATH } from '@prestamos-hn/contract';
import {
  ConfigError,
  DEMO_ADMIN,
  DEMO_STAFF,
  isLoopbackAddress,
  isLoopbackHost,
  loadConfig,
  repoRoot,
} from '../src/config.ts';
import {
  auditLog,
  borrowerFiles,
  borrowers,
  chatConversations,
  chatMessages,
  oneTimeCodes,
  receiptForwards,
  sessions,
  staffAccounts,
  staffAlerts,
  staffSessions,
} from '../src/db/schema/index.ts';
import { loginBackoffMessage, loginCodeLockedMessage } from '../src/services/accounts/messages.ts';
import { LOGIN_MAX_WAIT_MS, loginWaitMs } from '../src/services/login-backoff.ts';
import { hashPassword, verifyPassword } from '../src/services/shared/passwords.ts';
import { describeExposure, exposureLine } from '../src/exposure.ts';
import type { FileStorage } from '../src/integrations/index.ts';
import { createFolderFileStorage } from '../src/integrations/file-storage/simulator.ts';
import { decideReceipt, listReceipts } from '../src/services/payments/cashier-desk.ts';
import { FORWARD_INTERNAL_ERROR, forwardPendingReceipts } from '../src/services/payments/partner-forward.ts';
import { signedFileUrl } from '../src/services/shared/file-urls.ts';
import { quotaMessages } from '../src/services/shared/quotas.ts';
import { staffMessages } from '../src/services/shared/refusals.ts';
import { staffPasswordLinkMessages } from '../src/services/staff/password-links.ts';
import {
  demoAccountsStillOpen,
  ensureDemoStaff,
  ensureFirstAdmin,
} from '../src/services/staff/staff-accounts.ts';
import { PASSWORD, karla, latestCode, latestLink, logInFully, outboxFor } from './support/accounts.ts';
import {
  expectError,
  insertStaff,
  logInStaff,
  StaffBrowser,
  STAFF_PASSWORD,
  type StaffResponse,
} from './support/backoffice.ts';
import { insertBorrower, sessionFor } from './support/borrowers.ts';
import { postChat, postChatMultipart } from './support/chat.ts';
import {
  borrowerWithDisbursedLoan,
  borrowerWithReceipt,
  depositPhoto,
  paymentStaff,
  photoOf,
  postReceipt,
  receiptsOf,
  sessionNow,
  type Staff,
} from './support/payments.ts';
import { allDocuments, images, uploadFiles } from './support/profile.ts';
import { PRODUCTION_ENV, createTestApp, type TestApp } from './support/test-app.ts';

/** Every outside party real and a fixed URL key: what a reachable server needs, NODE_ENV aside. */
const { NODE_ENV: _production, ...REAL_SETTINGS } = PRODUCTION_ENV;

/** The settings whose absence leaves a simulator or a random key in place. */
const REQUIRED_WHEN_REACHABLE = [
  'CENSUS_URL',
  'SMS_URL',
  'SMTP_URL',
  'BANK_ACCOUNT_CHECK_URL',
  'PAYMENT_PARTNER_URL',
  'FILE_URL_SECRET',
] as const;

/**
 * Each unsafe combination on a reachable HOST, whatever NODE_ENV says: the settings, and the
 * settings the refusal must name.
 */
const UNSAFE: { name: string; env: Record<string, string | undefined>; names: string[] }[] = [
  { name: 'HOST=0.0.0.0 and nothing else', env: { HOST: '0.0.0.0' }, names: [...REQUIRED_WHEN_REACHABLE] },
  ...REQUIRED_WHEN_REACHABLE.map((setting) => ({
    name: `HOST=0.0.0.0 without ${setting}`,
    env: { ...REAL_SETTINGS, HOST: '0.0.0.0', [setting]: undefined },
    names: [setting],
  })),
  {
    name: 'HOST=0.0.0.0 with the demo admin password',
    env: {
      ...REAL_SETTINGS,
      HOST: '0.0.0.0',
      BACKOFFICE_ADMIN_EMAIL: DEMO_ADMIN.email,
      BACKOFFICE_ADMIN_PASSWORD: DEMO_ADMIN.password,
    },
    names: ['BACKOFFICE_ADMIN_PASSWORD'],
  },
  {
    name: 'HOST=0.0.0.0 with DEV_OUTBOX=1',
    env: { ...REAL_SETTINGS, HOST: '0.0.0.0', DEV_OUTBOX: '1' },
    names: ['DEV_OUTBOX'],
  },
  {
    name: 'HOST=:: with NODE_ENV=test, without SMS_URL',
    env: { ...REAL_SETTINGS, NODE_ENV: 'test', HOST: '::', SMS_URL: undefined },
    names: ['SMS_URL'],
  },
  {
    name: 'NODE_ENV=production on loopback with DEV_OUTBOX=1',
    env: { ...PRODUCTION_ENV, HOST: '127.0.0.1', DEV_OUTBOX: '1' },
    names: ['DEV_OUTBOX'],
  },
];

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the server (tsx on src/server.ts) with exactly these settings and nothing inherited, in its own
 * process group on an ephemeral port: should it start after all (a regression), the group is killed
 * at the time limit and the test fails.
 */
function runServer(env: Record<string, string | undefined>, timeoutMs = 60_000): Promise<Exit> {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return new Promise((resolve) => {
    const child = spawn(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      [path.join(repoRoot, 'apps/api/src/server.ts')],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', PORT: '0', ...clean },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\n(still running after ${timeoutMs} ms: killed)`;
      process.kill(-child.pid!, 'SIGKILL');
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs `jobs` at most `limit` at a time (the machine has two cores). */
async function inTurns<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

describe('Second pass, 1. Fail closed', () => {
  describe('the server refuses to start on a reachable HOST while anything of a newcomer would be used', () => {
    const exits = new Map<string, Exit>();
    beforeAll(async () => {
      const results = await inTurns(
        UNSAFE.map((c) => () => runServer(c.env)),
        2,
      );
      UNSAFE.forEach((c, i) => exits.set(c.name, results[i]!));
    }, 180_000);

    it.each(UNSAFE)('$name: exits non-zero with one line naming the setting', ({ name, names }) => {
      const exit = exits.get(name)!;
      expect(exit.code).not.toBe(0);
      expect(exit.code).not.toBeNull();
      const lines = exit.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      for (const setting of names) expect(lines[0]).toContain(setting);
      expect(lines[0]).toMatch(/^No arranca /);
      // Refused before anything listened or was created.
      expect(exit.stdout).not.toContain('listo en');
    });
  });

  it.each(UNSAFE)('$name: the config loader the server uses refuses it, in one line', ({ env, names }) => {
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).not.toBe('');
    expect(message).not.toContain('\n');
    for (const setting of names) expect(message).toContain(setting);
  });

  it('whatever NODE_ENV says (development, test, unset), a reachable HOST refuses the defaults', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      for (const HOST of ['0.0.0.0', '::', '192.168.1.20', 'servidor.example.hn']) {
        expect(() => loadConfig({ NODE_ENV, HOST })).toThrow(ConfigError);
      }
    }
  });

  it('loopback is 127.0.0.0/8, ::1 and localhost; everything else is reachable', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', 'LOCALHOST'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '',
      '10.0.0.1',
      '::ffff:10.0.0.1',
      'localhost.example.hn',
      '127.0.0.1.nip.io',
    ])
      expect(isLoopbackHost(host)).toBe(false);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ['10.1.2.3', '::ffff:10.1.2.3', 'fe80::1', undefined])
      expect(isLoopbackAddress(address)).toBe(false);
  });

  it('the embedded defaults (loopback, no settings) still start: a fresh `npm ci && npm start`', () => {
    const config = loadConfig({ DEV_OUTBOX: '1' });
    expect(config.loopbackHost).toBe(true);
    expect(config.devOutbox).toBe(true);
    expect(config.backoffice.firstAdmin).toEqual(DEMO_ADMIN);
    expect(config.backoffice.demoStaff.map((s) => s.email)).toEqual(DEMO_STAFF.map((s) => s.email));
  });

  it('a reachable HOST with every setting starts without the demo admin or staff, and creates none', async () => {
    const config = loadConfig({ ...REAL_SETTINGS, HOST: '0.0.0.0' });
    expect(config.loopbackHost).toBe(false);
    expect(config.devOutbox).toBe(false);
    expect(config.backoffice.firstAdmin).toBeUndefined();
    expect(config.backoffice.demoStaff).toEqual([]);

    const t = await createTestApp({ env: { ...REAL_SETTINGS, HOST: '0.0.0.0' } });
    try {
      expect(await ensureFirstAdmin(t.deps)).toBe('not_configured');
      expect(await ensureDemoStaff(t.deps)).toBe(0);
      const demoEmails: string[] = [DEMO_ADMIN.email, ...DEMO_STAFF.map((s) => s.email)];
      const made = await t.deps.db.select({ email: staffAccounts.email }).from(staffAccounts);
      expect(made.filter((row) => demoEmails.includes(row.email))).toEqual([]);
      // Nor does the outbox exist there.
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('a demo account made by an earlier start on loopback, still on its published password, is found', async () => {
    const t = await createTestApp();
    try {
      await ensureFirstAdmin(t.deps);
      await ensureDemoStaff(t.deps);
      expect((await demoAccountsStillOpen(t.deps)).sort()).toEqual(
        [DEMO_ADMIN.email, ...DEMO_STAFF.map((s) => s.email)].sort(),
      );
      // Disabled, or on another password: no longer open.
      await t.deps.db
        .update(staffAccounts)
        .set({ disabledAt: new Date() })
        .where(sql`lower(${staffAccounts.email}) <> ${DEMO_ADMIN.email}`);
      await t.deps.db
        .update(staffAccounts)
        .set({ passwordHash: 'not-a-real-hash' })
        .where(eq(staffAccounts.email, DEMO_ADMIN.email));
      expect(await demoAccountsStillOpen(t.deps)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  describe('the development outbox', () => {
    it('does not exist without DEV_OUTBOX=1', async () => {
      const t = await createTestApp({ env: { DEV_OUTBOX: '0' } });
      try {
        for (const url of ['/api/dev/outbox', '/api/dev/outbox.html', '/api/dev/outbox?to=99887766']) {
          expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(
            404,
          );
        }
      } finally {
        await t.close();
      }
    });

    it('answers a direct loopback client only: not another address, not a proxied request, whatever X-Forwarded-For says', async () => {
      const t = await createTestApp({ env: { DEV_OUTBOX: '1', TRUST_PROXY: '1' } });
      try {
        const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
          t.app.inject({ method: 'GET', url, remoteAddress, headers });
        for (const url of ['/api/dev/outbox', '/api/dev/outbox.html']) {
          expect((await get(url, '127.0.0.1')).statusCode).toBe(200);
          expect((await get(url, '::1')).statusCode).toBe(200);
          const refused = await get(url, '10.1.2.3');
          expect(refused.statusCode).toBe(404);
          expect(refused.body).not.toContain('Bandeja');
          // A trusted proxy saying the client is loopback does not make it so (request.ip would).
          expect((await get(url, '10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
          // A proxy on this machine connects from 127.0.0.1 but relays someone else.
          expect((await get(url, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
          expect((await get(url, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
        }
      } finally {
        await t.close();
      }
    });
  });

  describe('one start-up line says what is on', () => {
    it('on the defaults: the outbox, the demo accounts, the simulators and the random key', () => {
      const exposure = describeExposure(loadConfig({ DEV_OUTBOX: '1' }));
      expect(exposure).toMatchObject({
        host: '127.0.0.1',
        loopbackHost: true,
        devOutbox: true,
        demoAccounts: [DEMO_ADMIN.email, ...DEMO_STAFF.map((s) => s.email)],
        randomKeys: ['FILE_URL_SECRET'],
      });
      expect(exposure.simulators).toEqual(
        expect.arrayContaining(['census', 'sms', 'mailer', 'bankAccountCheck', 'paymentPartner']),
      );
      const line = exposureLine(exposure);
      expect(line.level).toBe('warn');
      for (const part of ['bandeja', 'admin@prestamos.local', 'census', 'FILE_URL_SECRET'])
        expect(line.message).toContain(part);
    });

    it('with every setting: none of them', () => {
      const exposure = describeExposure(loadConfig({ ...REAL_SETTINGS, HOST: '0.0.0.0' }));
      expect(exposure).toMatchObject({ devOutbox: false, demoAccounts: [], randomKeys: [] });
      expect(exposure.simulators).not.toContain('census');
      expect(exposureLine(exposure).level).toBe('info');
    });

    it('the server logs it once at start', async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'prestamos-start-'));
      try {
        const lines: string[] = [];
        const child = spawn(
          path.join(repoRoot, 'node_modules/.bin/tsx'),
          [path.join(repoRoot, 'apps/api/src/server.ts')],
          {
            cwd: repoRoot,
            env: {
              PATH: process.env.PATH ?? '',
              HOST: '127.0.0.1',
              PORT: '0',
              DATA_DIR: dataDir,
              DEV_OUTBOX: '1',
              LOG_LEVEL: 'info',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
            detached: true,
          },
        );
        let buffer = '';
        const seen = new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no start-up line:\n${buffer}`)), 90_000);
          child.stdout.on('data', (chunk: Buffer) => {
            buffer += chunk.toString();
            const parts = buffer.split('\n');
            lines.push(...parts.slice(0, -1));
            buffer = parts.at(-1)!;
            if (lines.some((l) => l.includes('listo en'))) {
              clearTimeout(timer);
              resolve();
            }
          });
          child.on('exit', (code) => reject(new Error(`exited ${code}: ${lines.join('\n')}${buffer}`)));
        });
        try {
          await seen;
        } finally {
          if (child.exitCode === null && child.signalCode === null) {
            const exited = new Promise((resolve) => child.once('exit', resolve));
            process.kill(-child.pid!, 'SIGTERM');
            await exited;
          }
        }
        const exposureLines = lines.filter((l) => l.includes('"exposure"'));
        expect(exposureLines).toHaveLength(1);
        const logged = JSON.parse(exposureLines[0]!) as { msg: string; exposure: Record<string, unknown> };
        expect(logged.exposure).toMatchObject({
          devOutbox: true,
          loopbackHost: true,
          randomKeys: ['FILE_URL_SECRET'],
        });
        expect(logged.msg).toContain('bandeja de desarrollo');
        expect(logged.msg).toContain(DEMO_ADMIN.email);
        expect(logged.msg).toContain('simuladores');
        expect(logged.msg).toContain('claves al azar FILE_URL_SECRET');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  });
});

describe('Second pass, 2. Rate-limit keys', () => {
  it('an IPv6 client is limited by its /64: another address of the same network shares the limit, another network does not', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      // A legacy call with no route limit of its own: RATE_LIMIT_PER_MINUTE per client and call.
      const from = async (remoteAddress: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/app/getPurposeList.php',
            payload: { sid: 'desconocido' },
            remoteAddress,
          })
        ).statusCode;
      for (const host of ['a', 'b', 'c']) expect(await from(`2001:db8:1:2::${host}`)).not.toBe(429);
      expect(await from('2001:db8:1:2::d')).toBe(429);
      expect(await from('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(429);
      expect(await from('2001:db8:1:3::a')).not.toBe(429);
    } finally {
      await t.close();
    }
  });

  const forwardedWarnings = (lines: string[]) =>
    lines.filter((l) => l.includes('X-Forwarded-For llegó con TRUST_PROXY apagado'));

  it('X-Forwarded-For while TRUST_PROXY is off is logged, once a minute at most; with TRUST_PROXY set, not at all', async () => {
    const lines: string[] = [];
    const t = await createTestApp({
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      await t.app.inject({ method: 'GET', url: '/versionjs.txt' });
      expect(forwardedWarnings(lines)).toEqual([]);
      for (const address of ['203.0.113.7', '203.0.113.8']) {
        await t.app.inject({ method: 'GET', url: '/versionjs.txt', headers: { 'x-forwarded-for': address } });
      }
      const warned = forwardedWarnings(lines);
      expect(warned).toHaveLength(1);
      expect(JSON.parse(warned[0]!)).toMatchObject({ level: 40, forwardedFor: '203.0.113.7' });
    } finally {
      await t.close();
    }

    const trusted: string[] = [];
    const behindProxy = await createTestApp({
      env: { LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
      logStream: { write: (line) => void trusted.push(line) },
    });
    try {
      await behindProxy.app.inject({
        method: 'GET',
        url: '/versionjs.txt',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      expect(forwardedWarnings(trusted)).toEqual([]);
    } finally {
      await behindProxy.close();
    }
  });
  it('the registration codes per IP count an IPv6 client by its /64, and store its key, not its address', async () => {
    const t = await createTestApp({ env: { REGISTRATION_CODES_PER_IP_PER_HOUR: '3' } });
    try {
      const ask = async (phone: string, ip: string) =>
        (await t.call('otp_cre.php', { UsrTel: phone }, { ip })).json.status as string;
      expect(await ask('31000101', '2001:db8:5:6::a')).toBe('OK');
      expect(await ask('31000102', '2001:db8:5:6::b')).toBe('OK');
      expect(await ask('31000103', '2001:db8:5:6:1:2:3:4')).toBe('OK');
      // A fourth phone from another address of the same /64: that network asked for three already.
      expect(await ask('31000104', '2001:db8:5:6::ffff')).toBe('ER');
      expect(await ask('31000104', '2001:db8:5:7::a')).toBe('OK');
      const stored = await t.deps.db
        .select({ ip: oneTimeCodes.ip })
        .from(oneTimeCodes)
        .where(eq(oneTimeCodes.purpose, 'registration'));
      expect(new Set(stored.map((r) => r.ip))).toEqual(new Set(['2001:db8:5:6::/64', '2001:db8:5:7::/64']));
    } finally {
      await t.close();
    }
  });

  describe('global hourly ceilings, all addresses together', () => {
    const alertsOf = (t: TestApp) =>
      t.deps.db.select({ kind: staffAlerts.kind, message: staffAlerts.message }).from(staffAlerts);

    it('census lookups: past CEILING_CENSUS_LOOKUPS_PER_HOUR the answer says when to try again, without asking the registry; logged once, one staff alert e-mailed', async () => {
      const lines: string[] = [];
      const t = await createTestApp({
        now: '2026-11-27T12:10:00Z',
        env: { CEILING_CENSUS_LOOKUPS_PER_HOUR: '3', LOG_LEVEL: 'warn' },
        logStream: { write: (line) => void lines.push(line) },
      });
      try {
        await insertStaff(t, { email: 'admin.techos@prestamos.test', role: 'admin' });
        let registryCalls = 0;
        const lookup = t.deps.integrations.census.lookup.bind(t.deps.integrations.census);
        t.deps.integrations.census.lookup = (n) => ((registryCalls += 1), lookup(n));
        const ask = async (ip: string) =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/app/validardatoscenso.php?numero_identidad=${karla.UsrDNI}`,
              remoteAddress: ip,
            })
          ).json() as { status: string; message?: string };
        // Three addresses, one lookup each: every per-IP limit is far away.
        for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
          expect((await ask(ip)).status).toBe('success');
        }
        const refused = await ask('198.51.100.4');
        expect(refused).toEqual({
          status: 'busy',
          message:
            'Estamos recibiendo muchas consultas de identidad en este momento. Intenta de nuevo en 60 minutos.',
        });
        expect(await ask('198.51.100.5')).toEqual(refused);
        expect(registryCalls).toBe(3);
        expect(lines.filter((l) => l.includes('CEILING_CENSUS_LOOKUPS_PER_HOUR=3'))).toHaveLength(1);
        expect(await alertsOf(t)).toEqual([
          {
            kind: 'census_ceiling',
            message:
              'Se alcanzó el máximo de 3 consultas al censo por hora (CEILING_CENSUS_LOOKUPS_PER_HOUR); se rechazan durante 60 minutos más.',
          },
        ]);
        const mail = await outboxFor(t, 'admin.techos@prestamos.test');
        expect(mail.map((m) => m.subject)).toContain(
          'Alerta del 2026-11-27: Se alcanzó el máximo de consultas al censo por hora',
        );
        // The staff file's lookup (behind a session, audited) is not what the ceiling bounds.
        // The hour's window ends: lookups go through again.
        t.clock.set('2026-11-27T13:11:00Z');
        expect((await ask('198.51.100.6')).status).toBe('success');
      } finally {
        await t.close();
      }
    });

    it('registration SMS: past CEILING_REGISTRATION_SMS_PER_HOUR a code is refused with when to try again, and nothing is sent; refusals do not use the ceiling up', async () => {
      const lines: string[] = [];
      const t = await createTestApp({
        now: '2026-11-27T12:00:00Z',
        env: {
          CEILING_REGISTRATION_SMS_PER_HOUR: '2',
          REGISTRATION_CODES_PER_IP_PER_HOUR: '1',
          LOG_LEVEL: 'warn',
        },
        logStream: { write: (line) => void lines.push(line) },
      });
      try {
        const ask = async (phone: string, ip: string) =>
          (await t.call('otp_cre.php', { UsrTel: phone }, { ip })).json as {
            status: string;
            payload?: { message?: string };
          };
        expect((await ask('31000201', '198.51.100.11')).status).toBe('OK');
        // Refused by the per-IP limit: counts nothing toward the ceiling.
        expect((await ask('31000202', '198.51.100.11')).status).toBe('ER');
        expect((await ask('31000203', '198.51.100.12')).status).toBe('OK');
        t.clock.set('2026-11-27T12:20:00Z');
        const refused = await ask('31000204', '198.51.100.13');
        expect(refused.status).toBe('ER');
        expect(refused.payload?.message).toBe(
          'Estamos enviando muchos códigos en este momento. Intenta de nuevo en 40 minutos.',
        );
        expect(await outboxFor(t, '31000204')).toEqual([]);
        expect(lines.filter((l) => l.includes('CEILING_REGISTRATION_SMS_PER_HOUR=2'))).toHaveLength(1);
        expect((await alertsOf(t)).map((a) => a.kind)).toEqual(['registration_sms_ceiling']);
        t.clock.set('2026-11-27T13:01:00Z');
        expect((await ask('31000204', '198.51.100.13')).status).toBe('OK');
      } finally {
        await t.close();
      }
    });
  });
});

describe('Second pass, 3. Staff sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const BAD_CREDENTIALS = { error: { code: 'unauthenticated', message: 'Correo o contraseña incorrectos.' } };
  let n = 0;
  const newStaff = async (role: StaffRole = 'cashier') => {
    n += 1;
    const email = `firma${n}.${process.pid}@prestamos.test`;
    return { email, id: await insertStaff(t, { email, role }) };
  };
  const wrongPassword = (email: string, ip?: string) =>
    new StaffBrowser(t).post('/auth/login', { email, password: 'no-es-la-clave' }, { ip });

  it('a locked staff account answers exactly as a wrong password does, right password or not', async () => {
    const { email, id } = await newStaff();
    // Nine wrong passwords in a row already (the per-account waits between them are tested below).
    await t.deps.db.update(staffAccounts).set({ failedLogins: 9 }).where(eq(staffAccounts.id, id));
    const wrong = await wrongPassword(email, '10.32.3.1');
    const [row] = await t.deps.db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
    expect(row!.lockedUntil).not.toBeNull();

    const right = await new StaffBrowser(t).post('/auth/login', { email, password: STAFF_PASSWORD });
    const lockedWrong = await wrongPassword(email);
    for (const answer of [wrong, right, lockedWrong]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json).toEqual(BAD_CREDENTIALS);
      expect(answer.cookies).toEqual([]);
    }
  });

  it("staff login codes get the borrowers' lock across resends: 10 wrong codes in 30 minutes lock code entry", async () => {
    const { email } = await newStaff();
    const codeRound = async () => {
      t.clock.advance(61_000);
      const browser = new StaffBrowser(t);
      expect((await browser.post('/auth/login', { email, password: STAFF_PASSWORD })).statusCode).toBe(200);
      const code = await latestCode(t, email);
      return { browser, code, wrong: code === '000000' ? '111111' : '000000' };
    };
    const answers: string[] = [];
    for (let round = 0; round < 2; round++) {
      const { browser, wrong } = await codeRound();
      for (let i = 0; i < 5; i++) {
        const res = await browser.post('/auth/code', { code: wrong });
        expect(res.statusCode).toBe(400);
        answers.push((res.json as { error: { message: string } }).error.message);
      }
    }
    // The window opened with the first wrong code, a minute (61 s) before the second round.
    expect(answers.slice(0, 9)).not.toContain(loginCodeLockedMessage(29));
    expect(answers.at(-1)).toBe(loginCodeLockedMessage(29));

    // A new code, and the right one, is refused for the rest of the window.
    const { browser, code } = await codeRound();
    const refused = await browser.post('/auth/code', { code });
    expectError(refused, 400, loginCodeLockedMessage(28));
    expect(refused.cookies.map((c) => c.name)).not.toContain('bo_session');

    // After the window the right code opens a session again.
    t.clock.advance(30 * 60_000);
    const later = await codeRound();
    const ok = await later.browser.post('/auth/code', { code: later.code });
    expect(ok.statusCode, JSON.stringify(ok.json)).toBe(200);
  });

  it('the current-password check of a staff password change is limited per account, whatever the IP', async () => {
    const { email } = await newStaff();
    const browser = await logInStaff(t, email);
    for (let i = 0; i < 10; i++) {
      const res = await browser.post(
        '/auth/password',
        { currentPassword: `adivinanza-${i}`, newPassword: 'Otra-Clave-Segura-2026' },
        { ip: `10.32.5.${i + 1}` },
      );
      expectError(res, 400, 'La contraseña actual no es correcta.');
    }
    const limited = await browser.post(
      '/auth/password',
      { currentPassword: STAFF_PASSWORD, newPassword: 'Otra-Clave-Segura-2026' },
      { ip: '10.32.5.200' },
    );
    expectError(limited, 429, 'Demasiadas solicitudes. Espera un momento e intenta de nuevo.');
    // The password did not change: the limit refused before the check.
    const [row] = await t.deps.db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
    expect(await verifyPassword(row!.passwordHash, STAFF_PASSWORD)).toBe(true);
    // An hour later (a new session: the old one idled out) the owner may try again.
    t.clock.advance(3_600_000);
    const again = await logInStaff(t, email);
    const ok = await again.post('/auth/password', {
      currentPassword: STAFF_PASSWORD,
      newPassword: 'Otra-Clave-Segura-2026',
    });
    expect(ok.statusCode, JSON.stringify(ok.json)).toBe(200);
  });

  it('BACKOFFICE_ADMIN_PASSWORD meets the staff length rule and is not a common breached password', () => {
    const refusal = (password: string, env: Record<string, string> = {}) => {
      try {
        loadConfig({
          ...env,
          BACKOFFICE_ADMIN_EMAIL: 'jefa@example.hn',
          BACKOFFICE_ADMIN_PASSWORD: password,
        });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return undefined;
    };
    for (const env of [{}, PRODUCTION_ENV]) {
      for (const weak of ['Corta#1', 'Nueve#123', 'qwertyuiop', 'QWERTYUIOP', '1q2w3e4r5t']) {
        const message = refusal(weak, env);
        expect(message, weak).toMatch(/^No arranca: BACKOFFICE_ADMIN_PASSWORD /);
        expect(message).not.toContain('\n');
        expect(message).not.toContain(weak);
      }
      expect(refusal('una-clave-larga-y-segura', env)).toBeUndefined();
    }
  });

  it('a weak BACKOFFICE_ADMIN_PASSWORD refuses start-up (spawned server) with one line naming it', async () => {
    // Its own data folder: should it start after all (a regression), it writes nothing in the clone.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'weak-admin-'));
    const exit = await runServer({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      DEV_OUTBOX: '1',
      BACKOFFICE_ADMIN_EMAIL: 'jefa@example.hn',
      BACKOFFICE_ADMIN_PASSWORD: 'qwertyuiop',
    });
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    const lines = exit.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^No arranca: BACKOFFICE_ADMIN_PASSWORD /);
    expect(exit.stdout).not.toContain('listo en');
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  describe('wrong passwords from many addresses slow one borrower account down without locking its owner out', () => {
    const WRONG_ANSWER = { status: 'ER', payload: { message: 'Correo o contraseña incorrectos.' } };
    const waitAnswer = (minutes: number) => ({
      status: 'ER',
      payload: { message: loginBackoffMessage(minutes) },
    });
    let m = 0;
    /** A borrower with a real password, their e-mail and phone. */
    const borrowerWithPassword = async () => {
      const { borrowerId } = await sessionFor(t.deps);
      const [row] = await t.deps.db
        .update(borrowers)
        .set({ passwordHash: await hashPassword(PASSWORD) })
        .where(eq(borrowers.id, borrowerId))
        .returning();
      return row!;
    };
    const guess = (email: string, password = `Adivina#${(m += 1)}`) =>
      t.call('login.php', { UsrUsr: email, UsrPwd: password }, { ip: `10.33.${m % 250}.${(m % 200) + 1}` });

    it('5 wrong passwords are free; then every password waits, 1, 2, 4 … minutes, the same for an e-mail of no account', async () => {
      const borrower = await borrowerWithPassword();
      const nobody = `nadie.${process.pid}@example.com`;
      for (const email of [borrower.email, nobody]) {
        for (let i = 0; i < 5; i++) expect((await guess(email)).json).toEqual(WRONG_ANSWER);
        // The right password too, within the wait: refused unchecked.
        expect((await guess(email, PASSWORD)).json).toEqual(waitAnswer(1));
      }
      t.clock.advance(61_000);
      expect((await guess(nobody)).json).toEqual(WRONG_ANSWER);
      expect((await guess(nobody)).json).toEqual(waitAnswer(2));
      t.clock.advance(2 * 60_000 + 1000);
      expect((await guess(nobody)).json).toEqual(WRONG_ANSWER);
      expect((await guess(nobody)).json).toEqual(waitAnswer(4));
      expect(loginWaitMs(5)).toBe(60_000);
      expect(loginWaitMs(30)).toBe(LOGIN_MAX_WAIT_MS);
      expect(LOGIN_MAX_WAIT_MS).toBe(60 * 60_000);

      // The owner is told once, by e-mail, with the recovery link; nobody is told about the other e-mail.
      const notices = (await outboxFor(t, borrower.email)).filter((mail) =>
        mail.subject?.startsWith('Intentos de ingreso'),
      );
      expect(notices).toHaveLength(1);
      expect(notices[0]!.body).toContain('/#/recuperarpass');
      expect(await outboxFor(t, nobody)).toEqual([]);

      // After the wait the right password lets the owner in, and clears the count.
      t.clock.advance(61_000);
      await logInFully(t, { ...karla, UsrMail: borrower.email, UsrTel: borrower.mobPhone });
      for (let i = 0; i < 4; i++) expect((await guess(borrower.email)).json).toEqual(WRONG_ANSWER);
      expect((await guess(borrower.email)).json).toEqual(WRONG_ANSWER);
    });

    it('100 wrong passwords from 100 addresses in a few minutes no longer lock the owner out', async () => {
      const borrower = await borrowerWithPassword();
      for (let i = 0; i < 100; i++) {
        await guess(borrower.email);
        t.clock.advance(2_000);
      }
      const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, borrower.id));
      expect(row!.lockedAt).toBeNull();
      expect(row!.failedLogins).toBeLessThan(10);
      t.clock.advance(LOGIN_MAX_WAIT_MS);
      await logInFully(t, { ...karla, UsrMail: borrower.email, UsrTel: borrower.mobPhone });
    });

    it('the recovery link lets the owner in at once, during the wait', async () => {
      const borrower = await borrowerWithPassword();
      for (let i = 0; i < 8; i++) {
        await guess(borrower.email);
        t.clock.advance(1_000);
      }
      expect((await guess(borrower.email, PASSWORD)).json.payload).toMatchObject({
        message: expect.stringMatching(/^Demasiados intentos fallidos\. Espera \d+ minutos?/),
      });
      expect((await t.call('recovery.php', { UsrMail: borrower.email })).json.status).toBe('OK');
      const [link] = await outboxFor(t, borrower.email);
      const data = decodeURIComponent(/#\/recuperarpass\/(\S+)/.exec(link!.body)![1]!);
      const { UsrMail, newPWD } = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<
        string,
        string
      >;
      const NEW = 'Nueva#Clave-2026';
      expect((await t.call('recoverypwd.php', { UsrMail, NewPwd: newPWD, UsrPwd: NEW })).json.status).toBe(
        'OK',
      );
      await logInFully(t, { ...karla, UsrMail: borrower.email, UsrTel: borrower.mobPhone }, NEW);
    });
  });

  const LINK_INVALID = staffPasswordLinkMessages.invalid;
  const staffLoginBackoff = staffMessages.loginBackoff;
  /** The token of the newest password link e-mailed to `email` (`…/backoffice/#/login?clave=<token>`). */
  const linkTokenFor = async (email: string) => {
    const link = await latestLink(t, email);
    expect(link).toMatch(/\/backoffice\/#\/login\?clave=[A-Za-z0-9_-]{43}$/);
    return new URL(link.replace('#/login', 'login')).searchParams.get('clave')!;
  };

  it('a forced reset makes the old password useless; the e-mailed link sets a new one once, ends every session, and expires in 24 hours', async () => {
    const admin = await logInStaff(t, (await newStaff('admin')).email);
    const { email, id } = await newStaff();
    const open = await logInStaff(t, email);
    expect((await admin.post(`/staff/${id}/password-reset`)).statusCode).toBe(200);
    expectError(await open.get('/auth/me'), 401);
    // The old password is refused like any wrong one (it was right a moment ago).
    const old = await new StaffBrowser(t).post('/auth/login', { email, password: STAFF_PASSWORD });
    expect(old.statusCode).toBe(401);
    expect(old.json).toEqual(BAD_CREDENTIALS);

    const [mail] = await outboxFor(t, email);
    expect(mail!.subject).toMatch(/^Define tu nueva contraseña del back-office de /);
    const token = await linkTokenFor(email);
    const setBy = (tok: string, newPassword: string) =>
      new StaffBrowser(t).post('/auth/password-link', { token: tok, newPassword });
    // The staff rules: a common breached password is refused, and the link still works after it.
    expectError(await setBy(token, 'qwertyuiop'), 400, COMMON_PASSWORD_MESSAGE);
    const set = await setBy(token, 'Nueva#Clave-Caja-2027');
    expect(set.statusCode, JSON.stringify(set.json)).toBe(200);
    expect(set.json).toEqual({
      message: 'Listo: guardamos tu nueva contraseña. Ya puedes ingresar con ella.',
    });
    expectError(await setBy(token, 'Otra#Clave-Caja-2027'), 400, LINK_INVALID);
    const again = await logInStaff(t, email, 'Nueva#Clave-Caja-2027');
    expect((await again.get('/auth/me')).json).toMatchObject({ staff: { mustChangePassword: false } });
    const audit = await t.deps.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.password_link'), eq(auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ reason: 'reset' });

    // A second reset: its link expires after 24 hours, and the new password it replaced is gone too.
    expect((await admin.post(`/staff/${id}/password-reset`)).statusCode).toBe(200);
    const late = await linkTokenFor(email);
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expectError(await setBy(late, 'Tarde#Clave-Caja-2027'), 400, LINK_INVALID);
    expect(
      (await new StaffBrowser(t).post('/auth/login', { email, password: 'Nueva#Clave-Caja-2027' }))
        .statusCode,
    ).toBe(401);
    // A made-up token: the same answer.
    expectError(await setBy('x'.repeat(43), 'Tarde#Clave-Caja-2027'), 400, LINK_INVALID);
  });

  it('wrong passwords from many addresses slow one staff account down without locking its owner out: an e-mailed link lets the owner in at once', async () => {
    const { email, id } = await newStaff();
    const unknown = `nadie.${id}@prestamos.test`;
    for (let i = 1; i <= 5; i++) {
      for (const who of [email, unknown]) {
        const res = await wrongPassword(who, `10.32.9.${i}`);
        expect(res.json).toEqual(BAD_CREDENTIALS);
      }
    }
    // The sixth try, the right password included, waits: the same answer for an e-mail of no account.
    const waitAnswer = (res: StaffResponse) => {
      expectError(res, 400, staffLoginBackoff(1));
      return res.json;
    };
    const right = waitAnswer(
      await new StaffBrowser(t).post('/auth/login', { email, password: STAFF_PASSWORD }),
    );
    expect(waitAnswer(await wrongPassword(unknown, '10.32.9.9'))).toEqual(right);
    // The owner got one e-mail with a link (1 hour); the e-mail of no account got nothing.
    const mails = await outboxFor(t, email);
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Intentos de ingreso a tu cuenta del back-office de /),
    ]);
    expect(await outboxFor(t, unknown)).toEqual([]);
    const [row] = await t.deps.db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    expect(row!.lockedUntil).toBeNull();

    // The waits grow (1, 2 … minutes) for whoever keeps guessing.
    t.clock.advance(61_000);
    expect((await wrongPassword(email, '10.32.9.10')).json).toEqual(BAD_CREDENTIALS);
    expectError(await wrongPassword(email, '10.32.9.11'), 400, staffLoginBackoff(2));

    // The owner, meanwhile, uses the link: a new password, and in at once, during the wait.
    const token = await linkTokenFor(email);
    const set = await new StaffBrowser(t).post('/auth/password-link', {
      token,
      newPassword: 'Propia#Clave-2027',
    });
    expect(set.statusCode, JSON.stringify(set.json)).toBe(200);
    const owner = await logInStaff(t, email, 'Propia#Clave-2027');
    expect((await owner.get('/auth/me')).statusCode).toBe(200);
    // The guesser's count on the other e-mail goes on: its next wrong password opens a 2-minute wait.
    expect((await wrongPassword(unknown, '10.32.9.12')).json).toEqual(BAD_CREDENTIALS);
    expectError(await wrongPassword(unknown, '10.32.9.13'), 400, staffLoginBackoff(2));
  });

  it("a staff account's sessions end when it locks", async () => {
    const { email, id } = await newStaff();
    const browser = await logInStaff(t, email);
    expect((await browser.get('/auth/me')).statusCode).toBe(200);
    await t.deps.db.update(staffAccounts).set({ failedLogins: 9 }).where(eq(staffAccounts.id, id));
    await wrongPassword(email, '10.32.7.1');
    expectError(await browser.get('/auth/me'), 401);
    const sessions = await t.deps.db.select().from(staffSessions).where(eq(staffSessions.staffId, id));
    expect(sessions.map((s) => s.endReason)).toEqual(sessions.map(() => 'locked'));
  });

  it("a borrower account's sessions end when it locks (the 100th wrong password)", async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const [borrower] = await t.deps.db
      .update(borrowers)
      .set({ passwordHash: await hashPassword('Clave#2026'), failedLogins: 99 })
      .where(eq(borrowers.id, borrowerId))
      .returning();
    expect((await t.call('getAccount.php', { sid })).json.status).toBe('OK');
    await t.call('login.php', { UsrUsr: borrower!.email, UsrPwd: 'Clave#2025' });
    const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, borrowerId));
    expect(row!.lockedAt).not.toBeNull();
    expect((await t.call('getAccount.php', { sid })).json.status).toBe('ERS');
    const open = await t.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.endedAt)));
    expect(open).toEqual([]);
  });
});

describe('Second pass, 4. Errors', () => {
  /** Internal detail that must never reach an answer. */
  const LEAKS = [
    'EACCES',
    '/srv/prestamos',
    'Failed query',
    'relation',
    'borrower_files',
    'chat_tickets',
    'select',
    'params',
  ];
  const GENERIC = 'Ocurrió un error inesperado. Intenta de nuevo más tarde.';

  const expectGeneric = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 'ER', payload: { message: GENERIC } });
    for (const leak of LEAKS) expect(res.body).not.toContain(leak);
  };

  const brokenStorage = (inner: FileStorage): FileStorage & { broken: boolean } => {
    const storage = {
      broken: false,
      put: inner.put.bind(inner),
      delete: inner.delete.bind(inner),
      get: async (key: string) => {
        if (storage.broken) {
          throw new Error(`EACCES: permission denied, open '/srv/prestamos/files/${key}'`);
        }
        return inner.get(key);
      },
    };
    return storage as FileStorage & { broken: boolean };
  };

  it('a storage error on /api/files/:id is a generic Spanish answer; the log has the detail', async () => {
    const lines: string[] = [];
    const filesDir = mkdtempSync(path.join(tmpdir(), 'prestamos-files-'));
    const storage = brokenStorage(createFolderFileStorage({ rootDir: filesDir }));
    const t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      integrations: { fileStorage: storage },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const borrowerId = await insertBorrower(t.deps);
      const [file] = await t.deps.db
        .insert(borrowerFiles)
        .values({
          borrowerId,
          type: 18,
          storageKey: 'selfies/secreto.jpg',
          contentType: 'image/jpeg',
          size: 3,
        })
        .returning({ id: borrowerFiles.id });
      storage.broken = true;
      const url = new URL(signedFileUrl(t.deps, file!.id));
      const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expectGeneric(res);
      expect(res.body).not.toContain('secreto');
      const logged = lines.filter((l) => l.includes('EACCES'));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!).err.message).toContain('/srv/prestamos/files/selfies/secreto.jpg');
    } finally {
      await t.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('a database error on /api/files/:id and on the chat event stream is a generic Spanish answer; the log has the detail', async () => {
    const lines: string[] = [];
    const t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      // This test's own copy of the database loses two tables.
      await t.deps.db.execute(sql`alter table borrower_files rename to borrower_files_gone`);
      await t.deps.db.execute(sql`alter table chat_tickets rename to chat_tickets_gone`);

      const url = new URL(signedFileUrl(t.deps, 41));
      expectGeneric(await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` }));

      const ticket = 'a'.repeat(43);
      expectGeneric(
        await t.app.inject({ method: 'GET', url: `/api/app${CHAT_EVENTS_PATH}?ticket=${ticket}` }),
      );

      const logged = lines
        .map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> })
        .filter((l) => l.msg === 'unexpected error');
      expect(logged).toHaveLength(2);
      for (const line of logged) {
        // The detail the log keeps (log-errors.ts): a query failed, the SQLSTATE of a missing table.
        expect(line.err).toMatchObject({ message: 'database query failed', code: '42P01' });
      }
    } finally {
      await t.close();
    }
  });

  it('a storage error while forwarding a receipt: the cashier reads a generic message, the log the detail', async () => {
    const filesDir = mkdtempSync(path.join(tmpdir(), 'prestamos-files-'));
    const storage = brokenStorage(createFolderFileStorage({ rootDir: filesDir }));
    const t = await createTestApp({ integrations: { fileStorage: storage } });
    try {
      const staff = await paymentStaff(t);
      const { receiptId } = await borrowerWithReceipt(t, staff, 'ALMACEN-1');
      storage.broken = true;
      const warnings: unknown[] = [];
      const log = { ...t.deps.log, warn: (obj: object) => void warnings.push(obj) };
      expect(await forwardPendingReceipts({ ...t.deps, log })).toMatchObject({ failed: 1 });
      const [forward] = await t.deps.db
        .select()
        .from(receiptForwards)
        .where(eq(receiptForwards.receiptId, receiptId));
      expect(forward!.lastError).toBe(FORWARD_INTERNAL_ERROR);
      const desk = JSON.stringify(await listReceipts(t.deps, { page: 1, pageSize: 50 }));
      expect(desk).not.toContain('EACCES');
      expect(JSON.stringify(warnings.map((w) => String((w as { err?: Error }).err?.message)))).toContain(
        'EACCES',
      );
    } finally {
      await t.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });
});

describe('Second pass, 5. Quotas', () => {
  let t: TestApp;
  let staff: Staff;
  // 09:00 in Tegucigalpa (a Sunday: receipts are taken, the chat's office is closed; neither matters).
  const START = '2026-11-22T15:00:00Z';
  /** Midnight of the next day in Tegucigalpa (UTC-6). */
  const NEXT_DAY = '2026-11-23T06:00:00Z';
  beforeAll(async () => {
    t = await createTestApp({ now: START });
    staff = await paymentStaff(t);
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(START));

  const refusal = (json: Record<string, unknown>) =>
    json.status === 'OK' ? 'OK' : (json.payload as { message: string }).message;

  it('the defaults are 20 chat photos and 20 documents a day, and 3 receipts waiting per loan; settings change them', () => {
    expect(loadConfig({}).quotas).toEqual({
      chatImagesPerDay: 20,
      documentUploadsPerDay: 20,
      pendingReceiptsPerLoan: 3,
    });
    expect(
      loadConfig({
        QUOTA_CHAT_IMAGES_PER_DAY: '5',
        QUOTA_DOCUMENT_UPLOADS_PER_DAY: '8',
        QUOTA_PENDING_RECEIPTS_PER_LOAN: '1',
      }).quotas,
    ).toEqual({ chatImagesPerDay: 5, documentUploadsPerDay: 8, pendingReceiptsPerLoan: 1 });
  });

  it('chat photos: 20 a day per account, then a refusal that says to try tomorrow; text still goes', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const photo = () =>
      postChatMultipart(t, { sid, text: '', clientId: randomUUID() }, [
        { field: 'image', data: images.png, filename: 'foto.png', contentType: 'image/png' },
      ]);
    for (let i = 0; i < 20; i++) expect(refusal(await photo())).toBe('OK');
    const refused = await photo();
    expect(refused).toEqual({
      status: 'ER',
      payload: { message: quotaMessages.chatImages(20), field: 'image' },
    });
    expect(quotaMessages.chatImages(20)).toMatch(/mañana/);
    expect(refusal((await postChat(t, sid, { text: 'Sin foto sí puedo' })).json)).toBe('OK');
    // Nothing of the refused photo was kept.
    const kept = await t.deps.db
      .select({ key: chatMessages.imageKey })
      .from(chatMessages)
      .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
      .where(and(eq(chatConversations.borrowerId, borrowerId), isNotNull(chatMessages.imageKey)));
    expect(kept).toHaveLength(20);
    // Another account is not affected; the next day (Tegucigalpa's midnight) the owner sends again.
    const other = await sessionFor(t.deps);
    expect(
      refusal(
        await postChatMultipart(t, { sid: other.sid, text: '', clientId: randomUUID() }, [
          { field: 'image', data: images.png },
        ]),
      ),
    ).toBe('OK');
    // A second before Tegucigalpa's midnight (a new session: the clock jumped past the idle expiry).
    t.clock.set(new Date(new Date(NEXT_DAY).getTime() - 1000).toISOString());
    const lateSid = await sessionNow(t, borrowerId);
    expect(
      refusal(
        await postChatMultipart(t, { sid: lateSid, text: '', clientId: randomUUID() }, [
          { field: 'image', data: images.png },
        ]),
      ),
    ).toBe(quotaMessages.chatImages(20));
    t.clock.set(NEXT_DAY);
    const fresh = await sessionNow(t, borrowerId);
    expect(
      refusal(
        await postChatMultipart(t, { sid: fresh, text: '', clientId: randomUUID() }, [
          { field: 'image', data: images.png },
        ]),
      ),
    ).toBe('OK');
  });

  it('documents: 20 files a day per account (each counts, replaced or not), then a refusal that says to try tomorrow', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    for (let i = 0; i < 5; i++) expect(refusal((await uploadFiles(t, sid, allDocuments())).json)).toBe('OK');
    const refused = await uploadFiles(t, sid, [allDocuments()[0]!]);
    expect(refused.json).toEqual({ status: 'ER', payload: { message: quotaMessages.documentUploads(20) } });
    expect(quotaMessages.documentUploads(20)).toMatch(/mañana/);
    const rows = await t.deps.db.select().from(borrowerFiles).where(eq(borrowerFiles.borrowerId, borrowerId));
    expect(rows).toHaveLength(20);
    t.clock.set(NEXT_DAY);
    const fresh = await sessionNow(t, borrowerId);
    expect(refusal((await uploadFiles(t, fresh, [allDocuments()[0]!])).json)).toBe('OK');
  });

  it('documents: an upload that would cross the quota is refused whole, nothing stored', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    for (let i = 0; i < 4; i++) await uploadFiles(t, sid, allDocuments());
    const first3 = allDocuments().slice(0, 3);
    expect(refusal((await uploadFiles(t, sid, first3)).json)).toBe('OK');
    // 19 today: four more would be 23.
    expect(refusal((await uploadFiles(t, sid, allDocuments())).json)).toBe(quotaMessages.documentUploads(20));
    const rows = await t.deps.db.select().from(borrowerFiles).where(eq(borrowerFiles.borrowerId, borrowerId));
    expect(rows).toHaveLength(19);
  });

  it('receipts: at most 3 waiting for a cashier per loan; a resend of a waiting one still replaces it; a decision frees a place', async () => {
    const borrower = await borrowerWithDisbursedLoan(t, staff);
    const send = (reference: string) =>
      postReceipt(t, borrower.sid, {
        containerId: borrower.loanId,
        idpago: borrower.instalmentIds[0]!,
        amount: '417.21',
        reference,
      });
    for (const reference of ['CUOTA001', 'CUOTA002', 'CUOTA003']) {
      expect(refusal((await send(reference)).json)).toBe('OK');
    }
    const refused = await send('CUOTA004');
    expect(refused.json).toEqual({ status: 'ER', payload: { message: quotaMessages.pendingReceipts(3) } });
    expect(quotaMessages.pendingReceipts(3)).toMatch(/cuando revisemos/);
    expect(await receiptsOf(t, borrower.loanId)).toHaveLength(3);
    // The same reference again replaces that receipt's photo (SPEC), never refused by the quota.
    const again = await postReceipt(
      t,
      borrower.sid,
      {
        containerId: borrower.loanId,
        idpago: borrower.instalmentIds[0]!,
        amount: '417.21',
        reference: 'CUOTA002',
      },
      [{ field: 'DOC', data: depositPhoto(borrower.loanId, 'otra foto'), contentType: 'image/jpeg' }],
    );
    expect(refusal(again.json)).toBe('OK');
    // Another loan of another borrower is not affected.
    const other = await borrowerWithDisbursedLoan(t, staff);
    expect(
      refusal(
        (
          await postReceipt(t, other.sid, {
            containerId: other.loanId,
            idpago: other.instalmentIds[0]!,
            amount: '417.21',
            reference: 'CUOTA004',
          })
        ).json,
      ),
    ).toBe('OK');
    // A cashier rejects one: a place is free.
    const [first] = (await receiptsOf(t, borrower.loanId)).filter((r) => r.reference === 'CUOTA001');
    await decideReceipt(t.deps, staff.cashier, first!.id, {
      decision: 'reject',
      reason: 'La foto no se lee.',
      photoSha256: await photoOf(t, first!.id),
    });
    expect(refusal((await send('CUOTA004')).json)).toBe('OK');
  });
});
