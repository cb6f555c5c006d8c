import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type Disbursement = StaffBodyOf<'recordDisbursement'>;

/** A cashier records that an approved loan's money was sent (5 → 3); the same one again answers the same. */
export function recordDisbursement(
  loanId: number,
  disbursement: Disbursement,
): Promise<StaffResponseOf<'recordDisbursement'>> {
  return callStaff('recordDisbursement', { params: { id: loanId }, body: disbursement });
}

/** recordDisbursement bound to the session (a 401 ends it). */
export function useRecordDisbursement(): typeof recordDisbursement {
  return useStaffCall(recordDisbursement);
}
