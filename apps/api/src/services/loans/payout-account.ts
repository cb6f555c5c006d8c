import { can } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bankAccounts, banks } from '../../db/schema/index.ts';
import { maskAccountNumber } from '../borrower-file.ts';
import type { StaffMember } from '../shared/staff-member.ts';

/** A loan's payout account as it is stored: the bank account accepted with the contract (issue 31). */
export interface PayoutAccountRow {
  id: number;
  bankCode: number;
  bankName: string | null;
  accountNumber: string;
  /** Whether it is still the borrower's current account (the profile's). */
  current: boolean;
}

/** The account `accountId` names (a loan's `payout_bank_account_id`), with its bank's name; null for none. */
export async function loadPayoutAccount(
  db: DbOrTx,
  accountId: number | null,
): Promise<PayoutAccountRow | null> {
  if (accountId === null) return null;
  const [row] = await db
    .select({
      id: bankAccounts.id,
      bankCode: bankAccounts.bankCode,
      bankName: banks.name,
      accountNumber: bankAccounts.accountNumber,
      current: bankAccounts.current,
    })
    .from(bankAccounts)
    .leftJoin(banks, eq(banks.code, bankAccounts.bankCode))
    .where(eq(bankAccounts.id, accountId))
    .limit(1);
  return row ?? null;
}

/**
 * The payout account as staff read it: the bank's code (text, as the profile has it) and name, and
 * the number in full only for a role with `borrowers.bank_account` (`****` and the last 4 digits
 * otherwise, as the borrower file masks it).
 */
export function shownPayoutAccount(account: PayoutAccountRow | null, staff: Pick<StaffMember, 'role'>) {
  if (!account) return null;
  return {
    bank: String(account.bankCode),
    bankName: account.bankName,
    accountNumber: can(staff.role, 'borrowers.bank_account')
      ? account.accountNumber
      : maskAccountNumber(account.accountNumber),
  };
}

/** The payout account as an audit row keeps it: which account, at which bank, its number. */
export const auditedPayoutAccount = (account: PayoutAccountRow | null) =>
  account
    ? {
        id: account.id,
        bank: account.bankCode,
        bankName: account.bankName,
        accountNumber: account.accountNumber,
      }
    : null;
