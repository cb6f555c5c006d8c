import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

export interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  body: string;
}

/** The newest messages for a phone or e-mail, as a newcomer reads them: through the dev outbox. */
export async function outboxFor(t: TestApp, to: string): Promise<OutboxRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json() as OutboxRow[];
}

/** The six-digit code of the newest message to `to`. */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const [newest] = await outboxFor(t, to);
  const code = /\b(\d{6})\b/.exec(newest?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the newest message to ${to}: ${newest?.body}`);
  return code;
}

/** The link (a full URL of the app) in the newest e-mail to `to`. */
export async function latestLink(t: TestApp, to: string): Promise<string> {
  const [newest] = await outboxFor(t, to);
  const link = /https?:\/\/\S+/.exec(newest?.body ?? '')?.[0];
  if (!link) throw new Error(`no link in the newest message to ${to}`);
  return link;
}

export const PASSWORD = 'Clave#2026';

/** Demo identities of apps/api/data/census-demo.json. */
export const karla = {
  UsrDNI: '0801199000011',
  UsrNom1: 'Karla',
  UsrNom2: 'Patricia',
  UsrApe1: 'Martínez',
  UsrApe2: 'Reyes',
  UsrMail: 'karla.martinez@example.com',
  UsrGen: 'F',
  UsrPwd: PASSWORD,
  UsrFchNac: '1990-03-15',
  UsrTel: '98765432',
};
export const jose = {
  UsrDNI: '0501198500022',
  UsrNom1: 'JOSE',
  UsrNom2: 'ANTONIO',
  UsrApe1: 'HERNANDEZ',
  UsrApe2: 'CASTRO',
  UsrMail: 'jose.hernandez@example.com',
  UsrGen: 'M',
  UsrPwd: PASSWORD,
  UsrFchNac: '1985-07-02',
  UsrTel: '97654321',
};

/**
 * register.php's and login.php's answer for Karla: `message`, the new session's sid and her account's
 * summary (the phone masked but for its last two digits, the e-mail not yet validated).
 */
export const karlaSessionAnswer = (message: string) => ({
  status: 'OK',
  payload: {
    message,
    sid: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    data: {
      realname: 'KARLA',
      surname: 'MARTINEZ',
      email: 'karla.martinez@example.com',
      mob_phone: '******32',
      MailEst: 'PEN',
    },
  },
});

/** otp_cre then otp_cmp with the code from the outbox: the phone is confirmed. */
export async function confirmPhone(t: TestApp, phone: string, ip?: string): Promise<void> {
  const sent = await t.call('otp_cre.php', { UsrTel: phone }, { ip });
  expect(sent.json.status, JSON.stringify(sent.json)).toBe('OK');
  const ok = await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: await latestCode(t, phone) }, { ip });
  expect(ok.json.status, JSON.stringify(ok.json)).toBe('OK');
}

/** The whole stage 1: phone code, then register.php. Returns the active session's sid. */
export async function registerPerson(t: TestApp, person: typeof karla): Promise<string> {
  await confirmPhone(t, person.UsrTel);
  const res = await t.call('register.php', person);
  expect(res.json.status, JSON.stringify(res.json)).toBe('OK');
  return (res.json.payload as { sid: string }).sid;
}

/** login.php then otp_cmp_login.php with the SMS code: an active session. */
export async function logInFully(
  t: TestApp,
  person: typeof karla,
  password = person.UsrPwd,
): Promise<string> {
  const login = await t.call('login.php', { UsrUsr: person.UsrMail, UsrPwd: password });
  expect(login.json.status, JSON.stringify(login.json)).toBe('OK');
  const sid = (login.json.payload as { sid: string }).sid;
  const ok = await t.call('otp_cmp_login.php', { sid, OtpLNum: await latestCode(t, person.UsrTel) });
  expect(ok.json.status, JSON.stringify(ok.json)).toBe('OK');
  // The right code answers the active session's own sid, in place of the waiting one.
  return (ok.json.payload as { sid: string }).sid;
}
