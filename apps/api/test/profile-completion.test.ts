import { profileMessages } from '@prestamos-hn/contract';
import {
  ADD_A_NUMBER_MESSAGE,
  BANK_ACCOUNT_EXISTS_MESSAGE,
  DIGITS_ONLY_MESSAGE,
  NO_DEPENDENTS_MESSAGE,
  PROFILE_INCOME_MESSAGE,
  PROFILE_PHONE_EQUALS_PERSONAL_MESSAGE,
  REFERENCE_PHONE_PROFILE_MESSAGE,
  REQUIRED_FIELD_MESSAGE,
  SELECT_AN_OPTION_MESSAGE,
  WORKPLACE_NAME_MESSAGE,
  WRITE_SOMETHING_MESSAGE,
} from '@prestamos-hn/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, profiles } from '../src/db/schema/index.ts';
import { jose, karla, latestCode, registerPerson } from './support/accounts.ts';
import { putBankAccount, sendBankAccountCode } from './support/bank-account.ts';
import { allDocuments, completeFields, expectEr, expectOk, uploadFiles } from './support/profile.ts';
import { stage2 } from './support/profile-values.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let karlaSid: string;
let joseSid: string;
let karlaId: number;
beforeAll(async () => {
  t = await createTestApp();
  karlaSid = await registerPerson(t, karla);
  joseSid = await registerPerson(t, jose);
  karlaId = ((await expectOk(t.call('getProfile.php', { sid: karlaSid }))).data as { customer_id: number })
    .customer_id;
});
afterAll(() => t.close());

type Profile = {
  data: Record<string, unknown>;
  files: { type: number; dir: string }[];
  csas: string;
  datasend: string;
};
const profileOf = async (sid: string) =>
  (await expectOk(t.call('getProfile.php', { sid }))) as unknown as Profile;
const put = (sid: string, array: Record<string, unknown>) => t.call('putProfile.php', { sid, array });

