import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { profileMessages, transportMessages } from '@prestamos-hn/contract';
import { EMAIL_IN_USE_MESSAGE } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMON_PASSWORD_MESSAGE, type StaffRole } from '@prestamos-hn/domain';
import {
  auditLog,
  bankAccounts,
  borrowerFiles,
  borrowers,
  oneTimeCodes,
  outbox,
  rateLimitCounters,
  staffAccounts,
} from '../src/db/schema/index.ts';
import { COMMON_PASSWORDS_FILE, isCommonPassword } from '../src/services/shared/common-passwords.ts';
import { borrowerWithLoanRequest } from './support/chat.ts';
import { createSimulatedSmsGateway } from '../src/integrations/index.ts';
import {
  OUTBOX_SECRET_LIFE_MS,
  REDACTED_CODE,
  REDACTED_LINK,
  deliverPendingMessages,
  enqueueMessage,
  redactExpiredSecrets,
  redactSecrets,
} from '../src/services/outbox.ts';
import { hitRateLimit, sweepRateLimits } from '../src/services/rate-limits.ts';
import { PENDING_SESSION_MS } from '../src/services/sessions.ts';
import { accountPolicy } from '../src/services/shared/account-policy.ts';
import { readImage } from '../src/services/uploads.ts';
import { serializeLoggedError } from '../src/log-errors.ts';
import {
  STAFF_PASSWORD,
  StaffBrowser,
  expectError,
  logInStaff,
  staffWithRole,
} from './support/backoffice.ts';
import { sessionFor } from './support/borrowers.ts';
import { givePassword } from './support/bank-account.ts';
import { images, jpegSegment, pngChunk, uploadFiles, webpChunk, webpFile } from './support/profile.ts';
import { ConfigError, DEMO_ADMIN, loadConfig, parseTrustProxy } from '../src/config.ts';
import {
  confirmPhone,
  jose,
  karla,
  latestCode,
  logInFully,
  outboxFor,
  PASSWORD,
  registerPerson,
} from './support/accounts.ts';
import { PHONE_NOT_CONFIRMED_MESSAGE, loginCodeLockedMessage } from '../src/services/accounts/messages.ts';
import { PRODUCTION_ENV, createTestApp, type TestApp } from './support/test-app.ts';

// Issue 15: one named test (or group) per point of the security review, each failing before its fix.
// docs/security.md says what each decision is and why.

/** Asks a registration code for `phone`, from the socket address `remote`, with a forged header. */
async function askRegistrationCode(t: TestApp, phone: string, remote: string, forwardedFor: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/app/otp_cre.php',
    remoteAddress: remote,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    payload: JSON.stringify({ UsrTel: phone }),
  });
  return res.json() as { status: string; message?: string };
}

const REAL = PRODUCTION_ENV;

describe('1. Client-chosen IP', () => {
  describe('by default (no TRUST_PROXY), in production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { ...REAL, REGISTRATION_CODES_PER_IP_PER_HOUR: '2' } });
    });
    afterAll(() => t.close());

    it('a forged X-Forwarded-For changes nothing: the per-IP limit counts the socket address', async () => {
      const answers = [];
      for (const [i, forged] of ['203.0.113.1', '203.0.113.2', '203.0.113.3'].entries()) {
        answers.push(await askRegistrationCode(t, `9811000${i}`, '10.20.30.40', forged));
      }
      expect(answers.map((a) => a.status)).toEqual(['OK', 'OK', 'ER']);
      const stored = await t.deps.db.select({ ip: oneTimeCodes.ip }).from(oneTimeCodes);
      expect(new Set(stored.map((r) => r.ip))).toEqual(new Set(['10.20.30.40']));
    });
  });

  describe('with TRUST_PROXY=1 (one proxy in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { REGISTRATION_CODES_PER_IP_PER_HOUR: '2', TRUST_PROXY: '1' } });
    });
    afterAll(() => t.close());

    it('the client is the address the proxy adds, not one the client wrote before it', async () => {
      // The client forges "198.51.100.9"; the proxy appends the address it saw (203.0.113.5).
      await askRegistrationCode(t, '98112000', '10.0.0.2', '198.51.100.9, 203.0.113.5');
      const [row] = await t.deps.db.select({ ip: oneTimeCodes.ip }).from(oneTimeCodes);
      expect(row?.ip).toBe('203.0.113.5');
    });
  });

  it('TRUST_PROXY takes off, a hop count or addresses and ranges, and refuses "true"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.4,::1')).toEqual(['10.0.0.0/8', '192.168.1.4', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(ConfigError);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('proxy.local')).toThrow(/proxy\.local/);
  });
});

describe('2. Unsafe production defaults', () => {
  it('refuses to start on the defaults, naming every missing setting', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const setting of [
      'CENSUS_URL',
      'SMS_URL',
      'SMTP_URL',
      'BANK_ACCOUNT_CHECK_URL',
      'PAYMENT_PARTNER_URL',
      'FILE_URL_SECRET',
    ]) {
      expect(message).toContain(setting);
    }
  });

  it.each(Object.keys(REAL).filter((k) => k !== 'NODE_ENV' && !k.endsWith('_KEY') && !k.endsWith('TOKEN')))(
    'refuses to start while %s is missing (its simulator or a random key would be used)',
    (setting) => {
      const env: Record<string, string | undefined> = { ...REAL, [setting]: undefined };
      expect(() => loadConfig(env)).toThrow(new RegExp(setting));
    },
  );

  it('refuses the demo admin password', () => {
    expect(() =>
      loadConfig({
        ...REAL,
        BACKOFFICE_ADMIN_EMAIL: 'jefa@example.hn',
        BACKOFFICE_ADMIN_PASSWORD: DEMO_ADMIN.password,
      }),
    ).toThrow(/BACKOFFICE_ADMIN_PASSWORD/);
  });

  it('starts with every outside party real, and then has no demo admin', () => {
    const config = loadConfig(REAL);
    expect(config.isProduction).toBe(true);
    expect(config.backoffice.firstAdmin).toBeUndefined();
    expect(config.uploads.urlSecretIsEphemeral).toBe(false);
  });
});

