import { queryOptions, useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** getBorrowerRepaymentSchedule.php: the instalments of one loan, in order (none before disbursement). */
export function repaymentScheduleQueryOptions(containerId: number) {
  return queryOptions({
    queryKey: queryKeys.schedule(containerId),
    queryFn: ({ signal }) =>
      callLegacy('getBorrowerRepaymentSchedule', { ContainerId: containerId }, { signal }),
  });
}

/** The schedule of the loan shown, once there is one. */
export function useRepaymentSchedule(containerId: number | undefined) {
  return useQuery({
    ...repaymentScheduleQueryOptions(containerId ?? 0),
    enabled: containerId !== undefined,
  });
}
