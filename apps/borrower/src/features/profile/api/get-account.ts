import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** getAccount.php: who is logged in, and whether the e-mail is confirmed (`MailEst` 'CMP'). */
export function accountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.account,
    queryFn: async ({ signal }) => (await callLegacy('getAccount', {}, { signal })).data,
  });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
