import { profileMessages } from '@prestamos-hn/contract';
import {
  BANK_ACCOUNT_EXISTS_MESSAGE,
  BANK_ACCOUNT_LOCKED_MESSAGE,
  bankAccountSchema,
  isBankAccountLocked,
  isProfileApproved,
} from '@prestamos-hn/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankAccounts, banks, loans } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import {
  assertProfileEditable,
  loadProfileState,
  type BankAccountRow,
  type ProfileRow,
} from '../borrower-profile.ts';
import type { Deps } from '../deps.ts';
import { sendCode, type CodeTarget } from '../one-time-codes.ts';
import { enforceRateLimit, limitPasswordChecks } from '../rate-limits.ts';
import { accountPolicy } from '../shared/account-policy.ts';
import { verifyPassword } from '../shared/passwords.ts';
import { parseOrRefuse } from '../shared/validation.ts';
import { assertBank } from './reference-checks.ts';

export interface BankAccountChoice {
  bankCode: number;
  accountNumber: string;
}

export const sameAccount = (row: BankAccountRow | undefined, choice: BankAccountChoice) =>
  row !== undefined && row.bankCode === choice.bankCode && row.accountNumber === choice.accountNumber;

/**
 * The profile lock as it applies to the bank account alone: open once the profile is approved (the
 * loan request's step 2 confirms or changes the account, SPEC section 2), otherwise as the rest of
 * the profile (refused while it waits for review).
 */
export function assertBankAccountEditable(profile: ProfileRow): void {
  if (isProfileApproved(profile.status)) return;
  assertProfileEditable(profile);
}

/**
 * Issue 31: no change of the bank account while a loan request of the borrower is 0, 1 or 5 (the
 * contract accepted with it names the account the money goes to), with the Spanish reason.
 */
export async function assertBankAccountUnlocked(db: DbOrTx, borrowerId: number): Promise<void> {
  const rows = await db.select({ status: loans.status }).from(loans).where(eq(loans.borrowerId, borrowerId));
  if (isBankAccountLocked(rows))
    throw new UserError(BANK_ACCOUNT_LOCKED_MESSAGE, { field: 'account_number' });
}

/** The code that confirms a change to `choice`: it verifies for that bank and number only. */
export const bankAccountCodeTarget = (borrowerId: number, choice: BankAccountChoice): CodeTarget => ({
  purpose: 'bank_account_change',
  borrowerId,
  bankCode: choice.bankCode,
  accountNumber: choice.accountNumber,
});

/**
 * The current password, required to move the account (a stolen session alone cannot redirect a
 * loan's money); checks are limited per account (RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR).
 */
export async function checkCurrentPassword(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  borrowerId: number,
  passwordHash: string,
  currentPassword: string,
): Promise<void> {
  if (currentPassword === '') {
    throw new UserError(profileMessages.currentPasswordForBankAccount, { field: 'currentPassword' });
  }
  await limitPasswordChecks(deps, borrowerId);
  if (!(await verifyPassword(passwordHash, currentPassword))) {
    throw new UserError(profileMessages.currentPasswordWrong, { field: 'currentPassword' });
  }
}

/** A bank's name as the borrower reads it ('Banco 7' for a code the list does not name). */
export async function bankNameOf(db: DbOrTx, bankCode: number): Promise<string> {
  const [row] = await db.select({ name: banks.name }).from(banks).where(eq(banks.code, bankCode)).limit(1);
  return row?.name ?? `Banco ${bankCode}`;
}

/**
 * sendBankAccountCode.php (issue 31): a code by SMS to the account's phone that confirms a change of
 * the bank account to `bank` / `account_number`, as the phone change's otp_upd.php does: the bank
 * and number valid (the domain's schema, the banks list), the profile open for the account, no loan
 * request in progress (0, 1, 5: checked first, so the refusal says why), the current password
 * right, another account than the current one, not another borrower's, and one the bank lookup
 * does not know. The SMS names
 * the new account's last 4 digits, so an owner who did not ask sees what is being attempted. The
 * code's limits are the one-time codes' (resend lock, hourly limit, 5 tries).
 */
