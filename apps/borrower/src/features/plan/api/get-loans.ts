import type { LoanItem } from '@prestamos-hn/contract';
import { sortNewestFirst } from '@prestamos-hn/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { planQueryKeys } from './query-keys';

/**
 * getCustomerOfferList.php: every loan of the borrower, from request to closing, newest first (the
 * wire keys them by id, which JavaScript would otherwise order oldest first).
 */
export function loansQueryOptions() {
  return queryOptions({
    queryKey: planQueryKeys.loans(),
    queryFn: async ({ signal }): Promise<LoanItem[]> =>
      sortNewestFirst(Object.values((await callLegacy('getCustomerOfferList', {}, { signal })).loans)),
  });
}

export function useLoans() {
  return useQuery(loansQueryOptions());
}
