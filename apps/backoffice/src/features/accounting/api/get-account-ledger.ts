import type { StaffResponseOf } from '@prestamos-hn/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type AccountLedger = StaffResponseOf<'getAccountLedger'>;

export interface LedgerFilter {
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** One page of an account's ledger with the running balance. */
export function getAccountLedger(
  code: string,
  filter: LedgerFilter,
  signal?: AbortSignal,
): Promise<AccountLedger> {
  return callStaff('getAccountLedger', { params: { code }, query: filter }, { signal });
}

export function useAccountLedger(code: string, filter: LedgerFilter) {
  const call = useStaffCall(getAccountLedger);
  return useQuery({
    queryKey: queryKeys.accountLedger(code, filter),
    queryFn: ({ signal }) => call(code, filter, signal),
    placeholderData: keepPreviousData,
  });
}
