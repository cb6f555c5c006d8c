import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { fieldOptionsQueryOptions, profileQueryOptions } from '../../../lib/shared-queries';

/** getProfile.php: the profile, its documents, classification, review and e-mail states. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** getWalletInfo.php: the wallet balance in lempiras (the sum over the borrower's loans). */
export function useWalletBalance() {
  return useQuery({
    queryKey: queryKeys.walletTotal,
    queryFn: async ({ signal }) =>
      (await callLegacy('getWalletInfo', {}, { signal })).data.amount_wallet_balance,
  });
}

/** getFieldConstructor.php: the option lists (bank, housing, income, business, marital status, education). */
export function useFieldOptions() {
  return useQuery(fieldOptionsQueryOptions());
}

/** getLocations.php: departments, municipalities and neighbourhoods for the cascading lists. */
export function useLocationLists() {
  return useQuery({
    queryKey: queryKeys.locationLists,
    queryFn: ({ signal }) => callLegacy('getLocations', {}, { signal }),
    staleTime: Infinity,
  });
}
