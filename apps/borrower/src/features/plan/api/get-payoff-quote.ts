import { fromWirePayoffQuote } from '@prestamos-hn/contract';
import { isLoanPayable } from '@prestamos-hn/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * getPayoffQuote.php: what pays one loan off today (decision 014, point 4), read as centavos
 * (`fromWirePayoffQuote`). Interest accrues daily, so it is read again when the screen comes back.
 */
export function payoffQuoteQueryOptions(containerId: number) {
  return queryOptions({
    queryKey: queryKeys.payoffQuote(containerId),
    queryFn: ({ signal }) => callLegacy('getPayoffQuote', { ContainerId: containerId }, { signal }),
    select: fromWirePayoffQuote,
  });
}

/** The payoff of the loan shown, only while it is being paid (3, 8, 9-11). */
export function usePayoffQuote(loan: { container_id: number; status: number } | undefined) {
  return useQuery({
    ...payoffQuoteQueryOptions(loan?.container_id ?? 0),
    enabled: loan !== undefined && isLoanPayable(loan.status),
  });
}
