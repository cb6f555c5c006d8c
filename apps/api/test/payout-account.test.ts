import { profileMessages } from '@prestamos-hn/contract';
import {
  APPROVER_CANNOT_DISBURSE_MESSAGE,
  BANK_ACCOUNT_LOCKED_MESSAGE,
  LOAN_STATUS as L,
} from '@prestamos-hn/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bankAccounts,
  borrowers,
  loanDocuments,
  loans,
  notifications,
  oneTimeCodes,
} from '../src/db/schema/index.ts';
import { latestCode, outboxFor, PASSWORD } from './support/accounts.ts';
import { expectError, staffWithRole, type StaffBrowser } from './support/backoffice.ts';
import {
  changeBankAccount,
  givePassword,
  phoneOf,
  putBankAccount,
  sendBankAccountCode,
} from './support/bank-account.ts';
import { borrowerReadyToApply, REQUEST, postOffer } from './support/loans.ts';
import { expectEr, expectOk } from './support/profile.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 31 point 1 (the payout account) and point 3's second sentence (the approver does not pay
 * out), through the legacy calls the borrower app makes and the staff routes the back-office makes.
 */
let t: TestApp;
let analyst: StaffBrowser;
let cashier: StaffBrowser;
let admin: StaffBrowser;
let support: StaffBrowser;

const TODAY = '2026-11-23';
beforeAll(async () => {
  t = await createTestApp({ now: `${TODAY}T15:00:00Z` });
  analyst = (await staffWithRole(t, 'analyst')).browser;
  cashier = (await staffWithRole(t, 'cashier')).browser;
  admin = (await staffWithRole(t, 'admin')).browser;
  support = (await staffWithRole(t, 'support')).browser;
});
afterAll(() => t.close());

/** An approved borrower with a current account (bank 1) and a real password. */
async function borrower() {
  const b = await borrowerReadyToApply(t);
  await givePassword(t, b.borrowerId);
  const [account] = await t.deps.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.borrowerId, b.borrowerId), eq(bankAccounts.current, true)));
  const [row] = await t.deps.db.select().from(borrowers).where(eq(borrowers.id, b.borrowerId));
  return { ...b, account: account!, phone: row!.mobPhone, email: row!.email };
}

async function request(sid: string): Promise<number> {
  const offer = (await expectOk(postOffer(t, { sid, ...REQUEST }))) as { container_id: number };
  return offer.container_id;
}

const loanRow = async (id: number) => (await t.deps.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const decide = (who: StaffBrowser, id: number, decision: 'take' | 'approve') =>
  who.post(`/loans/${id}/decision`, { decision });
const disburse = (who: StaffBrowser, id: number, reference = `TRF-${id}`) =>
  who.post(`/loans/${id}/disbursement`, { disbursedOn: TODAY, reference });

interface FileAnswer {
  loan: { status: number; approvedByYou: boolean };
  bankAccount: { bank: string; bankName: string | null; accountNumber: string };
  payoutAccount: { bank: string; bankName: string | null; accountNumber: string } | null;
  payoutAccountDiffers: boolean;
}
const fileOf = async (who: StaffBrowser, id: number) => {
  const res = await who.get(`/loans/${id}`);
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as FileAnswer;
};

/** The profile's account replaced straight in the database, as it could be before issue 31. */
async function replaceAccountInDatabase(borrowerId: number, accountNumber: string) {
  await t.deps.db.update(bankAccounts).set({ current: false }).where(eq(bankAccounts.borrowerId, borrowerId));
  await t.deps.db.insert(bankAccounts).values({ borrowerId, bankCode: 2, accountNumber, current: true });
}

describe('the payout account: the one accepted with the contract', () => {
  it('the request keeps the current account; the disbursement pays it after a later change, and its answer, audit row and the loan file say so', async () => {
    const b = await borrower();
    const loanId = await request(b.sid);
    expect((await loanRow(loanId)).payoutBankAccountId).toBe(b.account.id);
    // The contract accepted with the request names that account.
    const [contract] = await t.deps.db
      .select()
      .from(loanDocuments)
      .where(and(eq(loanDocuments.loanId, loanId), eq(loanDocuments.kind, 'contract')));
    expect(contract?.html).toContain(b.account.accountNumber);

    expect((await decide(analyst, loanId, 'approve')).statusCode).toBe(200);
    await replaceAccountInDatabase(b.borrowerId, '55512121');

    const accepted = { bank: '1', bankName: 'Banco Atlántida', accountNumber: b.account.accountNumber };
    const before = await fileOf(cashier, loanId);
    expect(before.payoutAccount).toEqual(accepted);
    expect(before.bankAccount).toMatchObject({ bank: '2', accountNumber: '55512121' });
    expect(before.payoutAccountDiffers).toBe(true);
    // A role without `borrowers.bank_account` reads it masked, as the borrower file masks it.
    expect((await fileOf(support, loanId)).payoutAccount).toEqual({
      ...accepted,
      accountNumber: `****${b.account.accountNumber.slice(-4)}`,
    });

    const paid = await disburse(cashier, loanId);
    expect(paid.statusCode, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.payoutAccount).toEqual(accepted);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'loan'),
          eq(auditLog.entityId, String(loanId)),
          eq(auditLog.action, 'loan.disburse'),
        ),
      );
    expect((audit!.after as { payoutAccount: unknown }).payoutAccount).toEqual({
      id: b.account.id,
      bank: 1,
      bankName: 'Banco Atlántida',
      accountNumber: b.account.accountNumber,
    });
    expect((await fileOf(cashier, loanId)).payoutAccount).toEqual(accepted);
  });

  it('once disbursed, a change made in the app leaves the loan’s account as it was, and the file warns', async () => {
    const b = await borrower();
    const loanId = await request(b.sid);
    await decide(analyst, loanId, 'approve');
    await disburse(cashier, loanId);
    expect((await fileOf(cashier, loanId)).payoutAccountDiffers).toBe(false);
    await expectOk(changeBankAccount(t, b, { bank: '2', account_number: '55513131' }));
    const file = await fileOf(cashier, loanId);
    expect(file.payoutAccount?.accountNumber).toBe(b.account.accountNumber);
    expect(file.bankAccount.accountNumber).toBe('55513131');
    expect(file.payoutAccountDiffers).toBe(true);
    expect((await loanRow(loanId)).payoutBankAccountId).toBe(b.account.id);
  });
});