describe('3. Secrets at rest', () => {
  it('in production a delivered code no longer stands in the outbox', async () => {
    const sms = createSimulatedSmsGateway();
    const t = await createTestApp({ env: PRODUCTION_ENV, integrations: { sms } });
    try {
      expect((await askRegistrationCode(t, '98113000', '10.9.9.9', '10.9.9.9')).status).toBe('OK');
      await deliverPendingMessages(t.deps);
      const code = /\b\d{6}\b/.exec(sms.sent().at(-1)!.body)![0];
      const [row] = await t.deps.db.select().from(outbox).where(eq(outbox.recipient, '98113000'));
      expect(row?.status).toBe('sent');
      expect(row?.body).not.toContain(code);
      expect(row?.body).toContain(REDACTED_CODE);
    } finally {
      await t.close();
    }
  });

  it('everywhere, codes and links older than the longest secret life are wiped, newer ones kept', async () => {
    const t = await createTestApp();
    try {
      const old = await enqueueMessage(t.deps, t.deps.db, {
        channel: 'email',
        to: 'karla@example.hn',
        body: 'Tu código es 123456. Valida tu correo: https://app.example.hn/#/validar?token=abcDEF123',
      });
      t.clock.advance(OUTBOX_SECRET_LIFE_MS + 60_000);
      const fresh = await enqueueMessage(t.deps, t.deps.db, {
        channel: 'sms',
        to: '98113001',
        body: 'Tu código es 654321.',
      });
      expect(await redactExpiredSecrets(t.deps)).toBe(1);
      const rows = await t.deps.db.select().from(outbox);
      const body = (id: number) => rows.find((r) => r.id === id)!.body;
      expect(body(old)).toBe(`Tu código es ${REDACTED_CODE}. Valida tu correo: ${REDACTED_LINK}`);
      expect(body(fresh)).toBe('Tu código es 654321.');
      expect(redactSecrets(body(fresh))).toBe(`Tu código es ${REDACTED_CODE}.`);
    } finally {
      await t.close();
    }
  });
});

describe('4. Unauthenticated memory use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * A multipart upload whose body is the `sid` field and the start of a file, then nothing more (the
   * client keeps the connection open): answered only if the server decides before reading the file.
   */
  function stalledUpload(sid: string) {
    const boundary = '----prestamosSeguridad';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="sid"\r\n\r\n${sid}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="selfie.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\n`;
    const body = new Readable({ read() {} });
    body.push(Buffer.concat([Buffer.from(head), images.jpeg.subarray(0, 8)]));
    return t.app.inject({
      method: 'POST',
      url: '/api/app/putProfileFile.php',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  }

  it('putProfileFile refuses a bad sid when the first file begins, before buffering it', async () => {
    const answer = await Promise.race([
      stalledUpload('x'.repeat(43)),
      new Promise<'waited for the file'>((resolve) => setTimeout(() => resolve('waited for the file'), 3000)),
    ]);
    expect(answer).not.toBe('waited for the file');
    expect((answer as { json(): { status: string } }).json().status).toBe('ERS');
  });

  it('one session reads at most two uploads at a time', async () => {
    const { sid } = await sessionFor(t.deps);
    // Two uploads stalled mid-file hold the session's two slots; a third is refused at once.
    void stalledUpload(sid);
    void stalledUpload(sid);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const third = await uploadFiles(t, sid, [{ field: 'file1', data: images.jpeg }]);
    expect(third.json).toMatchObject({
      status: 'ER',
      payload: { message: transportMessages.uploadUnderWay },
    });
  });
});

