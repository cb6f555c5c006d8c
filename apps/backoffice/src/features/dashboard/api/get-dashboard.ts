import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { callStaff } from '../../../lib/staff-api';
import { queryKeys } from '../../../lib/query-keys';
import { useStaffCall } from '../../../lib/use-staff-call';

export type Dashboard = StaffResponseOf<'getDashboard'>;

export function getDashboard(options: { signal?: AbortSignal } = {}): Promise<Dashboard> {
  return callStaff('getDashboard', {}, options);
}

/** The dashboard, refreshed every minute, bound to the session (a 401 ends it). */
export function useDashboard(enabled: boolean) {
  const call = useStaffCall(getDashboard);
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => call({ signal }),
    enabled,
    refetchInterval: 60_000,
  });
}
