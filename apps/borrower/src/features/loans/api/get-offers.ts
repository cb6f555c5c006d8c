import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { loanQueryKeys } from './query-keys';

/** getCustomerOfferList.php: the borrower's loans from request to closing, and the newest one's status. */
export function offersQueryOptions() {
  return queryOptions({
    queryKey: loanQueryKeys.offers(),
    queryFn: ({ signal }) => callLegacy('getCustomerOfferList', {}, { signal }),
  });
}

export function useOffers() {
  return useQuery(offersQueryOptions());
}
