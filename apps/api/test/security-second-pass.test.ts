// Issue 32, "Security, second pass": one named group per point done here (1 and 4), on PGlite and
// on PostgreSQL (DATABASE_URL). docs/security.md, "Second pass", says what each protects.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { borrowerFiles, receiptForwards, staffAccounts } from '../src/db/schema/index.ts';
import { describeExposure, exposureLine } from '../src/exposure.ts';
import type { FileStorage } from '../src/integrations/index.ts';
import { createFolderFileStorage } from '../src/integrations/file-storage/simulator.ts';
import { listReceipts } from '../src/services/payments/cashier-desk.ts';
import { FORWARD_INTERNAL_ERROR, forwardPendingReceipts } from '../src/services/payments/partner-forward.ts';
import { signedFileUrl } from '../src/services/shared/file-urls.ts';
import {
  demoAccountsStillOpen,
  ensureDemoStaff,
  ensureFirstAdmin,
} from '../src/services/staff/staff-accounts.ts';
import { insertBorrower } from './support/borrowers.ts';
import { borrowerWithReceipt, paymentStaff } from './support/payments.ts';
import { PRODUCTION_ENV, createTestApp } from './support/test-app.ts';

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
