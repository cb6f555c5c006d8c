import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowers } from '../src/db/schema/index.ts';
import { LOGIN_MAX_WAIT_MS } from '../src/services/login-backoff.ts';
import {
  PASSWORD,
  karla,
  karlaSessionAnswer,
  latestCode,
  logInFully,
  outboxFor,
  registerPerson,
} from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const sid = await registerPerson(t, karla);
  await t.call('logout.php', { sid });
});
afterAll(() => t.close());

const MIN = 60_000;
const WRONG = 'Clave#2025';
/** A fresh start for each test: past every resend lock and hourly limit. */
const later = () => t.clock.advance(61 * MIN);

describe('login.php', () => {
  it('answers a session waiting for its code, the summary, and sends the code by SMS', async () => {
    later();
    const res = await t.call('login.php', { UsrUsr: '  Karla.Martinez@EXAMPLE.com ', UsrPwd: PASSWORD });
    expect(res.json).toEqual(karlaSessionAnswer('Te enviamos un código de verificación por SMS.'));
    const [sms] = await outboxFor(t, karla.UsrTel);
    expect(sms!.body).toMatch(/^Préstamos HN: tu código para ingresar es \d{6}\. Vence en 5 minutos\./);
  });

  it('a pending session answers only the code calls until otp_cmp_login.php succeeds', async () => {
    later();
    const login = await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD });
    const { sid } = login.json.payload as { sid: string };
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
    expect((await t.call('getAccount.php', { sid })).json.status).toBe('ERS');
    expect((await t.call('resendMail.php', { sid })).json.status).toBe('ERS');

    const code = await latestCode(t, karla.UsrTel);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.call('otp_cmp_login.php', { sid, OtpLNum: wrong })).json).toEqual({
      status: 'ER',
      payload: { message: 'Código incorrecto. Te quedan 4 intentos.', field: 'OtpLNum' },
    });
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
    const confirmed = await t.call('otp_cmp_login.php', { sid, OtpLNum: code });
    expect(confirmed.json).toEqual({
      status: 'OK',
      payload: { message: 'Código verificado correctamente.', sid: expect.any(String) },
    });
    // The session is a new one: the token answered before the code is over (issue 15 point 7).
    const active = (confirmed.json.payload as { sid: string }).sid;
    expect(active).not.toBe(sid);
    expect((await t.call('getPurposeList.php', { sid: active })).json.status).toBe('OK');
    expect((await t.call('getAccount.php', { sid: active })).json.status).toBe('OK');
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    later();
    const wrong = await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: WRONG });
    const unknown = await t.call('login.php', { UsrUsr: 'nadie@example.com', UsrPwd: WRONG });
    const empty = await t.call('login.php', {});
    const expected = { status: 'ER', payload: { message: 'Correo o contraseña incorrectos.' } };
    expect(wrong).toEqual({ statusCode: 200, json: expected });
    expect(unknown).toEqual({ statusCode: 200, json: expected });
    expect(empty).toEqual({ statusCode: 200, json: expected });
    // A success resets the count of failures.
    await logInFully(t, karla);
    const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.email, karla.UsrMail));
    expect(row!.failedLogins).toBe(0);
  });

  it('expires the login code at 5 minutes and 1 second', async () => {
    later();
    const { sid } = (await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json.payload as {
      sid: string;
    };
    const code = await latestCode(t, karla.UsrTel);
    t.clock.advance(5 * MIN + 1000);
    expect((await t.call('otp_cmp_login.php', { sid, OtpLNum: code })).json).toEqual({
      status: 'ER',
      payload: { message: 'El código expiró. Solicita uno nuevo.', field: 'OtpLNum' },
    });
    // otp_login.php sends a new one.
    expect((await t.call('otp_login.php', { sid })).json).toEqual({
      status: 'OK',
      payload: { message: 'Te enviamos un código de verificación por SMS.' },
    });
    expect(
      (await t.call('otp_cmp_login.php', { sid, OtpLNum: await latestCode(t, karla.UsrTel) })).json.status,
    ).toBe('OK');
  });

  it('refuses the sixth try even with the right code', async () => {
    later();
    const { sid } = (await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json.payload as {
      sid: string;
    };
    const code = await latestCode(t, karla.UsrTel);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push((await t.call('otp_cmp_login.php', { sid, OtpLNum: wrong })).json.payload);
    }
    expect(messages.at(-1)).toEqual({
      message: 'Demasiados intentos. Solicita un nuevo código.',
      field: 'OtpLNum',
    });
    expect((await t.call('otp_cmp_login.php', { sid, OtpLNum: code })).json).toEqual({
      status: 'ER',
      payload: { message: 'Demasiados intentos. Solicita un nuevo código.', field: 'OtpLNum' },
    });
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
    // A new code is needed: otp_login.php sends one after its lock, with fresh tries.
    t.clock.advance(MIN);
    expect((await t.call('otp_login.php', { sid })).json.status).toBe('OK');
    expect(
      (await t.call('otp_cmp_login.php', { sid, OtpLNum: await latestCode(t, karla.UsrTel) })).json.status,
    ).toBe('OK');
  });

  it('locks the SMS and e-mail resends for 60 seconds each, and only the newest code counts', async () => {
    later();
    const { sid } = (await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json.payload as {
      sid: string;
    };
    const smsCode = await latestCode(t, karla.UsrTel);
    t.clock.advance(20_000);
    expect((await t.call('otp_login.php', { sid })).json).toEqual({
      status: 'ER',
      payload: { message: 'Espera 40 segundos para pedir otro código.', seconds: 40 },
    });
    // The e-mail channel has its own lock, not started yet.
    expect((await t.call('otp_mail.php', { sid })).json).toEqual({
      status: 'OK',
      payload: { message: 'Te enviamos el código de verificación a tu correo.' },
    });
    const [mail] = await outboxFor(t, karla.UsrMail);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Tu código para ingresar a Préstamos HN' });
    const mailCode = /\b(\d{6})\b/.exec(mail!.body)![1]!;
    expect((await t.call('otp_mail.php', { sid })).json.payload).toMatchObject({ seconds: 60 });
    t.clock.advance(40_000);
    expect((await t.call('otp_login.php', { sid })).json.status).toBe('OK');
    const newest = await latestCode(t, karla.UsrTel);
    // The SMS code sent first and the e-mailed one were replaced by the newest.
    for (const old of new Set([smsCode, mailCode].filter((c) => c !== newest))) {
      expect((await t.call('otp_cmp_login.php', { sid, OtpLNum: old })).json.status).toBe('ER');
    }
    expect((await t.call('otp_cmp_login.php', { sid, OtpLNum: newest })).json.status).toBe('OK');
  });

  /** Logs the session out; 10 s later a new login sends a new SMS code at once, and it confirms the login. */
  async function logOutThenInBySms(active: string) {
    expect((await t.call('logout.php', { sid: active })).json.status).toBe('OK');
    t.clock.advance(10_000);
    const before = (await outboxFor(t, karla.UsrTel)).length;
    const again = (await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json.payload as {
      sid: string;
    };
    expect((await outboxFor(t, karla.UsrTel)).length).toBe(before + 1);
    const fresh = await latestCode(t, karla.UsrTel);
    expect((await t.call('otp_cmp_login.php', { sid: again.sid, OtpLNum: fresh })).json.status).toBe('OK');
  }

  it('sends a new code at once when the last one was already used (log out and back in)', async () => {
    later();
    const first = (await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json.payload as {
      sid: string;
    };
    const used = await latestCode(t, karla.UsrTel);
    const confirmed = await t.call('otp_cmp_login.php', { sid: first.sid, OtpLNum: used });
    expect(confirmed.json.status).toBe('OK');
    await logOutThenInBySms((confirmed.json.payload as { sid: string }).sid);
  });

  it('an SMS code replaced by an e-mailed one holds no lock: logging in again sends a new SMS', async () => {
    later();
    const first = (await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json.payload as {
      sid: string;
    };
    expect((await t.call('otp_mail.php', { sid: first.sid })).json.status).toBe('OK');
    const [mail] = await outboxFor(t, karla.UsrMail);
    const mailed = /\b(\d{6})\b/.exec(mail!.body)![1]!;
    const confirmed = await t.call('otp_cmp_login.php', { sid: first.sid, OtpLNum: mailed });
    expect(confirmed.json.status).toBe('OK');
    await logOutThenInBySms((confirmed.json.payload as { sid: string }).sid);
  });

  it('sends at most 5 login codes an hour to one account', async () => {
    t.clock.advance(2 * 60 * MIN);
    const { sid } = (await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json.payload as {
      sid: string;
    };
    for (let i = 0; i < 4; i++) {
      t.clock.advance(MIN);
      expect((await t.call('otp_login.php', { sid })).json.status).toBe('OK');
    }
    t.clock.advance(MIN);
    expect((await t.call('otp_login.php', { sid })).json).toEqual({
      status: 'ER',
      payload: { message: 'Pediste demasiados códigos. Intenta de nuevo en una hora.' },
    });
  });

  it('locks the account after 100 wrong passwords in a row, even for the right one, until recovery', async () => {
    t.clock.advance(2 * 60 * MIN);
    const answers = new Set<string>();
    for (let i = 0; i < 99; i++) {
      // Past each wait of the per-account backoff (issue 32 point 3), which makes 100 wrong
      // passwords take days rather than minutes.
      t.clock.advance(LOGIN_MAX_WAIT_MS + 1000);
      // From many addresses, as a distributed guesser would (the per-IP limit is another guard).
      const res = await t.call(
        'login.php',
        { UsrUsr: karla.UsrMail, UsrPwd: `${WRONG}${i}` },
        { ip: `10.200.${i}.1` },
      );
      answers.add((res.json.payload as { message: string }).message);
    }
    expect([...answers]).toEqual(['Correo o contraseña incorrectos.']);
    t.clock.advance(LOGIN_MAX_WAIT_MS + 1000);
    // Locked, it answers as a wrong password does, right password or not (issue 15 point 6).
    const locked = { status: 'ER', payload: { message: 'Correo o contraseña incorrectos.' } };
    expect((await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: WRONG })).json).toEqual(locked);
    t.clock.advance(LOGIN_MAX_WAIT_MS + 1000);
    expect((await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json).toEqual(locked);

    const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.email, karla.UsrMail));
    expect(row!.failedLogins).toBe(100);
    expect(row!.lockedAt).not.toBeNull();
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'account_locked'));
    expect(audit).toHaveLength(1);
    const [notice] = await outboxFor(t, karla.UsrMail);
    expect(notice).toMatchObject({ subject: 'Bloqueamos tu cuenta de Préstamos HN' });

    // Recovery unlocks it.
    expect((await t.call('recovery.php', { UsrMail: karla.UsrMail })).json.status).toBe('OK');
    const [link] = await outboxFor(t, karla.UsrMail);
    const data = decodeURIComponent(/#\/recuperarpass\/(\S+)/.exec(link!.body)![1]!);
    const { UsrMail, newPWD } = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<
      string,
      string
    >;
    const NEW = 'Nueva#Clave1';
    expect((await t.call('recoverypwd.php', { UsrMail, NewPwd: newPWD, UsrPwd: NEW })).json.status).toBe(
      'OK',
    );
    await logInFully(t, karla, NEW);
  });
});
