import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type LoanDecision = StaffBodyOf<'decideLoan'>;

/** An analyst takes, approves or rejects a loan request (409 when another analyst decided first). */
export function decideLoan(loanId: number, decision: LoanDecision): Promise<StaffResponseOf<'decideLoan'>> {
  return callStaff('decideLoan', { params: { id: loanId }, body: decision });
}

/** decideLoan bound to the session (a 401 ends it). */
export function useDecideLoan(): typeof decideLoan {
  return useStaffCall(decideLoan);
}
