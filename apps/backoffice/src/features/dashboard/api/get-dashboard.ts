import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type Dashboard = StaffResponseOf<'getDashboard'>;

export function getDashboard(options: { signal?: AbortSignal } = {}): Promise<Dashboard> {
  return callStaff('getDashboard', {}, options);
}

/** The data provider's method app/ adds for this call. */
export interface DashboardCalls {
  getDashboard: typeof getDashboard;
}

/** The dashboard, refreshed every minute, through react-admin's data provider (a 401 ends the session). */
export function useDashboard(enabled: boolean) {
  const dataProvider = useDataProvider<DataProvider & DashboardCalls>();
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => dataProvider.getDashboard({ signal }),
    enabled,
    refetchInterval: 60_000,
  });
}