describe('5. Rate limits everywhere', () => {
  const TOO_MANY = { status: 'ER', payload: { message: transportMessages.tooManyRequests } };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        RATE_LIMIT_PER_MINUTE: '4',
        RATE_LIMIT_FILES_PER_MINUTE: '2',
        RATE_LIMIT_ACCOUNT_CHANGES_PER_MINUTE: '2',
        RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR: '3',
        RATE_LIMIT_BANK_CHECKS_PER_HOUR: '2',
      },
    });
  });
  afterAll(() => t.close());

  it('two API instances on one database enforce one limit, shared every second (legacy envelope, 429)', async () => {
    const again = await t.connectAgain();
    const other = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '4' }, database: again });
    try {
      const ip = '10.55.0.1';
      const answers = [];
      // Each instance shares its hits within a second (RATE_LIMIT_SHARE_MS); here after each call.
      // An instance learns the others' hits when it shares its own: `other` refuses its third call
      // (2 + 2 seen), `t` lets one more through before it learns, then refuses too.
      for (const app of [t, t, other, other, other, t, t]) {
        answers.push(await app.call('getNotificationNum.php', { sid: 'x'.repeat(43) }, { ip }));
        await app.app.shareRateLimits();
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 429, 200, 429]);
      for (const limited of [answers[4]!, answers[6]!]) expect(limited.json).toEqual(TOO_MANY);
      // Another route and another IP count apart; the window ends after a minute.
      expect((await t.call('getPurposeList.php', { sid: 'x' }, { ip })).statusCode).toBe(200);
      expect((await t.call('getNotificationNum.php', { sid: 'x' }, { ip: '10.55.0.2' })).statusCode).toBe(
        200,
      );
      t.clock.advance(60_000);
      other.clock.advance(60_000);
      expect((await other.call('getNotificationNum.php', { sid: 'x' }, { ip })).statusCode).toBe(200);
    } finally {
      await other.app.close();
      await again.close();
    }
  });

  it('a request is counted in memory at once and reaches the database only when the instance shares', async () => {
    const ip = '10.55.0.9';
    const key = `route:POST /api/app/getNotificationNum.php|${ip}`;
    const stored = async () =>
      (await t.deps.db.select().from(rateLimitCounters)).find((row) => row.key === key)?.hits;
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await t.call('getNotificationNum.php', { sid: 'x' }, { ip })).statusCode);
    }
    // The fifth is refused without waiting for the database; nothing was written yet.
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    expect(await stored()).toBeUndefined();
    await t.app.shareRateLimits();
    expect(await stored()).toBe(5);
    // Sharing again adds only what came since.
    await t.call('getNotificationNum.php', { sid: 'x' }, { ip });
    await t.app.shareRateLimits();
    expect(await stored()).toBe(6);
  });

  it('only a refused request carries the limit headers (retry-after)', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/getPurposeList.php',
        remoteAddress: '10.55.0.10',
        payload: { sid: 'x' },
      });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await ask());
    expect(answers[0]!.headers['x-ratelimit-remaining']).toBeUndefined();
    expect(answers[4]!.statusCode).toBe(429);
    expect(Number(answers[4]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('every staff route has a limit, answered in the staff error shape', async () => {
    const staffApp = await createTestApp({ env: { RATE_LIMIT_STAFF_PER_MINUTE: '3' } });
    try {
      const me = () =>
        staffApp.app.inject({
          method: 'GET',
          url: '/api/backoffice/reviews/queue',
          remoteAddress: '10.55.1.1',
        });
      const codes = [];
      for (let i = 0; i < 4; i += 1) codes.push((await me()).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const limited = await me();
      expect(limited.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
      expect(limited.headers['cache-control']).toMatch(/no-store/);
    } finally {
      await staffApp.close();
    }
  });

  it('the staff log-in steps have a tighter limit (RATE_LIMIT_STAFF_LOGIN_PER_MINUTE; twice that for the code)', async () => {
    const staffApp = await createTestApp({ env: { RATE_LIMIT_STAFF_LOGIN_PER_MINUTE: '2' } });
    try {
      const post = (url: string, payload: object) =>
        staffApp.app.inject({ method: 'POST', url, payload, remoteAddress: '10.55.1.2' });
      const logIns = [];
      for (let i = 0; i < 3; i += 1) {
        logIns.push(
          (
            await post('/api/backoffice/auth/login', {
              email: 'nadie@prestamos.hn',
              password: 'no-es-la-clave',
            })
          ).statusCode,
        );
      }
      expect(logIns).toEqual([401, 401, 429]);
      const codes = [];
      for (let i = 0; i < 5; i += 1)
        codes.push((await post('/api/backoffice/auth/code', { code: '000000' })).statusCode);
      expect(codes.slice(0, 4)).not.toContain(429);
      expect(codes[4]).toBe(429);
    } finally {
      await staffApp.close();
    }
  });

  it('the file routes have a tighter limit', async () => {
    const statuses = [];
    for (const url of ['/api/files/1', '/api/files/chat/1', '/api/files/1', '/api/files/1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${url}?exp=1&sig=x`,
        remoteAddress: '10.55.2.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it('PostResetPassword and otp_upd have a tighter limit per IP', async () => {
    const one = await sessionFor(t.deps);
    const other = await sessionFor(t.deps);
    for (const [call, body] of [
      ['PostResetPassword.php', { sid: one.sid, UsrPwd: 'Mala#Clave1', UsrPwdNew: 'Nueva#Clave1' }],
      ['otp_upd.php', { sid: other.sid, UsrTelNew: '91117777', UsrPwd: 'Mala#Clave1' }],
    ] as const) {
      const ip = call === 'otp_upd.php' ? '10.55.3.2' : '10.55.3.1';
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await t.call(call, body, { ip }));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
      expect(answers[2]!.json).toEqual(TOO_MANY);
    }
  });

  it('current-password checks are limited per account, whatever the IP', async () => {
    const { sid } = await sessionFor(t.deps);
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(
        await t.call(
          'PostResetPassword.php',
          { sid, UsrPwd: 'Mala#Clave1', UsrPwdNew: 'Nueva#Clave1' },
          { ip: `10.55.4.${i + 1}` },
        ),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers[3]!.json).toEqual(TOO_MANY);
  });

  it('the bank check is limited per account, and past the limit the bank is not asked', async () => {
    let lookups = 0;
    const bankApp = await createTestApp({
      env: { RATE_LIMIT_BANK_CHECKS_PER_HOUR: '2' },
      integrations: {
        bankAccountCheck: {
          exists: async () => {
            lookups += 1;
            return false;
          },
        },
      },
    });
    try {
      const { sid, borrowerId } = await sessionFor(bankApp.deps);
      await givePassword(bankApp, borrowerId);
      // The first account through putProfile.php; a replacement asks for its code first (issue 31).
      const answers = [
        await bankApp.call(
          'putProfile.php',
          { sid, array: { bank: '2', account_number: '55501001' } },
          { ip: '10.55.5.1' },
        ),
      ];
      for (const [i, account] of ['55501002', '55501003'].entries()) {
        answers.push(
          await bankApp.call(
            'sendBankAccountCode.php',
            { sid, UsrBan: '2', UsrBanNum: account, UsrPwd: PASSWORD },
            { ip: `10.55.5.${i + 2}` },
          ),
        );
      }
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
      expect(answers[2]!.json).toEqual(TOO_MANY);
      expect(lookups).toBe(2);
    } finally {
      await bankApp.close();
    }
  });

  it('counters whose window ended are deleted by the sweep', async () => {
    await hitRateLimit(t.deps, 'prueba:ventana-corta', 60_000);
    await hitRateLimit(t.deps, 'prueba:ventana-larga', 3_600_000);
    t.clock.advance(2 * 60_000);
    await sweepRateLimits(t.deps);
    const keys = (await t.deps.db.select().from(rateLimitCounters)).map((r) => r.key);
    expect(keys).toContain('prueba:ventana-larga');
    expect(keys).not.toContain('prueba:ventana-corta');
    expect(keys.every((k) => !k.startsWith('route:'))).toBe(true);
  });
});

describe('6. Enumeration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerPerson(t, karla);
  });
  afterAll(() => t.close());

  it('otp_cre answers the same for a registered phone and a new one (and sends the code)', async () => {
    const registered = await t.call('otp_cre.php', { UsrTel: karla.UsrTel });
    const fresh = await t.call('otp_cre.php', { UsrTel: '98116000' });
    expect(registered.json).toEqual(fresh.json);
    expect(registered.json.status).toBe('OK');
    expect((await outboxFor(t, karla.UsrTel))[0]?.body).toMatch(/\b\d{6}\b/);
  });

  it('register does not tell whether an e-mail or identity number is a customer before the phone is verified', async () => {
    const unverified = '98116001';
    const takenEmail = await t.call('register.php', { ...jose, UsrTel: unverified, UsrMail: karla.UsrMail });
    const takenId = await t.call('register.php', {
      ...karla,
      UsrTel: unverified,
      UsrMail: 'nadie@example.hn',
    });
    const nobody = await t.call('register.php', { ...jose, UsrTel: unverified });
    expect(takenEmail.json).toEqual(nobody.json);
    expect(takenId.json).toEqual(nobody.json);
    expect(nobody.json).toEqual({
      status: 'ER',
      payload: { message: PHONE_NOT_CONFIRMED_MESSAGE, field: 'UsrTel' },
    });
    // Once the phone is proven, the SPEC's ER-API answers tell what is taken.
    await confirmPhone(t, unverified);
    const after = await t.call('register.php', { ...jose, UsrTel: unverified, UsrMail: karla.UsrMail });
    expect(after.json).toMatchObject({ status: 'ER-API', errors: { email: EMAIL_IN_USE_MESSAGE } });
  });

  it('a locked account answers at login like a wrong password, right password or not', async () => {
    const sid = await registerPerson(t, jose);
    expect(sid).toBeTruthy();
    await t.deps.db
      .update(borrowers)
      .set({ lockedAt: t.clock.now() })
      .where(eq(borrowers.email, jose.UsrMail));
    const wrong = await t.call('login.php', { UsrUsr: 'nadie@example.hn', UsrPwd: jose.UsrPwd });
    const lockedRight = await t.call('login.php', { UsrUsr: jose.UsrMail, UsrPwd: jose.UsrPwd });
    const lockedWrong = await t.call('login.php', { UsrUsr: jose.UsrMail, UsrPwd: 'Otra#Clave9' });
    expect(lockedRight.json).toEqual(wrong.json);
    expect(lockedWrong.json).toEqual(wrong.json);
    expect(wrong.json).toEqual({ status: 'ER', payload: { message: 'Correo o contraseña incorrectos.' } });
  });
});

