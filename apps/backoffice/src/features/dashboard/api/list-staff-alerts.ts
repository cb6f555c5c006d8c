import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type StaffAlert = StaffResponseOf<'listStaffAlerts'>['items'][number];

export function listStaffAlerts(options: { signal?: AbortSignal } = {}) {
  return callStaff('listStaffAlerts', {}, options);
}

/** The alerts of the last 30 days (the books' daily check), for the roles that read the books. */
export function useStaffAlerts(enabled: boolean) {
  const call = useStaffCall(listStaffAlerts);
  return useQuery({
    queryKey: queryKeys.staffAlerts,
    queryFn: ({ signal }) => call({ signal }),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}
