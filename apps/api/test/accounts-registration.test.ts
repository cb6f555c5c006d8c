import {
  EMAIL_IN_USE_MESSAGE,
  ID_IN_USE_MESSAGE,
  IDENTITY_NOT_FOUND_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  PHONE_IN_USE_MESSAGE,
  UNDERAGE_MESSAGE,
} from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowers, oneTimeCodes } from '../src/db/schema/index.ts';
import { confirmPhone, jose, karla, karlaSessionAnswer, latestCode, outboxFor } from './support/accounts.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PUBLIC_URL: 'https://app.prestamos.example', BRAND_NAME: 'Prestamos Demo' },
  });
});
afterAll(() => t.close());

const MIN = 60_000;

describe('register.php', () => {
  /** ANA LÓPEZ of the census demo (apps/api/data/census-demo.json); she registers only in the last test here. */
  const ana = {
    UsrDNI: '0101199200033',
    UsrNom1: 'ANA',
    UsrNom2: '',
    UsrApe1: 'LOPEZ',
    UsrApe2: '',
    UsrMail: 'ana@example.com',
    UsrGen: 'F',
    UsrPwd: 'Clave#2026',
    UsrFchNac: '1992-11-30',
    UsrTel: '93334455',
  };

  it('registers the demo identity after its phone code, with an active session and a validation e-mail', async () => {
    const sent = await t.call('otp_cre.php', { UsrTel: karla.UsrTel });
    expect(sent.json).toEqual({ status: 'OK', payload: { message: 'Te enviamos un código por SMS.' } });
    const [sms] = await outboxFor(t, karla.UsrTel);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.body).toMatch(
      /^Prestamos Demo: tu código para crear tu cuenta es \d{6}\. Vence en 5 minutos\./,
    );

    const confirmed = await t.call('otp_cmp.php', {
      UsrTel: karla.UsrTel,
      OtpCod: await latestCode(t, karla.UsrTel),
    });
    expect(confirmed.json).toEqual({
      status: 'OK',
      payload: { message: 'Número verificado correctamente.' },
    });

    const res = await t.call('register.php', karla);
    expect(res.json).toEqual(karlaSessionAnswer('Cuenta creada correctamente.'));
    const { sid } = res.json.payload as { sid: string };
    // Active at once: no login code after registration.
    expect((await t.call('getPurposeList.php', { sid })).json.status).toBe('OK');
    expect((await t.call('getAccount.php', { sid })).json).toMatchObject({
      status: 'OK',
      payload: { data: { realname: 'KARLA', MailEst: 'PEN' } },
    });

    const [mail] = await outboxFor(t, karla.UsrMail);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Valida tu correo en Prestamos Demo' });
    expect(mail!.body).toMatch(/https:\/\/app\.prestamos\.example\/#\/validarmail\/[A-Za-z0-9_-]{43}\n/);
    expect(mail!.body).toContain('Hola, KARLA:');

    const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.personCode, karla.UsrDNI));
    expect(row).toMatchObject({
      firstName: 'KARLA',
      secondName: 'PATRICIA',
      firstSurname: 'MARTINEZ',
      secondSurname: 'REYES',
      gender: 'F',
      birthday: '1990-03-15',
      failedLogins: 0,
      emailConfirmedAt: null,
    });
    expect(row!.passwordHash).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(row!.passwordHash).not.toContain(karla.UsrPwd);

    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(row!.id)));
    expect(audit.map((a) => a.action)).toContain('register');
    expect(JSON.stringify(audit)).not.toContain(karla.UsrPwd);
  });

  it('answers ER-API for an e-mail, identity number or phone another account has', async () => {
    // Same e-mail (in other case), other person.
    await confirmPhone(t, jose.UsrTel);
    const email = await t.call('register.php', { ...jose, UsrMail: 'KARLA.Martinez@example.com' });
    expect(email.json).toEqual({
      status: 'ER-API',
      payload: { message: EMAIL_IN_USE_MESSAGE },
      errors: { email: EMAIL_IN_USE_MESSAGE },
    });
    // Same identity number (same person), other e-mail and phone.
    const id = await t.call('register.php', { ...karla, UsrMail: 'otra@example.com', UsrTel: jose.UsrTel });
    expect(id.json).toEqual({
      status: 'ER-API',
      payload: { message: ID_IN_USE_MESSAGE },
      errors: { person_code: ID_IN_USE_MESSAGE },
    });
    // Same phone: told once its owner proved it with the code (otp_cre.php sends one to any phone).
    await confirmPhone(t, karla.UsrTel);
    const phone = await t.call('register.php', { ...jose, UsrTel: karla.UsrTel });
    expect(phone.json).toEqual({
      status: 'ER-API',
      payload: { message: PHONE_IN_USE_MESSAGE },
      errors: { mob_phone: PHONE_IN_USE_MESSAGE },
    });
    // All three at once.
    const all = await t.call('register.php', karla);
    expect(all.json).toMatchObject({
      status: 'ER-API',
      errors: {
        email: EMAIL_IN_USE_MESSAGE,
        person_code: ID_IN_USE_MESSAGE,
        mob_phone: PHONE_IN_USE_MESSAGE,
      },
    });
    // José's confirmed phone was not consumed by the refusals: he can still register.
    expect((await t.call('register.php', jose)).json.status).toBe('OK');
  });

  it('refuses a registration whose names, sex or birth date differ from the census', async () => {
    const person = { ...karla, UsrMail: 'k2@example.com', UsrTel: '91112233', UsrDNI: '0301199700077' };
    // LESLY MARÍA ZÚNIGA ORELLANA, F, 1997-09-09: Karla's names do not match.
    const names = await t.call('register.php', person);
    expect(names.json).toEqual({
      status: 'ER',
      payload: { message: 'Este nombre no coincide con el DNI ingresado.', field: 'UsrNom1' },
    });
    const lesly = {
      ...person,
      UsrNom1: 'LESLY',
      UsrNom2: 'MARIA',
      UsrApe1: 'ZUNIGA',
      UsrApe2: 'ORELLANA',
      UsrFchNac: '1997-09-09',
    };
    const sex = await t.call('register.php', { ...lesly, UsrGen: 'M' });
    expect(sex.json).toEqual({
      status: 'ER',
      payload: {
        message: 'Tus datos no coinciden con el registro de tu identidad: sexo.',
        mismatches: ['sex'],
      },
    });
    const second = await t.call('register.php', { ...lesly, UsrNom2: 'JOSEFA', UsrApe2: '' });
    expect(second.json).toMatchObject({
      status: 'ER',
      payload: { mismatches: ['secondName', 'secondSurname'] },
    });
    const birth = await t.call('register.php', { ...lesly, UsrFchNac: '1997-09-10' });
    expect(birth.json).toEqual({
      status: 'ER',
      payload: { message: 'La fecha no coincide con el DNI ingresado.', field: 'UsrFchNac' },
    });
  });

  it('refuses someone under 21, an unknown identity and a weak password with the SPEC messages', async () => {
    const brenda = {
      UsrDNI: '0801200500055',
      UsrNom1: 'BRENDA',
      UsrNom2: '',
      UsrApe1: 'CRUZ',
      UsrApe2: 'MEJIA',
      UsrMail: 'brenda@example.com',
      UsrGen: 'F',
      UsrPwd: 'Clave#2026',
      UsrFchNac: '2005-12-01',
      UsrTel: '92223344',
    };
    expect((await t.call('register.php', brenda)).json).toEqual({
      status: 'ER',
      payload: { message: UNDERAGE_MESSAGE, field: 'UsrDNI' },
    });
    expect((await t.call('register.php', { ...brenda, UsrDNI: '0801199911111' })).json).toEqual({
      status: 'ER',
      payload: { message: IDENTITY_NOT_FOUND_MESSAGE, field: 'UsrDNI' },
    });
    const anaWeak = await t.call('register.php', { ...ana, UsrPwd: 'Clave2026' });
    expect(anaWeak.json).toEqual({
      status: 'ER',
      payload: { message: PASSWORD_RULE_MESSAGE, field: 'UsrPwd' },
    });
  });

  it('refuses a registration whose phone was not confirmed by its code', async () => {
    const refused = await t.call('register.php', ana);
    expect(refused.json).toEqual({
      status: 'ER',
      payload: {
        message: 'Primero confirma tu número de teléfono con el código que te enviamos por SMS.',
        field: 'UsrTel',
      },
    });
    // A code sent but not confirmed is not enough either.
    await t.call('otp_cre.php', { UsrTel: ana.UsrTel });
    expect((await t.call('register.php', ana)).json.status).toBe('ER');
    // Another phone's confirmation does not count for this one.
    await confirmPhone(t, '94445566');
    expect((await t.call('register.php', ana)).json.status).toBe('ER');
    // A confirmation is used once: after Ana registers, nobody else registers with it.
    await t.call('otp_cmp.php', { UsrTel: ana.UsrTel, OtpCod: await latestCode(t, ana.UsrTel) });
    expect((await t.call('register.php', ana)).json.status).toBe('OK');
  });
});

