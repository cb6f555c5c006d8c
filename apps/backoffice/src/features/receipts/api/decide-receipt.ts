import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type ReceiptDecision = StaffBodyOf<'decideReceipt'>;

/** A cashier's decision on a pending receipt (409 when another cashier decided first). */
export function decideReceipt(
  receiptId: number,
  decision: ReceiptDecision,
): Promise<StaffResponseOf<'decideReceipt'>> {
  return callStaff('decideReceipt', { params: { id: receiptId }, body: decision });
}

/** decideReceipt bound to the session (a 401 ends it). */
export function useDecideReceipt(): typeof decideReceipt {
  return useStaffCall(decideReceipt);
}
