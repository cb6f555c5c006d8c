import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** getApplicationProfilev2.php: the products, those allowed for the borrower (`Products_r`) and the price lists. */
export function applicationProfileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.applicationProfile,
    queryFn: ({ signal }) => callLegacy('getApplicationProfilev2', {}, { signal }),
  });
}

export function useApplicationProfile() {
  return useQuery(applicationProfileQueryOptions());
}
