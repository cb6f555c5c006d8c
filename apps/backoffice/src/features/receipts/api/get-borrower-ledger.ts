import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** GET /api/backoffice/borrowers/:id/ledger: the wallet ledger, the receipts, the schedules covered. */
export type BorrowerLedger = StaffResponseOf<'getBorrowerLedger'>;

export function getBorrowerLedger(borrowerId: number, signal?: AbortSignal): Promise<BorrowerLedger> {
  return callStaff('getBorrowerLedger', { params: { id: borrowerId } }, { signal });
}

/** The ledger, bound to the session (a 401 ends it), cached by react-query. */
export function useBorrowerLedger(borrowerId: number) {
  const call = useStaffCall(getBorrowerLedger);
  return useQuery({
    queryKey: queryKeys.borrowerLedger(borrowerId),
    queryFn: ({ signal }) => call(borrowerId, signal),
  });
}
