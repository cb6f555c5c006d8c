import type { BankAccountItem } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The account loans are paid into: the one marked `current` '1', or null when there is none. */
export function currentBankAccount(accounts: readonly BankAccountItem[]): BankAccountItem | null {
  return accounts.find((account) => account.current === '1') ?? null;
}

/**
 * get_bankaccount.php: the borrower's bank accounts. `profileAccount` is the account the polled
 * profile has on file: it is part of the key, so a change seen there reads the accounts again.
 */
export function useCurrentBankAccount(profileAccount: { bank: string; account_number: string } | undefined) {
  return useQuery({
    queryKey: queryKeys.currentBankAccount(profileAccount),
    queryFn: async ({ signal }) => currentBankAccount(await callLegacy('get_bankaccount', {}, { signal })),
    enabled: profileAccount !== undefined,
    placeholderData: (previous) => previous,
  });
}
