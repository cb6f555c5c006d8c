import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { planQueryKeys } from './query-keys';

/** getWalletInfo.php: money received and not yet applied ('Deposito por aplicar'), in lempiras. */
export function walletBalanceQueryOptions() {
  return queryOptions({
    queryKey: planQueryKeys.wallet(),
    queryFn: async ({ signal }) =>
      (await callLegacy('getWalletInfo', {}, { signal })).data.amount_wallet_balance,
  });
}

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}
