import { PASSWORD_RULE_MESSAGE, REQUIRED_FIELD_MESSAGE } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowers, emailTokens } from '../src/db/schema/index.ts';
import {
  PASSWORD,
  jose,
  karla,
  latestLink,
  logInFully,
  outboxFor,
  registerPerson,
} from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let karlaSid: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://app.prestamos.example/' } });
  karlaSid = await registerPerson(t, karla);
  await registerPerson(t, jose);
});
afterAll(() => t.close());

const MIN = 60_000;
const NEW = 'Nueva#Clave1';

/** The `{UsrMail, newPWD}` payload of the newest recovery link, decoded as the app does. */
async function recoveryPayload(email: string): Promise<{ UsrMail: string; newPWD: string; link: string }> {
  const link = await latestLink(t, email);
  expect(link).toMatch(/^https:\/\/app\.prestamos\.example\/#\/recuperarpass\/[A-Za-z0-9%]+$/);
  const data = decodeURIComponent(link.split('#/recuperarpass/')[1]!);
  return { ...(JSON.parse(atob(data)) as { UsrMail: string; newPWD: string }), link };
}

describe('recovery.php', () => {
  it('answers the same for known and unknown e-mails, and mails a link only to the known one', async () => {
    const known = await t.call('recovery.php', { UsrMail: 'Karla.Martinez@example.com' });
    const unknown = await t.call('recovery.php', { UsrMail: 'nadie@example.com' });
    const expected = {
      statusCode: 200,
      json: {
        status: 'OK',
        payload: {
          message: 'Si el correo está registrado, te enviamos un enlace para recuperar tu contraseña.',
        },
      },
    };
    expect(known).toEqual(expected);
    expect(unknown).toEqual(expected);
    expect(await outboxFor(t, 'nadie@example.com')).toEqual([]);
    // Asking again inside the minute: the same answer, and no second e-mail.
    expect(await t.call('recovery.php', { UsrMail: karla.UsrMail })).toEqual(expected);
    const mails = await outboxFor(t, karla.UsrMail);
    expect(mails.filter((m) => m.subject === 'Recupera tu contraseña de Préstamos HN')).toHaveLength(1);
    // The field is required.
    expect((await t.call('recovery.php', { UsrMail: '  ' })).json).toEqual({
      status: 'ER',
      payload: { message: REQUIRED_FIELD_MESSAGE, field: 'UsrMail' },
    });
  });

  it('the link carries UsrMail and a random token in newPWD, never a password', async () => {
    const { UsrMail, newPWD } = await recoveryPayload(karla.UsrMail);
    expect(UsrMail).toBe(karla.UsrMail);
    expect(newPWD).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newPWD).not.toBe(PASSWORD);
    const rows = await t.deps.db.select().from(emailTokens);
    expect(JSON.stringify(rows)).not.toContain(newPWD);
  });

  it('recoverypwd.php sets the password once with a valid token and ends every session', async () => {
    const { UsrMail, newPWD } = await recoveryPayload(karla.UsrMail);
    t.clock.advance(MIN);
    const other = await logInFully(t, karla);
    expect((await t.call('getPurposeList.php', { sid: karlaSid })).json.status).toBe('OK');

    const invalid = { status: 'ER', payload: { message: 'El enlace no es válido o ya expiró.' } };
    expect((await t.call('recoverypwd.php', { UsrMail, NewPwd: 'A'.repeat(43), UsrPwd: NEW })).json).toEqual(
      invalid,
    );
    expect(
      (await t.call('recoverypwd.php', { UsrMail: jose.UsrMail, NewPwd: newPWD, UsrPwd: NEW })).json,
    ).toEqual(invalid);
    expect((await t.call('recoverypwd.php', { UsrMail, NewPwd: newPWD, UsrPwd: 'corta' })).json).toEqual({
      status: 'ER',
      payload: { message: PASSWORD_RULE_MESSAGE, field: 'UsrPwd' },
    });

    expect((await t.call('recoverypwd.php', { UsrMail, NewPwd: newPWD, UsrPwd: NEW })).json).toEqual({
      status: 'OK',
      payload: { message: 'Contraseña actualizada correctamente.' },
    });
    for (const sid of [karlaSid, other]) {
      expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('ERS');
    }
    // Once only.
    expect(
      (await t.call('recoverypwd.php', { UsrMail, NewPwd: newPWD, UsrPwd: 'Otra#Clave9' })).json,
    ).toEqual(invalid);
    // The old password no longer works, the new one does.
    t.clock.advance(2 * MIN);
    expect((await t.call('login.php', { UsrUsr: karla.UsrMail, UsrPwd: PASSWORD })).json.status).toBe('ER');
    await logInFully(t, karla, NEW);

    const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.email, karla.UsrMail));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'password_recovered'));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(NEW);
    const [notice] = await outboxFor(t, karla.UsrMail);
    expect(notice).toMatchObject({ subject: 'Tu contraseña de Préstamos HN cambió' });
  });

  it('a recovery link expires after 30 minutes', async () => {
    t.clock.advance(2 * MIN);
    await t.call('recovery.php', { UsrMail: jose.UsrMail });
    const { UsrMail, newPWD } = await recoveryPayload(jose.UsrMail);
    t.clock.advance(30 * MIN + 1000);
    expect((await t.call('recoverypwd.php', { UsrMail, NewPwd: newPWD, UsrPwd: NEW })).json).toEqual({
      status: 'ER',
      payload: { message: 'El enlace no es válido o ya expiró.' },
    });
  });
});

