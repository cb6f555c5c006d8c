import { fromWireApplicationProfile } from '@prestamos-hn/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * getApplicationProfilev2.php: the products with their price lists and those allowed for the
 * borrower (`Products_r`), read as the domain's products (`fromWireApplicationProfile`).
 */
export function applicationProfileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.applicationProfile,
    queryFn: ({ signal }) => callLegacy('getApplicationProfilev2', {}, { signal }),
    select: fromWireApplicationProfile,
  });
}

export function useApplicationProfile() {
  return useQuery(applicationProfileQueryOptions());
}
