import { formatMoney, loanStatusLabel } from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { loanListQueryOptions, type LoanListAnswer } from '../../../lib/shared-queries';

/** A loan a message can be about. */
export interface LoanOption {
  id: number;
  label: string;
}

const selectLoanOptions = (answer: LoanListAnswer): LoanOption[] =>
  Object.values(answer.loans)
    .sort((a, b) => b.container_id - a.container_id)
    .map((loan) => ({
      id: loan.container_id,
      label: `Préstamo #${loan.container_id} · L ${formatMoney(loan.amount_limit)} · ${loanStatusLabel(loan.status)}`,
    }));

/**
 * getCustomerOfferList.php: the borrower's loans, newest first, to point a message at one. The chat
 * works without them: a failure (or no loans) only hides the choice, and is not retried.
 */
export function useBorrowerLoans() {
  return useQuery({
    ...loanListQueryOptions(),
    select: selectLoanOptions,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