async function getQuery(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res.json() as Record<string, unknown>;
}

describe('validatemail.php and resendMail.php', () => {
  it('validates the e-mail through the link once; then answers ER with status CMP', async () => {
    const mails = await outboxFor(t, jose.UsrMail);
    const validation = mails.find((m) => m.subject?.startsWith('Valida tu correo'))!;
    const token = /#\/validarmail\/([A-Za-z0-9_-]{43})/.exec(validation.body)![1]!;

    expect(await getQuery('/api/app/validatemail.php?code=nope')).toEqual({
      status: 'ER',
      payload: { message: 'El enlace no es válido o ya expiró.' },
    });
    expect(await getQuery(`/api/app/validatemail.php?code=${token}`)).toEqual({
      status: 'OK',
      payload: { message: 'Correo validado correctamente.' },
    });
    expect(await getQuery(`/api/app/validatemail.php?code=${token}`)).toEqual({
      status: 'ER',
      payload: { message: 'Tu correo ya está validado.', status: 'CMP' },
    });
    const sid = await logInFully(t, jose);
    expect((await t.call('getAccount.php', { sid })).json).toMatchObject({
      status: 'OK',
      payload: { data: { MailEst: 'CMP' } },
    });
    expect((await t.call('resendMail.php', { sid })).json).toEqual({
      status: 'OK',
      payload: { message: 'Tu correo ya está validado.' },
    });
    const audit = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'email_validated'));
    expect(audit).toHaveLength(1);
  });

  it('resends the validation link after 60 seconds; a link expires after 48 hours', async () => {
    const person = {
      ...karla,
      UsrDNI: '1804198800044',
      UsrNom1: 'CARLOS',
      UsrNom2: 'EDUARDO',
      UsrApe1: 'NUNEZ',
      UsrApe2: 'PAZ',
      UsrGen: 'M',
      UsrFchNac: '1988-01-20',
      UsrMail: 'carlos@example.com',
      UsrTel: '98001122',
    };
    const sid = await registerPerson(t, person);
    t.clock.advance(30_000);
    expect((await t.call('resendMail.php', { sid })).json).toEqual({
      status: 'ER',
      payload: { message: 'Espera 30 segundos para pedir otro correo.', seconds: 30 },
    });
    t.clock.advance(30_000);
    expect((await t.call('resendMail.php', { sid })).json).toEqual({
      status: 'OK',
      payload: { message: 'Te enviamos de nuevo el correo de validación.' },
    });
    const link = await latestLink(t, person.UsrMail);
    expect(link).toMatch(/^https:\/\/app\.prestamos\.example\/#\/validarmail\/[A-Za-z0-9_-]{43}$/);
    const token = link.split('/#/validarmail/')[1]!;
    t.clock.advance(48 * 60 * MIN + 1000);
    expect(await getQuery(`/api/app/validatemail.php?code=${token}`)).toEqual({
      status: 'ER',
      payload: { message: 'El enlace no es válido o ya expiró.' },
    });
  });
});
