import { profileMessages } from '@prestamos-hn/contract';
import {
  PASSWORD_RULE_MESSAGE,
  PHONE_IN_USE_MESSAGE,
  PROFILE_PHONE_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
} from '@prestamos-hn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../src/db/schema/index.ts';
import { PASSWORD, jose, karla, latestCode, logInFully, registerPerson } from './support/accounts.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let karlaSid: string;
let joseSid: string;
beforeAll(async () => {
  t = await createTestApp();
  karlaSid = await registerPerson(t, karla);
  joseSid = await registerPerson(t, jose);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const phoneOf = async (sid: string) =>
  ((await expectOk(t.call('getProfile.php', { sid }))) as { data: { mob_phone: string } }).data.mob_phone;

describe('phone change (otp_upd.php, then putProfile.php with the code)', () => {
  it('refuses a malformed, the same or a taken phone', async () => {
    const malformed = await expectEr(
      t.call('otp_upd.php', { sid: karlaSid, UsrTelNew: '9911 2233', UsrPwd: karla.UsrPwd }),
      PROFILE_PHONE_MESSAGE,
    );
    expect(malformed.field).toBe('UsrTelNew');
    const same = await expectEr(
      t.call('otp_upd.php', { sid: karlaSid, UsrTelNew: karla.UsrTel, UsrPwd: karla.UsrPwd }),
      profileMessages.phoneSameAsCurrent,
    );
    expect(same.field).toBe('UsrTelNew');
    await expectEr(
      t.call('otp_upd.php', { sid: karlaSid, UsrTelNew: jose.UsrTel, UsrPwd: karla.UsrPwd }),
      PHONE_IN_USE_MESSAGE,
    );
  });

  it('a wrong code is refused and changes nothing; the right one changes the phone with an audit row', async () => {
    await expectOk(t.call('otp_upd.php', { sid: karlaSid, UsrTelNew: '91112222', UsrPwd: karla.UsrPwd }));
    const code = await latestCode(t, '91112222');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await expectEr(
      t.call('putProfile.php', { sid: karlaSid, array: { mob_phone: '91112222', OtpLNum: wrong } }),
      'Código incorrecto. Te quedan 4 intentos.',
    );
    expect(refused.field).toBe('OtpLNum');
    const short = await expectEr(
      t.call('putProfile.php', { sid: karlaSid, array: { mob_phone: '91112222', OtpLNum: '12' } }),
      REQUIRED_FIELD_MESSAGE,
    );
    expect(short.field).toBe('OtpLNum');
    // Jose cannot use Karla's code, for her phone or for his.
    await expectEr(
      t.call('putProfile.php', { sid: joseSid, array: { mob_phone: '91112222', OtpLNum: code } }),
      'Primero solicita un código.',
    );
    expect(await phoneOf(karlaSid)).toBe(karla.UsrTel);
    // The code is bound to the phone it was sent to.
    await expectEr(
      t.call('putProfile.php', { sid: karlaSid, array: { mob_phone: '93334444', OtpLNum: code } }),
      'Código incorrecto. Te quedan 3 intentos.',
    );
    const extra = await expectEr(
      t.call('putProfile.php', { sid: karlaSid, array: { mob_phone: '91112222', OtpLNum: code, income: 5 } }),
      profileMessages.fieldNotEditable('income'),
    );
    expect(extra.field).toBe('income');
    await expectOk(
      t.call('putProfile.php', { sid: karlaSid, array: { mob_phone: '91112222', OtpLNum: code } }),
    );
    expect(await phoneOf(karlaSid)).toBe('91112222');
    expect(await phoneOf(joseSid)).toBe(jose.UsrTel);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'profile.update.phone'));
    expect(audit).toMatchObject({ before: { mob_phone: karla.UsrTel }, after: { mob_phone: '91112222' } });
  });

  it('a second change within 6 months is refused with the date it becomes possible', async () => {
    t.clock.advance(30 * DAY);
    karlaSid = await logInFully(t, { ...karla, UsrTel: '91112222' });
    joseSid = await logInFully(t, jose);
    const payload = await expectEr(
      t.call('otp_upd.php', { sid: karlaSid, UsrTelNew: '95556666', UsrPwd: karla.UsrPwd }),
      profileMessages.phoneChangeLocked,
    );
    expect(payload.fechaexp).toBe('2027-05-22');
    const confirm = await expectEr(
      t.call('putProfile.php', { sid: karlaSid, array: { mob_phone: '95556666', OtpLNum: '123456' } }),
      profileMessages.phoneChangeLocked,
    );
    expect(confirm.fechaexp).toBe('2027-05-22');
    // Jose never changed his: he may.
    await expectOk(t.call('otp_upd.php', { sid: joseSid, UsrTelNew: '95556666', UsrPwd: jose.UsrPwd }));
    t.clock.set('2027-05-21T12:00:00Z');
    karlaSid = await logInFully(t, { ...karla, UsrTel: '91112222' });
    const dayBefore = await expectEr(
      t.call('otp_upd.php', { sid: karlaSid, UsrTelNew: '97778888', UsrPwd: karla.UsrPwd }),
      profileMessages.phoneChangeLocked,
    );
    expect(dayBefore.fechaexp).toBe('2027-05-22');
    t.clock.set('2027-05-22T12:00:00Z');
    karlaSid = await logInFully(t, { ...karla, UsrTel: '91112222' });
    await expectOk(t.call('otp_upd.php', { sid: karlaSid, UsrTelNew: '97778888', UsrPwd: karla.UsrPwd }));
  });
});

