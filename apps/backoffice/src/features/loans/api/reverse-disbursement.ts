import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type DisbursementReversal = StaffBodyOf<'reverseDisbursement'>;

/** Reverses a loan's disbursement while no money reached it: back to 5 Reunido, its schedule voided. */
export function reverseDisbursement(
  loanId: number,
  reversal: DisbursementReversal,
): Promise<StaffResponseOf<'reverseDisbursement'>> {
  return callStaff('reverseDisbursement', { params: { id: loanId }, body: reversal });
}

/** reverseDisbursement bound to the session (a 401 ends it). */
export function useReverseDisbursement(): typeof reverseDisbursement {
  return useStaffCall(reverseDisbursement);
}
