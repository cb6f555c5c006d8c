import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type Refund = StaffBodyOf<'refundLoanCredit'>;

/** Gives (part of) a paid loan's credit back: `amount` in lempiras as text, the bank `reference`. */
export function refundLoanCredit(
  loanId: number,
  refund: Refund,
): Promise<StaffResponseOf<'refundLoanCredit'>> {
  return callStaff('refundLoanCredit', { params: { id: loanId }, body: refund });
}

/** refundLoanCredit bound to the session (a 401 ends it). */
export function useRefundLoanCredit(): typeof refundLoanCredit {
  return useStaffCall(refundLoanCredit);
}