describe('registration stage 2 and the profile up to review', () => {
  it('a new profile is incomplete, Nuevo, not sent, with the census identity', async () => {
    const p = await profileOf(karlaSid);
    expect(p.data).toMatchObject({
      customer_id: karlaId,
      person_code: karla.UsrDNI,
      realname: 'KARLA',
      gender: 'M',
      status: '0',
      errores_perfil: null,
      bank: '',
      income: null,
      file1: '',
    });
    expect(p).toMatchObject({ files: [], csas: 'Nuevo', datasend: '', MailEst: 'PEN' });
    await expectEr(t.call('send_confirmdata.php', { sid: karlaSid }), profileMessages.profileIncomplete);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ UsrBanNum: '12-ab' }, DIGITS_ONLY_MESSAGE, 'UsrBanNum'],
    [{ UsrNumDep: 11 }, ADD_A_NUMBER_MESSAGE, 'UsrNumDep'],
    [{ UsrIng: 0 }, ADD_A_NUMBER_MESSAGE, 'UsrIng'],
    [{ UsrBan: '99' }, SELECT_AN_OPTION_MESSAGE, 'UsrBan'],
    [{ UsrEstCiv: 'inventado' }, SELECT_AN_OPTION_MESSAGE, 'UsrEstCiv'],
    [{ UsrTipViv: 'inventada' }, SELECT_AN_OPTION_MESSAGE, 'UsrTipViv'],
    [{ UsrTipCli: 'comerciante', UsrBussines: '' }, SELECT_AN_OPTION_MESSAGE, 'UsrBussines'],
    [{ UsrTipCli: 'comerciante', UsrBussines: 'inventado' }, SELECT_AN_OPTION_MESSAGE, 'UsrBussines'],
    [{ UsrFchLabIni: '2000-01-01' }, REQUIRED_FIELD_MESSAGE, 'UsrFchLabIni'],
    // An account the external lookup knows (the simulator's list) is "already in our system".
    [{ UsrBanNum: '200000011111' }, BANK_ACCOUNT_EXISTS_MESSAGE, 'UsrBanNum'],
  ])(
    'register2.php refuses %j with the stage 2 rules and the server lists',
    async (change, message, field) => {
      const payload = await expectEr(
        t.call('register2.php', { sid: karlaSid, ...stage2, ...change }),
        message,
      );
      expect(payload.field).toBe(field);
      expect((await profileOf(karlaSid)).data.bank).toBe('');
    },
  );

  it('register2.php saves stage 2 once; another borrower cannot take the same account', async () => {
    const ok = await expectOk(t.call('register2.php', { sid: karlaSid, ...stage2 }));
    expect(ok.message).toBe('Se registro correctamente.');
    const p = await profileOf(karlaSid);
    expect(p.data).toMatchObject({
      bank: '1',
      account_number: '31415926',
      marital_status: 'casado',
      income_status: 'asalariado',
      home_status: 'propia',
      dependents: 2,
      income: 15000,
      work_experience: '2020-01-15',
    });
    await expectEr(t.call('register2.php', { sid: karlaSid, ...stage2 }), profileMessages.stage2AlreadyDone);
    await expectEr(t.call('register2.php', { sid: joseSid, ...stage2 }), BANK_ACCOUNT_EXISTS_MESSAGE);
    // Jose's own stage 2 with another account; Karla's data does not move.
    await expectOk(
      t.call('register2.php', { sid: joseSid, ...stage2, UsrBanNum: '27182818', UsrIng: '9000' }),
    );
    expect((await profileOf(joseSid)).data).toMatchObject({ account_number: '27182818', income: 9000 });
    expect((await profileOf(karlaSid)).data).toMatchObject({ account_number: '31415926', income: 15000 });
  });

  it('putProfile.php saves every group; the income is kept in centavos', async () => {
    await expectOk(put(karlaSid, await completeFields(t, karlaSid)));
    await expectOk(put(karlaSid, { dependents_who: 'Tus hijos' }));
    const p = await profileOf(karlaSid);
    expect(p.data).toMatchObject({
      workplace: 'Banco Atlántida',
      ref_nom_per: 'ANA LÓPEZ',
      ref_correo_per: 'ana@example.com',
      dependents_who: 'Tus hijos',
      modified: '2026-11-22',
    });
    const [row] = await t.deps.db.select().from(profiles).where(eq(profiles.borrowerId, karlaId));
    expect(row?.incomeCents).toBe(1_500_000);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(karlaId)), like(auditLog.action, 'profile.update.%')));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'profile.update.references',
        'profile.update.work_address',
        'profile.update.education',
      ]),
    );
    // Jose's profile is untouched.
    expect((await profileOf(joseSid)).data).toMatchObject({ workplace: '', ref_nom_per: '' });
  });

  it.each<[Record<string, unknown>, string, string | undefined]>([
    [{ income: '15 000' }, PROFILE_INCOME_MESSAGE, 'income'],
    [{ workplace: 'AB' }, WORKPLACE_NAME_MESSAGE, 'workplace'],
    [{ workplace_position: ' ' }, REQUIRED_FIELD_MESSAGE, 'workplace_position'],
    [{ house: ' ' }, WRITE_SOMETHING_MESSAGE, 'house'],
    [{ region: '99' }, SELECT_AN_OPTION_MESSAGE, 'region'],
    [{ county: '0101' }, SELECT_AN_OPTION_MESSAGE, 'county'],
    [{ city: 'no-existe' }, SELECT_AN_OPTION_MESSAGE, 'city'],
    [{ work_city: 'no-existe' }, SELECT_AN_OPTION_MESSAGE, 'work_city'],
    [{ dependents: 11 }, ADD_A_NUMBER_MESSAGE, 'dependents'],
    [{ dependents_who: 'Tus primos' }, SELECT_AN_OPTION_MESSAGE, 'dependents_who'],
    [{ education: 'doctorado' }, SELECT_AN_OPTION_MESSAGE, 'education'],
    [{ marital_status: 'inventado' }, SELECT_AN_OPTION_MESSAGE, 'marital_status'],
    [{ home_status: '' }, SELECT_AN_OPTION_MESSAGE, 'home_status'],
    [{ income_status: 'comerciante', business_type: '' }, SELECT_AN_OPTION_MESSAGE, 'business_type'],
    [{ work_experience: '2026-01-01' }, REQUIRED_FIELD_MESSAGE, 'work_experience'],
    [{ realname: 'Karla2' }, 'Solo letras sin espacios', 'realname'],
    [{ ref_tel_per: '9900' }, REFERENCE_PHONE_PROFILE_MESSAGE, 'ref_tel_per'],
    [{ ref_tel_lab: '99001122' }, PROFILE_PHONE_EQUALS_PERSONAL_MESSAGE, 'ref_tel_lab'],
    [{ account_number: '12-ab' }, DIGITS_ONLY_MESSAGE, 'account_number'],
    [{ status: '1' }, profileMessages.fieldNotEditable('status'), 'status'],
    [{ email: 'otro@example.com' }, profileMessages.fieldNotEditable('email'), 'email'],
    [{ person_code: '0801199000099' }, profileMessages.fieldNotEditable('person_code'), 'person_code'],
    [{ customer_id: 1 }, profileMessages.fieldNotEditable('customer_id'), 'customer_id'],
    [{ income: 20000, status: '1' }, profileMessages.fieldNotEditable('status'), 'status'],
    [{}, profileMessages.emptyChanges, undefined],
  ])(
    'putProfile.php refuses %j with its message and field, and saves nothing',
    async (array, message, field) => {
      const before = (await profileOf(karlaSid)).data;
      expect((await expectEr(put(karlaSid, array), message)).field).toBe(field);
      expect((await profileOf(karlaSid)).data).toEqual(before);
    },
  );

  it('the type of dependents needs dependents; other groups change alone', async () => {
    await expectOk(put(joseSid, { dependents: 0 }));
    await expectEr(put(joseSid, { dependents_who: 'Tus hijos' }), NO_DEPENDENTS_MESSAGE);
    await expectOk(put(joseSid, { income_status: 'comerciante', business_type: 'pulperia', income: 12000 }));
    await expectOk(
      put(joseSid, { realname: 'josé', midname: 'antonio', surname: 'Hernández', midname2: '' }),
    );
    expect((await profileOf(joseSid)).data).toMatchObject({
      income_status: 'comerciante',
      business_type: 'pulperia',
      income: 12000,
      realname: 'JOSE',
      surname: 'HERNANDEZ',
    });
  });

  it('changing the bank account keeps the old one, not current; each borrower sees only theirs', async () => {
    // Replacing an account on file takes the password and an SMS code (issue 31).
    await expectEr(
      put(karlaSid, { bank: '2', account_number: '1618-0339' }),
      profileMessages.currentPasswordForBankAccount,
    );
    await expectEr(
      sendBankAccountCode(t, joseSid, { bank: '1', account_number: '31415926' }, jose.UsrPwd),
      BANK_ACCOUNT_EXISTS_MESSAGE,
    );
    await expectOk(
      sendBankAccountCode(t, karlaSid, { bank: '2', account_number: '1618-0339' }, karla.UsrPwd),
    );
    await expectOk(
      putBankAccount(
        t,
        karlaSid,
        { bank: '2', account_number: '1618-0339' },
        { password: karla.UsrPwd, code: await latestCode(t, karla.UsrTel) },
      ),
    );
    expect((await expectOk(t.call('get_bankaccount.php', { sid: karlaSid }))) as unknown).toEqual([
      { account_number: '16180339', bank: '2', current: '1' },
      { account_number: '31415926', bank: '1', current: '0' },
    ]);
    expect((await expectOk(t.call('get_bankaccount.php', { sid: joseSid }))) as unknown).toEqual([
      { account_number: '27182818', bank: '1', current: '1' },
    ]);
    // Karla's old account is free again.
    await expectOk(sendBankAccountCode(t, joseSid, { bank: '1', account_number: '31415926' }, jose.UsrPwd));
    await expectOk(
      putBankAccount(
        t,
        joseSid,
        { bank: '1', account_number: '31415926' },
        { password: jose.UsrPwd, code: await latestCode(t, jose.UsrTel) },
      ),
    );
  });

  it('send_confirmdata.php needs the four documents, then sends once; the profile stays editable (status 0)', async () => {
    await expectEr(t.call('send_confirmdata.php', { sid: karlaSid }), profileMessages.profileIncomplete);
    expect((await uploadFiles(t, karlaSid, allDocuments())).json.status).toBe('OK');
    const ok = await expectOk(t.call('send_confirmdata.php', { sid: karlaSid }));
    expect(ok.message).toBe(profileMessages.profileSent);
    const p = await profileOf(karlaSid);
    expect(p).toMatchObject({ datasend: 'CMP', csas: 'En revisión' });
    await expectEr(t.call('send_confirmdata.php', { sid: karlaSid }), profileMessages.profileAlreadySent);
    // Still in review after an edit (issue 35 point 9: SPEC section 4, editable while status is '0').
    await expectOk(put(karlaSid, { income: 20000 }));
    const upload = await uploadFiles(t, karlaSid, [{ field: 'file2', data: allDocuments()[1]!.data }]);
    expect(upload.json.status).toBe('OK');
    expect(await profileOf(karlaSid)).toMatchObject({ datasend: 'CMP', csas: 'En revisión' });
    // Jose, incomplete, is refused; his classification is his own.
    await expectEr(t.call('send_confirmdata.php', { sid: joseSid }), profileMessages.profileIncomplete);
    expect(await expectOk(t.call('getCSAS.php', { sid: joseSid }))).toEqual({ csas: 'Nuevo' });
    expect(await expectOk(t.call('getCSAS.php', { sid: karlaSid }))).toEqual({ csas: 'En revisión' });
  });

  it('an approved profile (status 1) refuses every change', async () => {
    await t.deps.db
      .update(profiles)
      .set({ status: '1', sentForReviewAt: null })
      .where(eq(profiles.borrowerId, karlaId));
    expect((await profileOf(karlaSid)).data.status).toBe('1');
    await expectEr(put(karlaSid, { workplace: 'Otra empresa' }), profileMessages.profileLocked);
    await expectEr(
      put(karlaSid, { mob_phone: '91112222', OtpLNum: '123456' }),
      profileMessages.profileLocked,
    );
    await expectEr(t.call('send_confirmdata.php', { sid: karlaSid }), profileMessages.profileLocked);
    const upload = await uploadFiles(t, karlaSid, allDocuments());
    expect(upload.json).toEqual({ status: 'ER', payload: { message: profileMessages.profileLocked } });
    expect(await expectOk(t.call('getCSAS.php', { sid: karlaSid }))).toEqual({ csas: 'Aprobado' });
  });

  it('getWalletInfo.php answers 0 before any payment (balances from the ledger: payments-*.test.ts)', async () => {
    for (const sid of [karlaSid, joseSid]) {
      expect(await expectOk(t.call('getWalletInfo.php', { sid }))).toEqual({
        data: { amount_wallet_balance: 0 },
      });
    }
  });

  it('getLocations.php lists departments, municipalities and places with stable codes', async () => {
    const lists = (await expectOk(t.call('getLocations.php', { sid: joseSid }))) as {
      deps: { DepCod: string; DepDsc: string }[];
      muns: { DepCod: string; MunCod: string }[];
      ubs: { DepCod: string; MunCod: string; LocCod: string; LocDsc: string }[];
    };
    expect(lists.deps).toHaveLength(18);
    expect(lists.muns.length).toBeGreaterThan(290);
    expect(lists.ubs).toContainEqual({
      DepCod: '01',
      MunCod: '0101',
      LocCod: 'sambo-creek',
      LocDsc: 'Sambo Creek',
    });
    const codes = lists.ubs.map((u) => `${u.MunCod}/${u.LocCod}`);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