describe('changing the bank account while a request is in progress (0, 1, 5)', () => {
  it('with only a session it is refused while the loan is 5 Reunido, saying why; nothing changes', async () => {
    const b = await borrower();
    const loanId = await request(b.sid);
    await decide(analyst, loanId, 'approve');
    const refused = await expectEr(
      putBankAccount(t, b.sid, { bank: '2', account_number: '55514141' }),
      BANK_ACCOUNT_LOCKED_MESSAGE,
    );
    expect(refused.field).toBe('account_number');
    await expectEr(
      sendBankAccountCode(t, b.sid, { bank: '2', account_number: '55514141' }),
      BANK_ACCOUNT_LOCKED_MESSAGE,
    );
    const accounts = await t.deps.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.borrowerId, b.borrowerId));
    expect(accounts).toEqual([b.account]);
  });

  it('with the password and a code asked for before, still refused at 0, 1 and 5; accepted once disbursed, with the notice in the app, by SMS and by e-mail', async () => {
    const b = await borrower();
    const next = { bank: '2', account_number: '55515151' };
    await expectOk(sendBankAccountCode(t, b.sid, next));
    const code = await latestCode(t, b.phone);
    const withCode = () => putBankAccount(t, b.sid, next, { password: PASSWORD, code });

    const loanId = await request(b.sid);
    await expectEr(withCode(), BANK_ACCOUNT_LOCKED_MESSAGE);
    await decide(analyst, loanId, 'take');
    await expectEr(withCode(), BANK_ACCOUNT_LOCKED_MESSAGE);
    await decide(analyst, loanId, 'approve');
    await expectEr(withCode(), BANK_ACCOUNT_LOCKED_MESSAGE);
    expect((await loanRow(loanId)).status).toBe(L.approved);

    // Paid out (3 Pagando): the account may move again, with the same code, still unused.
    await disburse(cashier, loanId);
    const done = await expectOk(withCode());
    expect(done.message).toBe(profileMessages.bankAccountChanged);
    const current = await t.deps.db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.borrowerId, b.borrowerId), eq(bankAccounts.current, true)));
    expect(current.map((a) => a.accountNumber)).toEqual(['55515151']);

    const title = 'Cambiaste tu cuenta bancaria';
    const inApp = await t.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.borrowerId, b.borrowerId), eq(notifications.title, title)));
    expect(inApp).toHaveLength(1);
    expect(inApp[0]!.body).toContain('BAC Credomatic terminada en 5151');
    const [sms] = await outboxFor(t, b.phone);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms!.body).toContain(title);
    const [mail] = await outboxFor(t, b.email);
    expect(mail).toMatchObject({ channel: 'email' });
    expect(mail!.subject).toContain(title);
  });

  it('a wrong password gets no code; a wrong code spends a try; a code confirms only its own account', async () => {
    const b = await borrower();
    const next = { bank: '2', account_number: '55516161' };
    const wrongPassword = await expectEr(
      sendBankAccountCode(t, b.sid, next, 'otra-clave'),
      profileMessages.currentPasswordWrong,
    );
    expect(wrongPassword.field).toBe('UsrPwd');
    await expectEr(sendBankAccountCode(t, b.sid, next, ''), profileMessages.currentPasswordForBankAccount);
    await expectEr(
      sendBankAccountCode(t, b.sid, { bank: '1', account_number: b.account.accountNumber }),
      profileMessages.bankAccountSameAsCurrent,
    );
    await expectOk(sendBankAccountCode(t, b.sid, next));
    const sms = (await outboxFor(t, b.phone))[0]!.body;
    expect(sms).toContain('terminada en 6161');
    const code = await latestCode(t, b.phone);
    const wrong = code === '000000' ? '111111' : '000000';

    const missing = await expectEr(
      putBankAccount(t, b.sid, next, { password: PASSWORD }),
      profileMessages.bankAccountCodeRequired,
    );
    expect(missing.field).toBe('OtpLNum');
    await expectEr(
      putBankAccount(t, b.sid, next, { password: 'otra-clave', code }),
      profileMessages.currentPasswordWrong,
    );
    const refused = await expectEr(
      putBankAccount(t, b.sid, next, { password: PASSWORD, code: wrong }),
      'Código incorrecto. Te quedan 4 intentos.',
    );
    expect(refused.field).toBe('OtpLNum');
    // The same code for another account does not verify (and spends a try).
    await expectEr(
      putBankAccount(t, b.sid, { bank: '2', account_number: '55517171' }, { password: PASSWORD, code }),
      'Código incorrecto. Te quedan 3 intentos.',
    );
    const [row] = await t.deps.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.borrowerId, b.borrowerId), eq(oneTimeCodes.purpose, 'bank_account_change')))
      .orderBy(desc(oneTimeCodes.id));
    expect(row).toMatchObject({ attempts: 2, usedAt: null, phone: null });
    expect(await phoneOf(t, b.borrowerId)).toBe(b.phone);
    await expectOk(putBankAccount(t, b.sid, next, { password: PASSWORD, code }));
    await expectEr(
      putBankAccount(t, b.sid, { bank: '2', account_number: '55518181' }, { password: PASSWORD, code }),
      'Ese código ya fue usado. Solicita uno nuevo.',
    );
  });

  it('a request racing a change: the contract and the payout account never disagree', async () => {
    const b = await borrower();
    const next = { bank: '2', account_number: '55519191' };
    await expectOk(sendBankAccountCode(t, b.sid, next));
    const code = await latestCode(t, b.phone);
    const [offer, change] = await Promise.all([
      postOffer(t, { sid: b.sid, ...REQUEST }),
      putBankAccount(t, b.sid, next, { password: PASSWORD, code }),
    ]);
    const [loan] = await t.deps.db.select().from(loans).where(eq(loans.borrowerId, b.borrowerId));
    const [current] = await t.deps.db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.borrowerId, b.borrowerId), eq(bankAccounts.current, true)));
    if (offer.json.status === 'OK') {
      // The request won: the change was refused, the loan pays the account its contract names.
      expect(change.json.status).toBe('ER');
      expect(loan!.payoutBankAccountId).toBe(current!.id);
    } else {
      // The change won: the request was refused (its documents named the old account).
      expect(change.json.status).toBe('OK');
      expect(loan).toBeUndefined();
    }
  });
});

describe('the approver does not record the disbursement (issue 31 point 3)', () => {
  it('an admin who approved is refused (409) and told so by the file; another staff member records it', async () => {
    const b = await borrower();
    const loanId = await request(b.sid);
    expect((await decide(admin, loanId, 'approve')).statusCode).toBe(200);
    expect((await fileOf(admin, loanId)).loan.approvedByYou).toBe(true);
    expect((await fileOf(cashier, loanId)).loan.approvedByYou).toBe(false);
    expectError(await disburse(admin, loanId), 409, APPROVER_CANNOT_DISBURSE_MESSAGE);
    expect((await loanRow(loanId)).status).toBe(L.approved);
    const paid = await disburse(cashier, loanId);
    expect(paid.statusCode, JSON.stringify(paid.json)).toBe(200);
    expect(paid.json.status).toBe(L.paying);
    // Not even the same disbursement again, once recorded by someone else.
    expectError(await disburse(admin, loanId), 409, APPROVER_CANNOT_DISBURSE_MESSAGE);
  });
});
