import { profileMessages } from '@prestamos-hn/contract';
import { BANK_ACCOUNT_EXISTS_MESSAGE } from '@prestamos-hn/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loans, profiles } from '../src/db/schema/index.ts';
import { PASSWORD } from './support/accounts.ts';
import {
  changeBankAccount,
  givePassword,
  putBankAccount,
  sendBankAccountCode,
} from './support/bank-account.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (sid: string, array: Record<string, unknown>) => t.call('putProfile.php', { sid, array });
const accountsOf = async (sid: string) =>
  (await expectOk(t.call('get_bankaccount.php', { sid }))) as unknown as {
    account_number: string;
    bank: string;
    current: string;
  }[];

async function readyBorrower(opts: Parameters<typeof borrowerReadyToApply>[1] = {}) {
  const borrower = await borrowerReadyToApply(t, opts);
  await givePassword(t, borrower.borrowerId);
  return borrower;
}

/**
 * Step 2 of the loan request (SPEC section 2): the borrower confirms the bank account or changes it.
 * Only an approved profile can request a loan, and an approved profile is locked: the change of the
 * bank account alone stays open, through the same existence check as before, and (issue 31) with
 * the current password and an SMS code.
 */
describe('the loan request’s bank-account change for an approved borrower', () => {
  it('changes the current account, audited, and the next request goes on', async () => {
    const borrower = await readyBorrower();
    const { sid, borrowerId } = borrower;
    const [before] = (await accountsOf(sid)).filter((a) => a.current === '1');
    await expectOk(changeBankAccount(t, borrower, { bank: '2', account_number: '55501234' }));
    expect(await accountsOf(sid)).toEqual(
      expect.arrayContaining([
        { account_number: '55501234', bank: '2', current: '1' },
        { ...before!, current: '0' },
      ]),
    );
    const profile = (await expectOk(t.call('getProfile.php', { sid }))) as {
      data: { bank: string; account_number: string; status: string };
    };
    expect(profile.data).toMatchObject({ bank: '2', account_number: '55501234', status: '1' });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'borrower'), eq(auditLog.entityId, String(borrowerId))));
    expect(audit.map((a) => a.action)).toContain('profile.update.bank_account');

    const { container_id: loanId } = (await expectOk(postOffer(t, { sid, ...REQUEST }))) as {
      container_id: number;
    };
    expect((await t.deps.db.select().from(loans).where(eq(loans.id, loanId)))[0]?.status).toBe(0);
  });

  it('keeps the existence check: an account the lookup knows gets no code, nothing changed', async () => {
    const { sid } = await readyBorrower();
    const accounts = await accountsOf(sid);
    await expectEr(
      sendBankAccountCode(t, sid, { bank: '1', account_number: '200000011111' }),
      BANK_ACCOUNT_EXISTS_MESSAGE,
    );
    // Straight to putProfile.php: the password and code come first, then the lookup.
    await expectEr(
      putBankAccount(
        t,
        sid,
        { bank: '1', account_number: '200000011111' },
        { password: PASSWORD, code: '1' },
      ),
      BANK_ACCOUNT_EXISTS_MESSAGE,
    );
    expect(await accountsOf(sid)).toEqual(accounts);
  });

  it('keeps every other field of an approved profile locked, alone or with the account', async () => {
    const { sid, borrowerId } = await readyBorrower();
    const accounts = await accountsOf(sid);
    await expectEr(put(sid, { workplace: 'Otra empresa' }), profileMessages.profileLocked);
    await expectEr(
      put(sid, { bank: '3', account_number: '55509876', workplace: 'Otra empresa' }),
      profileMessages.profileLocked,
    );
    expect(await accountsOf(sid)).toEqual(accounts);
    const [profile] = await t.deps.db.select().from(profiles).where(eq(profiles.borrowerId, borrowerId));
    expect(profile?.workplace).toBe('Banco Atlántida');
  });

  it('a profile waiting for review stays editable (SPEC: status 0), its account behind the password and code', async () => {
    const { sid } = await readyBorrower({ status: '0' });
    const accounts = await accountsOf(sid);
    await expectEr(
      put(sid, { bank: '2', account_number: '55504321' }),
      profileMessages.currentPasswordForBankAccount,
    );
    expect(await accountsOf(sid)).toEqual(accounts);
  });

  it('the first account (none on file) needs no password nor code, as stage 2', async () => {
    const { sid } = await readyBorrower({ bankAccount: false });
    await expectOk(put(sid, { bank: '2', account_number: '55507777' }));
    expect(await accountsOf(sid)).toEqual([{ account_number: '55507777', bank: '2', current: '1' }]);
  });
});