describe('7. Account takeover paths', () => {
  // Two more people of the census demo (apps/api/data/census-demo.json), for the tests added here.
  const lesly = {
    ...karla,
    UsrDNI: '0301199700077',
    UsrNom1: 'LESLY',
    UsrNom2: 'MARÍA',
    UsrApe1: 'ZÚNIGA',
    UsrApe2: 'ORELLANA',
    UsrMail: 'lesly.zuniga@example.com',
    UsrFchNac: '1997-09-09',
    UsrTel: '96543210',
  };
  const wilmer = {
    ...jose,
    UsrDNI: '1501198100088',
    UsrNom1: 'WILMER',
    UsrNom2: 'JOEL',
    UsrApe1: 'AGUILAR',
    UsrApe2: 'SOTO',
    UsrMail: 'wilmer.aguilar@example.com',
    UsrFchNac: '1981-12-24',
    UsrTel: '95432109',
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a session waiting for its login code lives 10 minutes', async () => {
    await registerPerson(t, karla);
    t.clock.advance(2 * 60_000);
    const login = await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: karla.UsrPwd });
    const sid = (login.json.payload as { sid: string }).sid;
    const code = await latestCode(t, karla.UsrTel);
    t.clock.advance(PENDING_SESSION_MS);
    expect((await t.call('otp_cmp_login.php', { sid, OtpLNum: code })).json.status).toBe('ERS');
    // Confirmed in time, the session then lives its full absolute life.
    t.clock.advance(2 * 60_000);
    const active = await logInFully(t, karla);
    t.clock.advance(PENDING_SESSION_MS + 60_000);
    expect((await t.call('getPurposeList.php', { sid: active })).json.status).toBe('OK');
  });

  it('a password change is told in the app, by SMS and by e-mail', async () => {
    const sid = await registerPerson(t, jose);
    const before = (await outboxFor(t, jose.UsrTel)).length;
    const answer = await t.call('PostResetPassword.php', {
      sid,
      UsrPwd: jose.UsrPwd,
      UsrPwdNew: 'Nueva#Clave1',
    });
    expect(answer.json.status).toBe('OK');
    const sms = await outboxFor(t, jose.UsrTel);
    expect(sms.length).toBe(before + 1);
    expect(sms[0]?.body).toContain('Cambiaste tu contraseña');
    expect((await outboxFor(t, jose.UsrMail))[0]?.subject).toContain('Cambiaste tu contraseña');
    const listed = await t.call('getNotification.php', { sid });
    expect(JSON.stringify(listed.json)).toContain('Cambiaste tu contraseña');
  });

  it('a phone change is told to the old phone and the e-mail, never only to the new phone', async () => {
    const sid = await logInFully(t, karla);
    const asked = await t.call('otp_upd.php', { sid, UsrTelNew: '91115555', UsrPwd: karla.UsrPwd });
    expect(asked.json.status).toBe('OK');
    const code = await latestCode(t, '91115555');
    const changed = await t.call('putProfile.php', { sid, array: { mob_phone: '91115555', OtpLNum: code } });
    expect(changed.json.status, JSON.stringify(changed.json)).toBe('OK');
    const [toOldPhone] = await outboxFor(t, karla.UsrTel);
    expect(toOldPhone?.body).toContain('Cambiaste tu número de teléfono');
    expect(toOldPhone?.body).toContain('****5555');
    expect((await outboxFor(t, karla.UsrMail))[0]?.subject).toContain('Cambiaste tu número de teléfono');
  });
  it('changing the phone needs the current password: without it or with a wrong one, no code is sent', async () => {
    const sid = await registerPerson(t, lesly);
    const newPhone = '91116666';
    expect((await t.call('otp_upd.php', { sid, UsrTelNew: newPhone })).json).toEqual({
      status: 'ER',
      payload: { message: profileMessages.currentPasswordForPhone, field: 'UsrPwd' },
    });
    expect((await t.call('otp_upd.php', { sid, UsrTelNew: newPhone, UsrPwd: 'Otra#Clave9' })).json).toEqual({
      status: 'ER',
      payload: { message: profileMessages.currentPasswordWrong, field: 'UsrPwd' },
    });
    expect(await outboxFor(t, newPhone)).toEqual([]);
    const right = await t.call('otp_upd.php', { sid, UsrTelNew: newPhone, UsrPwd: lesly.UsrPwd });
    expect(right.json.status).toBe('OK');
    expect(await outboxFor(t, newPhone)).toHaveLength(1);
  });

  it('the right login code answers a new sid; the one given before the code is never the session', async () => {
    t.clock.advance(2 * 60_000);
    const login = await t.call('login.php', { UsrUsr: lesly.UsrMail, UsrPwd: lesly.UsrPwd });
    const pending = (login.json.payload as { sid: string }).sid;
    const confirmed = await t.call('otp_cmp_login.php', {
      sid: pending,
      OtpLNum: await latestCode(t, lesly.UsrTel),
    });
    const active = (confirmed.json.payload as { sid?: string }).sid;
    expect(active).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(active).not.toBe(pending);
    expect((await t.call('getPurposeList.php', { sid: active })).json.status).toBe('OK');
    expect((await t.call('getPurposeList.php', { sid: pending })).json.status).toBe('ERS');
    expect((await t.call('otp_login.php', { sid: pending })).json.status).toBe('ERS');
  });

  it('wrong login codes across resends lock code entry for a while, the right code included', async () => {
    const person = wilmer;
    await registerPerson(t, person);
    t.clock.advance(2 * 60_000);
    const login = await t.call('login.php', { UsrUsr: person.UsrMail, UsrPwd: person.UsrPwd });
    const sid = (login.json.payload as { sid: string }).sid;
    const answers: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      if (round > 0) {
        t.clock.advance(61_000);
        expect((await t.call('otp_login.php', { sid })).json.status).toBe('OK');
      }
      const code = await latestCode(t, person.UsrTel);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < accountPolicy.maxCodeAttempts; i += 1) {
        const answer = await t.call('otp_cmp_login.php', { sid, OtpLNum: wrong });
        answers.push((answer.json.payload as { message: string }).message);
      }
    }
    // The first wrong code opened a 30-minute window; the tenth, 61 s later, locks its remainder.
    expect(answers.slice(0, 9)).not.toContain(loginCodeLockedMessage(29));
    expect(answers.at(-1)).toBe(loginCodeLockedMessage(29));
    // A fresh code, sent after the lock, is refused too while it lasts.
    t.clock.advance(61_000);
    expect((await t.call('otp_login.php', { sid })).json.status).toBe('OK');
    const fresh = await latestCode(t, person.UsrTel);
    expect((await t.call('otp_cmp_login.php', { sid, OtpLNum: fresh })).json).toEqual({
      status: 'ER',
      payload: { message: loginCodeLockedMessage(28), field: 'OtpLNum' },
    });
    // When the window ends, code entry opens again (with a new login: the waiting one lives 10 minutes).
    t.clock.advance(accountPolicy.wrongLoginCodesWindowMs);
    expect(await logInFully(t, person)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('8. Leaks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A camera's metadata: EXIF with a GPS block and the device, as bytes one can search for. */
  const GPS = Buffer.from('Exif\0\0MM\0*GPSLatitude=14.0818;GPSLongitude=-87.2068;Model=Moto-E', 'latin1');
  const XMP = Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Tegucigalpa</x:xmpmeta>', 'latin1');
  const withMetadata = {
    jpeg: Buffer.concat([
      images.jpeg.subarray(0, 2),
      jpegSegment(0xe1, GPS),
      jpegSegment(0xe1, XMP),
      jpegSegment(0xfe, Buffer.from('Tegucigalpa, casa de Karla', 'latin1')),
      images.jpeg.subarray(2),
    ]),
    png: Buffer.concat([
      images.png.subarray(0, 33),
      pngChunk('eXIf', GPS),
      pngChunk('tEXt', Buffer.from('Location\0Tegucigalpa', 'latin1')),
      images.png.subarray(33),
    ]),
    webp: webpFile(
      webpChunk('VP8X', Buffer.from([0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
      webpChunk('VP8 ', randomBytes(64)),
      webpChunk('EXIF', GPS),
      webpChunk('XMP ', XMP),
    ),
  };

  it.each(['jpeg', 'png', 'webp'] as const)(
    'strips EXIF (GPS included), XMP and text metadata from a stored %s, keeping the image',
    (format) => {
      const image = readImage(withMetadata[format]);
      expect(image?.contentType).toBe(`image/${format}`);
      const text = image!.data.toString('latin1');
      for (const leak of ['GPSLatitude', 'Exif', 'xmpmeta', 'Tegucigalpa']) expect(text).not.toContain(leak);
      // The image data itself is unchanged.
      if (format !== 'webp') expect(readImage(images[format])!.data.equals(images[format])).toBe(true);
    },
  );

  it('a WEBP loses the EXIF and XMP flags and keeps a consistent RIFF size', () => {
    const data = readImage(withMetadata.webp)!.data;
    expect(data.readUInt32LE(4)).toBe(data.length - 8);
    expect(data[20]! & 0x0c).toBe(0);
  });

  it('refuses as "not an image" a file whose structure is broken', () => {
    expect(readImage(Buffer.concat([images.jpeg.subarray(0, 4), Buffer.from([0xff, 0xff])]))).toBeNull();
    expect(readImage(images.png.subarray(0, 40))).toBeNull();
  });

  it('a document uploaded through putProfileFile is stored without its GPS position', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const answer = await uploadFiles(t, sid, [
      { field: 'file1', data: withMetadata.jpeg, filename: 'selfie.jpg', contentType: 'image/jpeg' },
    ]);
    expect(answer.json.status, JSON.stringify(answer.json)).toBe('OK');
    const [file] = await t.deps.db
      .select()
      .from(borrowerFiles)
      .where(eq(borrowerFiles.borrowerId, borrowerId));
    const stored = await t.deps.integrations.fileStorage.get(file!.storageKey);
    expect(stored!.data.toString('latin1')).not.toContain('GPSLatitude');
    expect(stored!.data.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('every API answer says Cache-Control: no-store (legacy, staff, health, files, not found)', async () => {
    const { sid } = await sessionFor(t.deps);
    const answers = await Promise.all([
      t.app.inject({ method: 'POST', url: '/api/app/getProfile.php', payload: { sid } }),
      t.app.inject({ method: 'POST', url: '/api/app/no-existe.php', payload: {} }),
      t.app.inject({ method: 'GET', url: '/api/backoffice/auth/me' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/ready' }),
      t.app.inject({ method: 'GET', url: '/api/files/1?exp=1&sig=x' }),
      t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    ]);
    for (const res of answers)
      expect(res.headers['cache-control'], res.body.slice(0, 80)).toMatch(/no-store/);
  });

  it('/api/ready answers 503 without the database error when the database is down (/api/health: the process answers)', async () => {
    const down = await createTestApp();
    await down.database.close();
    const res = await down.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', reasons: ['database'] });
    expect((await down.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true });
    await down.app.close();
  });

  it('at info level, an unexpected database error is logged without its SQL, parameters or stack', async () => {
    const lines: string[] = [];
    const down = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
    await down.database.close();
    const answer = await down.call('login.php', {
      UsrUsr: 'karla.0801199000011@example.hn',
      UsrPwd: 'Clave#2026',
    });
    expect(answer.json.status).toBe('500');
    await down.app.close();
    const logged = lines.filter((l) => l.includes('unexpected error in a legacy call'));
    expect(logged.length).toBe(1);
    const [line] = logged;
    expect(JSON.parse(line!).err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'database query failed',
    });
    for (const leak of ['select', 'borrowers', 'params', '0801199000011', 'karla', '    at ', '.ts:']) {
      expect(line).not.toContain(leak);
    }
  });

  it('at debug level the stack is logged, still without the parameters', () => {
    const error = new Error('Failed query: select 1 where x = $1\nparams: 0801199000011', {
      cause: Object.assign(new Error('invalid input syntax for type integer: "0801199000011"'), {
        code: '22P02',
      }),
    });
    const logged = JSON.stringify(serializeLoggedError(error, true));
    expect(logged).toContain('"code":"22P02"');
    expect(logged).toContain('stack');
    expect(logged).not.toContain('0801199000011');
  });
});

describe('9. Least privilege and audit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('opening a borrower file is an audit row naming the staff member', async () => {
    const { borrowerId } = await sessionFor(t.deps);
    const { browser, id: staffId } = await staffWithRole(t, 'support');
    expect((await browser.get(`/borrowers/${borrowerId}`)).statusCode).toBe(200);
    const rows = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'borrower.view'));
    expect(rows).toEqual([
      expect.objectContaining({ actorType: 'staff', actorId: String(staffId), entityId: String(borrowerId) }),
    ]);
  });

  describe('cashier and support see only what their work needs', () => {
    let loanId: number;
    let borrowerId: number;
    let accountNumber: string;
    beforeAll(async () => {
      ({ loanId, borrowerId } = await borrowerWithLoanRequest(t));
      const [account] = await t.deps.db
        .select({ n: bankAccounts.accountNumber })
        .from(bankAccounts)
        .where(eq(bankAccounts.borrowerId, borrowerId));
      accountNumber = account!.n;
    });

    /** What each role's files carry: census record, location history, the account number. */
    async function seenBy(role: StaffRole) {
      const { browser } = await staffWithRole(t, role);
      const borrower = await browser.get(`/borrowers/${borrowerId}`);
      const loan = await browser.get(`/loans/${loanId}`);
      expect(borrower.statusCode, JSON.stringify(borrower.json)).toBe(200);
      expect(loan.statusCode, JSON.stringify(loan.json)).toBe(200);
      const b = borrower.json as {
        census: unknown;
        locations: unknown[] | null;
        profile: { account_number: string };
      };
      const l = loan.json as {
        census: unknown;
        request: { latitude: number | null; longitude: number | null; city: string | null };
        bankAccount: { accountNumber: string };
      };
      return {
        census: b.census !== null || l.census !== null,
        locations: b.locations !== null || l.request.latitude !== null || l.request.longitude !== null,
        accounts: [b.profile.account_number, l.bankAccount.accountNumber],
        city: l.request.city,
        body: borrower.raw.toString() + loan.raw.toString(),
      };
    }

    it('support: no census record, no location history, the account as ****1234', async () => {
      const seen = await seenBy('support');
      expect(seen.census).toBe(false);
      expect(seen.locations).toBe(false);
      expect(seen.accounts).toEqual([`****${accountNumber.slice(-4)}`, `****${accountNumber.slice(-4)}`]);
      expect(seen.body).not.toContain(accountNumber);
      expect(seen.body).not.toContain('14.0818');
      expect(seen.city).toBe('Tegucigalpa');
    });

    it('cashier: no census record, no location history, the full account (a disbursement pays into it)', async () => {
      const seen = await seenBy('cashier');
      expect(seen.census).toBe(false);
      expect(seen.locations).toBe(false);
      expect(seen.accounts).toEqual([accountNumber, accountNumber]);
    });

    it('analyst (the review compares them): census record, locations and the full account', async () => {
      const seen = await seenBy('analyst');
      expect(seen).toMatchObject({ census: true, locations: true, accounts: [accountNumber, accountNumber] });
    });
  });

  describe('staff passwords', () => {
    it('a staff member changes their own password with the current one; their other sessions end', async () => {
      const { browser, email } = await staffWithRole(t, 'analyst');
      const other = await logInStaff(t, email);
      const wrong = await browser.post('/auth/password', {
        currentPassword: 'no-es-la-mia',
        newPassword: 'Otra#Clave-2027',
      });
      expectError(wrong, 400, 'La contraseña actual no es correcta.');
      const changed = await browser.post('/auth/password', {
        currentPassword: STAFF_PASSWORD,
        newPassword: 'Otra#Clave-2027',
      });
      expect(changed.statusCode, JSON.stringify(changed.json)).toBe(200);
      expect(changed.json).toMatchObject({ endedSessions: 1 });
      // This session goes on, the other one is over, and the new password is the one that logs in.
      expect((await browser.get('/auth/me')).statusCode).toBe(200);
      expect((await other.get('/auth/me')).statusCode).toBe(401);
      await logInStaff(t, email, 'Otra#Clave-2027');
      const audit = await t.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'staff.password_change'));
      expect(audit.length).toBe(1);
    });

    it('an admin forces a reset: sessions end and the old password stops working (the link is tested in security-second-pass)', async () => {
      const { browser: admin } = await staffWithRole(t, 'admin');
      const { browser: cashier, id, email } = await staffWithRole(t, 'cashier');
      const forced = await admin.post(`/staff/${id}/password-reset`);
      expect(forced.statusCode, JSON.stringify(forced.json)).toBe(200);
      expect(forced.json).toMatchObject({ staff: { id, mustChangePassword: true } });
      expect((await cashier.get('/auth/me')).statusCode).toBe(401);
      expectError(await new StaffBrowser(t).post('/auth/login', { email, password: STAFF_PASSWORD }), 401);
      // Only admins force a reset, and not on themselves.
      expectError(await cashier.post(`/staff/${id}/password-reset`), 401);
    });

    it('a pending password change (a reset asked before links, whose old password still works) reaches nothing until a new password is set', async () => {
      const { id, email } = await staffWithRole(t, 'cashier');
      await t.deps.db
        .update(staffAccounts)
        .set({ passwordChangeRequiredAt: t.clock.now() })
        .where(eq(staffAccounts.id, id));
      const next = await logInStaff(t, email);
      const me = await next.get('/auth/me');
      expect(me.json).toMatchObject({ staff: { mustChangePassword: true } });
      const blocked = await next.get('/receipts');
      expectError(blocked, 403);
      expect((blocked.json as { error: { code: string } }).error.code).toBe('password_change_required');

      const changed = await next.post('/auth/password', {
        currentPassword: STAFF_PASSWORD,
        newPassword: 'Caja#Nueva-2027',
      });
      expect(changed.statusCode, JSON.stringify(changed.json)).toBe(200);
      expect(changed.json).toMatchObject({ staff: { mustChangePassword: false } });
      expect((await next.get('/receipts')).statusCode).toBe(200);
      // Only admins force a reset, and not on themselves.
      expectError(await next.post(`/staff/${id}/password-reset`), 403);
    });
  });

  describe('common breached passwords are refused (offline list shipped with the project)', () => {
    it('the list is shipped: 10,000 passwords, checked ignoring case', () => {
      const lines = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').trim().split('\n');
      expect(lines.length).toBe(10_000);
      expect(isCommonPassword('password')).toBe(true);
      expect(isCommonPassword('Password1')).toBe(true);
      expect(isCommonPassword('Otra#Clave-2027')).toBe(false);
    });

    it('registration, recovery and the password change refuse one, with the Spanish message', async () => {
      // 'Sasha_007' passes the SPEC's registration rule (upper, lower, digit, special) and is in the list.
      const common = 'Sasha_007';
      expect(isCommonPassword(common)).toBe(true);
      await confirmPhone(t, karla.UsrTel);
      const registered = await t.call('register.php', { ...karla, UsrPwd: common });
      expect(registered.json).toMatchObject({ status: 'ER', payload: { message: COMMON_PASSWORD_MESSAGE } });

      const sid = await registerPerson(t, jose);
      const changed = await t.call('PostResetPassword.php', {
        sid,
        UsrPwd: jose.UsrPwd,
        UsrPwdNew: 'Password1',
      });
      expect(changed.json).toMatchObject({ status: 'ER', payload: { message: COMMON_PASSWORD_MESSAGE } });
    });

    it('staff: a new account or a changed password from the list is refused', async () => {
      const { browser } = await staffWithRole(t, 'admin');
      const created = await browser.post('/staff', {
        email: 'nuevo.comun@prestamos.test',
        name: 'Nuevo',
        role: 'support',
        password: 'qwertyuiop',
      });
      expectError(created, 400, COMMON_PASSWORD_MESSAGE);
      const changed = await browser.post('/auth/password', {
        currentPassword: STAFF_PASSWORD,
        newPassword: 'Password123',
      });
      expectError(changed, 400, COMMON_PASSWORD_MESSAGE);
    });
  });
});

