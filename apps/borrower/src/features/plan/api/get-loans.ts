import type { LoanItem } from '@prestamos-hn/contract';
import { sortNewestFirst } from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { loanListQueryOptions, type LoanListAnswer } from '../../../lib/shared-queries';

/** The wire keys the loans by id, which JavaScript would otherwise order oldest first. */
const selectNewestFirst = (answer: LoanListAnswer): LoanItem[] =>
  sortNewestFirst(Object.values(answer.loans));

/** getCustomerOfferList.php: every loan of the borrower, from request to closing, newest first. */
export function useLoans() {
  return useQuery({ ...loanListQueryOptions(), select: selectNewestFirst });
}