describe('registration codes (otp_cre.php, otp_cmp.php)', () => {
  it('expires a code at 5 minutes: valid at 5:00, refused at 5:01', async () => {
    const phone = '95550001';
    await t.call('otp_cre.php', { UsrTel: phone });
    const code = await latestCode(t, phone);
    t.clock.advance(5 * MIN + 1000);
    expect((await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: code })).json).toEqual({
      status: 'ER',
      payload: { message: 'El código expiró. Solicita uno nuevo.', field: 'OtpCod' },
    });

    t.clock.advance(2 * MIN);
    await t.call('otp_cre.php', { UsrTel: phone });
    const fresh = await latestCode(t, phone);
    t.clock.advance(5 * MIN);
    expect((await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: fresh })).json.status).toBe('OK');
    // Single use.
    expect((await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: fresh })).json).toMatchObject({
      status: 'ER',
      payload: { message: 'Ese código ya fue usado. Solicita uno nuevo.' },
    });
  });

  it('refuses the sixth try even with the right code, and counts tries across resends', async () => {
    const phone = '95550002';
    await t.call('otp_cre.php', { UsrTel: phone });
    const code = await latestCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        ((await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: wrong })).json.payload as { message: string })
          .message,
      );
    }
    expect(answers).toEqual([
      'Código incorrecto. Te quedan 4 intentos.',
      'Código incorrecto. Te quedan 3 intentos.',
      'Código incorrecto. Te quedan 2 intentos.',
    ]);
    // A resend does not give the tries back.
    t.clock.advance(2 * MIN);
    await t.call('otp_cre.php', { UsrTel: phone });
    const resent = await latestCode(t, phone);
    const other = resent === '000000' ? '111111' : '000000';
    expect((await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: other })).json.payload).toMatchObject({
      message: 'Código incorrecto. Te queda 1 intento.',
    });
    expect((await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: other })).json.payload).toMatchObject({
      message: 'Demasiados intentos. Solicita un nuevo código.',
    });
    // The sixth try, with the right code: refused.
    expect((await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: resent })).json).toEqual({
      status: 'ER',
      payload: { message: 'Demasiados intentos. Solicita un nuevo código.', field: 'OtpCod' },
    });
    // The old code does not work either: only the newest counts.
    expect((await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: code })).json.status).toBe('ER');
    // A new code (after the lock) starts afresh.
    t.clock.advance(2 * MIN);
    await t.call('otp_cre.php', { UsrTel: phone });
    expect(
      (await t.call('otp_cmp.php', { UsrTel: phone, OtpCod: await latestCode(t, phone) })).json.status,
    ).toBe('OK');
  });

  it('refuses a resend inside the 120-second lock, saying how long to wait', async () => {
    const phone = '95550003';
    expect((await t.call('otp_cre.php', { UsrTel: phone })).json.status).toBe('OK');
    t.clock.advance(30_000);
    expect((await t.call('otp_cre.php', { UsrTel: phone })).json).toEqual({
      status: 'ER',
      payload: { message: 'Espera 90 segundos para pedir otro código.', seconds: 90 },
    });
    t.clock.advance(89_500);
    expect((await t.call('otp_cre.php', { UsrTel: phone })).json.payload).toMatchObject({ seconds: 1 });
    t.clock.advance(500);
    expect((await t.call('otp_cre.php', { UsrTel: phone })).json.status).toBe('OK');
    expect(await outboxFor(t, phone)).toHaveLength(2);
  });

  it('sends at most 5 codes an hour to one phone', async () => {
    const phone = '95550004';
    for (let i = 0; i < 5; i++) {
      expect((await t.call('otp_cre.php', { UsrTel: phone })).json.status).toBe('OK');
      t.clock.advance(121_000);
    }
    expect((await t.call('otp_cre.php', { UsrTel: phone })).json).toEqual({
      status: 'ER',
      payload: { message: 'Pediste demasiados códigos. Intenta de nuevo en una hora.' },
    });
    t.clock.advance(60 * MIN);
    expect((await t.call('otp_cre.php', { UsrTel: phone })).json.status).toBe('OK');
  });

  it('sends at most 20 registration codes an hour to phones asked from one IP', async () => {
    // 20 codes asked from one IP in the last hour (spread over it, so the per-minute limit never saw them).
    const ip = '10.9.8.7';
    const now = t.clock.now().getTime();
    await t.deps.db.insert(oneTimeCodes).values(
      Array.from({ length: 20 }, (_, i) => ({
        purpose: 'registration',
        phone: `9600${String(i).padStart(4, '0')}`,
        channel: 'sms',
        codeHash: '0'.repeat(64),
        ip,
        createdAt: new Date(now - (i + 1) * 2 * MIN),
        expiresAt: new Date(now - (i + 1) * 2 * MIN + 5 * MIN),
      })),
    );
    expect((await t.call('otp_cre.php', { UsrTel: '96009999' }, { ip })).json.payload).toMatchObject({
      message: 'Pediste demasiados códigos. Intenta de nuevo en una hora.',
    });
    expect((await t.call('otp_cre.php', { UsrTel: '96009999' }, { ip: '10.9.8.6' })).json.status).toBe('OK');
  });

  it('stores codes hashed, never the digits', async () => {
    const phone = '95550005';
    await t.call('otp_cre.php', { UsrTel: phone });
    const code = await latestCode(t, phone);
    const rows = await t.deps.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.phone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('repeats the form rules: a bad phone or a short code is ER with the field message', async () => {
    expect((await t.call('otp_cre.php', { UsrTel: '9988' })).json).toEqual({
      status: 'ER',
      payload: { message: 'Faltan 4 dígitos.', field: 'UsrTel' },
    });
    expect((await t.call('otp_cmp.php', { UsrTel: '95550006', OtpCod: '123' })).json).toEqual({
      status: 'ER',
      payload: { message: 'Campo obligatorio', field: 'OtpCod' },
    });
    expect((await t.call('otp_cmp.php', { UsrTel: '95550006', OtpCod: '123456' })).json).toEqual({
      status: 'ER',
      payload: { message: 'Primero solicita un código.', field: 'OtpCod' },
    });
  });
});

describe('per-IP limits', () => {
  it('answers 429 with a Spanish message past the per-minute limit of a call', async () => {
    const ip = '10.1.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.call('recovery.php', { UsrMail: `nadie${i}@example.com` }, { ip })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const limited = await t.call('recovery.php', { UsrMail: 'x@example.com' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json).toEqual({
      status: 'ER',
      payload: { message: 'Demasiados intentos. Espera un momento e intenta de nuevo.' },
    });
  });
});