describe('PostResetPassword.php', () => {
  it('refuses a wrong current password and a weak new one', async () => {
    t.clock.advance(2 * 60_000);
    const sid = await logInFully(t, jose);
    const wrong = await expectEr(
      t.call('PostResetPassword.php', { sid, UsrPwd: 'NoEsLaMia#1', UsrPwdNew: 'Nueva#Clave1' }),
      profileMessages.currentPasswordWrong,
    );
    expect(wrong.field).toBe('UsrPwd');
    const empty = await expectEr(
      t.call('PostResetPassword.php', { sid, UsrPwd: '', UsrPwdNew: 'Nueva#Clave1' }),
      REQUIRED_FIELD_MESSAGE,
    );
    expect(empty.field).toBe('UsrPwd');
    const weak = await expectEr(
      t.call('PostResetPassword.php', { sid, UsrPwd: PASSWORD, UsrPwdNew: 'nueva' }),
      PASSWORD_RULE_MESSAGE,
    );
    expect(weak.field).toBe('UsrPwdNew');
  });

  it('changes the password, keeps this session and ends the other ones of that borrower only', async () => {
    t.clock.advance(2 * 60_000);
    const first = await logInFully(t, jose);
    t.clock.advance(2 * 60_000);
    const second = await logInFully(t, jose);
    const karlaNow = await logInFully(t, { ...karla, UsrTel: '91112222' });
    await expectOk(
      t.call('PostResetPassword.php', { sid: second, UsrPwd: PASSWORD, UsrPwdNew: 'Nueva#Clave1' }),
    );
    expect((await t.call('getProfile.php', { sid: second })).json.status).toBe('OK');
    expect((await t.call('getProfile.php', { sid: first })).json.status).toBe('ERS');
    expect((await t.call('getProfile.php', { sid: karlaNow })).json.status).toBe('OK');
    const login = await t.call('login.php', { UsrUsr: jose.UsrMail, UsrPwd: 'Nueva#Clave1' });
    expect(login.json.status).toBe('OK');
    const old = await t.call('login.php', { UsrUsr: jose.UsrMail, UsrPwd: PASSWORD });
    expect(old.json.status).toBe('ER');
    const ended = await t.deps.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.endReason, 'password_change')));
    expect(ended.length).toBeGreaterThanOrEqual(2);
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'password.change'));
    expect(JSON.stringify(audits)).not.toContain('Nueva#Clave1');
  });
});
