import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * putProfile.php with `account_number` and `bank`: the account the loan is paid into. The server
 * checks that the account exists ('La cuenta ya existe en nuestro sistema.' when it is someone
 * else's); on OK the profile and the accounts are read again.
 */
export function useChangeBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (account: { bank: string; account_number: string }) =>
      callLegacy('putProfile', { array: { bank: account.bank, account_number: account.account_number } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
        queryClient.invalidateQueries({ queryKey: queryKeys.bankAccounts }),
      ]),
  });
}
