import { fromWireInstalment, type ScheduleItem } from '@prestamos-hn/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The wire's instalments as the domain's, in centavos. */
const toInstalments = (items: ScheduleItem[]) => items.map(fromWireInstalment);

/**
 * getBorrowerRepaymentSchedule.php: the instalments of one loan, in order (none before
 * disbursement), read as the domain's instalments (`fromWireInstalment`).
 */
export function repaymentScheduleQueryOptions(containerId: number) {
  return queryOptions({
    queryKey: queryKeys.schedule(containerId),
    queryFn: ({ signal }) =>
      callLegacy('getBorrowerRepaymentSchedule', { ContainerId: containerId }, { signal }),
    select: toInstalments,
  });
}

/** The schedule of the loan shown, once there is one. */
export function useRepaymentSchedule(containerId: number | undefined) {
  return useQuery({
    ...repaymentScheduleQueryOptions(containerId ?? 0),
    enabled: containerId !== undefined,
  });
}
