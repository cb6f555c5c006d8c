import { formatMoney, loanStatusLabel } from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { chatKeys } from './get-chat-messages';

/** A loan a message can be about. */
export interface LoanOption {
  id: number;
  label: string;
}

/**
 * getCustomerOfferList.php: the borrower's loans, newest first, to point a message at one. The chat
 * works without them: a failure (or no loans) only hides the choice, and is not retried.
 */
export function useBorrowerLoans() {
  return useQuery({
    queryKey: chatKeys.loans(),
    queryFn: async ({ signal }): Promise<LoanOption[]> => {
      const { loans } = await callLegacy('getCustomerOfferList', {}, { signal });
      return Object.values(loans)
        .sort((a, b) => b.container_id - a.container_id)
        .map((loan) => ({
          id: loan.container_id,
          label: `Préstamo #${loan.container_id} · L ${formatMoney(loan.amount_limit)} · ${loanStatusLabel(loan.status)}`,
        }));
    },
    retry: false,
    staleTime: 5 * 60_000,
  });
}
