import { useQuery } from '@tanstack/react-query';
import { loanListQueryOptions } from '../../../lib/shared-queries';

/** getCustomerOfferList.php: the borrower's loans from request to closing, and the newest one's status. */
export function useOffers() {
  return useQuery(loanListQueryOptions());
}
