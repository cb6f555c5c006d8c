import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * getWalletInfo.php for one loan: money received for it and not yet applied to its instalments
 * ('Deposito por aplicar'), in lempiras.
 */
export function walletBalanceQueryOptions(containerId: number) {
  return queryOptions({
    queryKey: queryKeys.wallet(containerId),
    queryFn: async ({ signal }) =>
      (await callLegacy('getWalletInfo', { ContainerId: containerId }, { signal })).data
        .amount_wallet_balance,
  });
}

/** The wallet of the loan shown, once there is one. */
export function useWalletBalance(containerId: number | undefined) {
  return useQuery({ ...walletBalanceQueryOptions(containerId ?? 0), enabled: containerId !== undefined });
}
