import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';

/** Every profile query starts with this key, so that one invalidation reloads them all. */
export const profileQueryKeys = {
  all: ['profile'] as const,
  profile: () => [...profileQueryKeys.all, 'data'] as const,
  wallet: () => [...profileQueryKeys.all, 'wallet'] as const,
};

/** getProfile.php: the profile, its documents, classification, review and e-mail states. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKeys.profile(),
    queryFn: ({ signal }) => callLegacy('getProfile', {}, { signal }),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** getWalletInfo.php: the wallet balance in lempiras. */
export function useWalletBalance() {
  return useQuery({
    queryKey: profileQueryKeys.wallet(),
    queryFn: async ({ signal }) =>
      (await callLegacy('getWalletInfo', {}, { signal })).data.amount_wallet_balance,
  });
}

/** getFieldConstructor.php: the option lists (bank, housing, income, business, marital status, education). */
export function useFieldOptions() {
  return useQuery({
    queryKey: ['field-options'],
    queryFn: async ({ signal }) => (await callLegacy('getFieldConstructor', {}, { signal })).data,
    staleTime: Infinity,
  });
}

/** getLocations.php: departments, municipalities and neighbourhoods for the cascading lists. */
export function useLocationLists() {
  return useQuery({
    queryKey: ['locations'],
    queryFn: ({ signal }) => callLegacy('getLocations', {}, { signal }),
    staleTime: Infinity,
  });
}
