import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** GET /api/backoffice/loans/:id/payoff: today's payoff quote (while being paid) and the credit. */
export type LoanPayoff = StaffResponseOf<'getLoanPayoff'>;

export function getLoanPayoff(loanId: number, signal?: AbortSignal): Promise<LoanPayoff> {
  return callStaff('getLoanPayoff', { params: { id: loanId } }, { signal });
}

/** The loan's 'Liquidación', bound to the session (a 401 ends it), cached by react-query. */
export function useLoanPayoff(loanId: number) {
  const call = useStaffCall(getLoanPayoff);
  return useQuery({
    queryKey: queryKeys.loanPayoff(loanId),
    queryFn: ({ signal }) => call(loanId, signal),
  });
}
