import type { StaffResponseOf } from '@prestamos-hn/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** GET /api/backoffice/accounting/trial-balance: every account up to and including a date. */
export type TrialBalance = StaffResponseOf<'getTrialBalance'>;

export function getTrialBalance(date: string | undefined, signal?: AbortSignal): Promise<TrialBalance> {
  return callStaff('getTrialBalance', { query: date ? { date } : {} }, { signal });
}

/** The trial balance of a date (today when none), the previous one shown while the next loads. */
export function useTrialBalance(date: string | undefined) {
  const call = useStaffCall(getTrialBalance);
  return useQuery({
    queryKey: queryKeys.trialBalance(date),
    queryFn: ({ signal }) => call(date, signal),
    placeholderData: keepPreviousData,
  });
}