export async function sendBankAccountCode(
  deps: Deps,
  borrowerId: number,
  input: { bank: string | number; account_number: string; currentPassword?: string },
  ip: string,
): Promise<{ message: string }> {
  const parsed = parseOrRefuse(bankAccountSchema, {
    bank: String(input.bank),
    account_number: input.account_number,
  });
  const choice = {
    bankCode: await assertBank(deps.db, parsed.bank, 'bank'),
    accountNumber: parsed.account_number,
  };
  const state = await loadProfileState(deps.db, borrowerId);
  assertBankAccountEditable(state.profile);
  await assertBankAccountUnlocked(deps.db, borrowerId);
  await checkCurrentPassword(deps, borrowerId, state.borrower.passwordHash, input.currentPassword ?? '');
  if (sameAccount(state.account, choice)) {
    throw new UserError(profileMessages.bankAccountSameAsCurrent, { field: 'account_number' });
  }
  await assertAccountFree(deps.db, borrowerId, choice, 'account_number');
  await checkAccountWithLookup(deps, borrowerId, state.account, choice, 'account_number');
  const phone = state.borrower.mobPhone;
  await deps.db.transaction(async (tx) => {
    await sendCode(deps, tx, {
      target: bankAccountCodeTarget(borrowerId, choice),
      channel: 'sms',
      resendLockMs: accountPolicy.registrationResendLockMs,
      ip,
      to: phone,
      message: (code) => ({
        body: profileMessages.bankAccountChangeSms(
          deps.config.brandName,
          choice.accountNumber.slice(-4),
          code,
        ),
      }),
    });
  });
  return { message: profileMessages.bankAccountCodeSent };
}

/**
 * The external existence lookup of SPEC section 5: an account it knows is refused with 'La cuenta ya
 * existe en nuestro sistema.' (the legacy reading). Runs before the transaction (it is an HTTP call);
 * the caller's own current account is not looked up again. At most RATE_LIMIT_BANK_CHECKS_PER_HOUR
 * lookups per account (RateLimitError, HTTP 429).
 */
export async function checkAccountWithLookup(
  deps: Pick<Deps, 'integrations' | 'log' | 'db' | 'clock' | 'config'>,
  borrowerId: number,
  current: BankAccountRow | undefined,
  choice: BankAccountChoice,
  field: string,
): Promise<void> {
  if (sameAccount(current, choice)) return;
  // Each lookup is an outside call that tells whether an account exists: a few per account an hour.
  await enforceRateLimit(deps, `bank-check:borrower:${borrowerId}`, {
    max: deps.config.rateLimits.bankChecksPerHour,
    windowMs: 3_600_000,
  });
  let exists: boolean;
  try {
    exists = await deps.integrations.bankAccountCheck.exists(choice.accountNumber);
  } catch (error) {
    deps.log.warn({ err: error }, 'bank account lookup failed');
    throw new UserError(profileMessages.bankCheckUnavailable, { field });
  }
  if (exists) throw new UserError(BANK_ACCOUNT_EXISTS_MESSAGE, { field });
}

/** Refuses an account that is another borrower's current one ('La cuenta ya existe en nuestro sistema.'). */
async function assertAccountFree(
  db: DbOrTx,
  borrowerId: number,
  choice: BankAccountChoice,
  field: string,
): Promise<void> {
  const [taken] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.bankCode, choice.bankCode),
        eq(bankAccounts.accountNumber, choice.accountNumber),
        eq(bankAccounts.current, true),
        ne(bankAccounts.borrowerId, borrowerId),
      ),
    )
    .limit(1);
  if (taken) throw new UserError(BANK_ACCOUNT_EXISTS_MESSAGE, { field });
}

/**
 * Makes `choice` the borrower's current account (the previous one stays, not current). An account
 * that is another borrower's current one is refused; the partial unique index settles a race.
 * Returns the previous account, or null when nothing changed.
 */
export async function setCurrentBankAccount(
  tx: DbOrTx,
  borrowerId: number,
  current: BankAccountRow | undefined,
  choice: BankAccountChoice,
  field: string,
): Promise<{ changed: boolean }> {
  if (sameAccount(current, choice)) return { changed: false };
  await assertAccountFree(tx, borrowerId, choice, field);
  await tx
    .update(bankAccounts)
    .set({ current: false })
    .where(and(eq(bankAccounts.borrowerId, borrowerId), eq(bankAccounts.current, true)));
  await tx.insert(bankAccounts).values({
    borrowerId,
    bankCode: choice.bankCode,
    accountNumber: choice.accountNumber,
    current: true,
  });
  return { changed: true };
}
