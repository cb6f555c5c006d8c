import { profileMessages } from '@prestamos-hn/contract';
import { BANK_ACCOUNT_EXISTS_MESSAGE } from '@prestamos-hn/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import type { BankAccountRow } from '../borrower-profile.ts';
import type { Deps } from '../deps.ts';
import { enforceRateLimit } from '../rate-limits.ts';

export interface BankAccountChoice {
  bankCode: number;
  accountNumber: string;
}

const sameAccount = (row: BankAccountRow | undefined, choice: BankAccountChoice) =>
  row !== undefined && row.bankCode === choice.bankCode && row.accountNumber === choice.accountNumber;

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
  const [taken] = await tx
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
