import { eq } from 'drizzle-orm';
import { borrowers } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/services/shared/passwords.ts';
import { latestCode, PASSWORD } from './accounts.ts';
import { expectOk } from './profile.ts';
import type { TestApp } from './test-app.ts';

/** A bank account as putProfile.php and sendBankAccountCode.php take it. */
export interface AccountChoice {
  bank: string;
  account_number: string;
}

/** Gives a borrower made straight in the database (support/borrowers.ts) a real password: PASSWORD. */
export async function givePassword(t: TestApp, borrowerId: number): Promise<void> {
  await t.deps.db
    .update(borrowers)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(borrowers.id, borrowerId));
}

/** sendBankAccountCode.php as the app sends it. */
export const sendBankAccountCode = (t: TestApp, sid: string, account: AccountChoice, password = PASSWORD) =>
  t.call('sendBankAccountCode.php', {
    sid,
    UsrBan: account.bank,
    UsrBanNum: account.account_number,
    UsrPwd: password,
  });

/** putProfile.php with the new account, the current password and the code (issue 31). */
export const putBankAccount = (
  t: TestApp,
  sid: string,
  account: AccountChoice,
  confirmation: { password?: string; code?: string } = {},
) =>
  t.call('putProfile.php', {
    sid,
    array: {
      ...account,
      ...(confirmation.password === undefined ? {} : { UsrPwd: confirmation.password }),
      ...(confirmation.code === undefined ? {} : { OtpLNum: confirmation.code }),
    },
  });

/** The phone a borrower's codes go to. */
export async function phoneOf(t: TestApp, borrowerId: number): Promise<string> {
  const [row] = await t.deps.db
    .select({ phone: borrowers.mobPhone })
    .from(borrowers)
    .where(eq(borrowers.id, borrowerId));
  return row!.phone;
}

/**
 * The whole change as the borrower makes it: the code asked for with the password, read from the
 * SMS, and the change sent with both. Answers putProfile.php's call.
 */
export async function changeBankAccount(
  t: TestApp,
  who: { sid: string; borrowerId: number },
  account: AccountChoice,
) {
  await expectOk(sendBankAccountCode(t, who.sid, account));
  const code = await latestCode(t, await phoneOf(t, who.borrowerId));
  return putBankAccount(t, who.sid, account, { password: PASSWORD, code });
}
