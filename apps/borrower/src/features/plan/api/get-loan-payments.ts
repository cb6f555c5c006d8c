import { fromWireLoanPayments } from '@prestamos-hn/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * getLoanPayments.php (issue 35, point 5): one loan's receipts with their state (newest first) and
 * the money applied to its instalments with what each payment covered (oldest first), in centavos
 * (`fromWireLoanPayments`).
 */
export function loanPaymentsQueryOptions(containerId: number) {
  return queryOptions({
    queryKey: queryKeys.loanPayments(containerId),
    queryFn: ({ signal }) => callLegacy('getLoanPayments', { ContainerId: containerId }, { signal }),
    select: fromWireLoanPayments,
  });
}

/** The receipts and payments of the loan shown, once there is one. */
export function useLoanPayments(containerId: number | undefined) {
  return useQuery({ ...loanPaymentsQueryOptions(containerId ?? 0), enabled: containerId !== undefined });
}
