import type { StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** Reverses a validated receipt with the reason the borrower reads (supervisors and admins). */
export function reverseReceipt(
  receiptId: number,
  reason: string,
): Promise<StaffResponseOf<'reverseReceipt'>> {
  return callStaff('reverseReceipt', { params: { id: receiptId }, body: { reason } });
}

/** reverseReceipt bound to the session (a 401 ends it). */
export function useReverseReceipt(): typeof reverseReceipt {
  return useStaffCall(reverseReceipt);
}