describe('10. Styles', () => {
  let t: TestApp;
  beforeAll(async () => {
    // An index.html's head as the build writes it (scripts/vite-app.ts: the nonce placeholder in a
    // meta tag); e2e/support/csp.ts checks the built pages themselves in Chromium.
    const dist = (app: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), `prestamos-${app}-dist-`));
      writeFileSync(
        path.join(dir, 'index.html'),
        '<!doctype html><html lang="es"><head><meta property="csp-nonce" nonce="__CSP_NONCE__">' +
          '<title>__BRAND_NAME__</title></head><body><div id="root"></div>' +
          (app === 'borrower' ? '<script>/* page script */</script>' : '') +
          '</body></html>',
      );
      return dir;
    };
    t = await createTestApp({
      env: { BORROWER_DIST: dist('borrower'), BACKOFFICE_DIST: dist('backoffice') },
    });
  });
  afterAll(() => t.close());

  const styleSrc = (csp: unknown) => /style-src ([^;]*)/.exec(String(csp))?.[1] ?? '';

  it.each(['/', '/backoffice/', '/backoffice/borrowers/1'])(
    "%s: style-src has no 'unsafe-inline' but this response's nonce, the one the page carries",
    async (url) => {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      const styles = styleSrc(page.headers['content-security-policy']);
      expect(styles).not.toContain("'unsafe-inline'");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(styles)?.[1];
      expect(nonce).toBeDefined();
      expect(nonce!.length).toBeGreaterThanOrEqual(22);
      expect(page.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(page.body).not.toContain('__CSP_NONCE__');
      expect(page.headers['cache-control']).toBe('no-store');
    },
  );

  it("/: the page's inline script (the prerendered screen, decision 020) runs by its hash, nothing else inline", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const scripts = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    const hash = createHash('sha256').update('/* page script */').digest('base64');
    expect(scripts).toBe(`'self' 'sha256-${hash}'`);
    // The back-office's page has no inline script: 'self' only.
    const staff = await t.app.inject({ method: 'GET', url: '/backoffice/' });
    expect(String(staff.headers['content-security-policy'])).toContain("script-src 'self';");
  });

  it('every response has its own nonce', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/' }),
      t.app.inject({ method: 'GET', url: '/' }),
    ]);
    expect(styleSrc(a.headers['content-security-policy'])).not.toBe(
      styleSrc(b.headers['content-security-policy']),
    );
  });

  it("the API's answers allow no inline style either", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(styleSrc(res.headers['content-security-policy'])).not.toContain("'unsafe-inline'");
  });

  it('the JSON API answers with the same policy and no nonce (it is never a page)', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/api/app/getPurposeList.php', payload: {} });
    const csp = String(answer.headers['content-security-policy']);
    expect(styleSrc(csp)).toBe("'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Headers that only mean something for a page are left out of the JSON answers, not of pages.
    expect(answer.headers['x-frame-options']).toBeUndefined();
    expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    const staff = await t.app.inject({ method: 'GET', url: '/api/backoffice/auth/me' });
    expect(styleSrc(staff.headers['content-security-policy'])).toBe("'self'");
  });
});
