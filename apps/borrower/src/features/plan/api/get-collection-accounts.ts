import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * getCollectionAccounts.php (issue 35, point 1): the lender's active accounts a borrower deposits
 * into, in the order staff set. They change seldom: read once per visit of the screen.
 */
export const collectionAccountsQueryOptions = queryOptions({
  queryKey: queryKeys.collectionAccounts,
  queryFn: ({ signal }) => callLegacy('getCollectionAccounts', {}, { signal }),
  staleTime: 5 * 60_000,
});

export function useCollectionAccounts(enabled = true) {
  return useQuery({ ...collectionAccountsQueryOptions, enabled });
}
