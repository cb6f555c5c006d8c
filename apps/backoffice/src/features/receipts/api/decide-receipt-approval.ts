import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type ReceiptApprovalDecision = StaffBodyOf<'decideReceiptApproval'>;

/**
 * A second person's answer to a validation waiting as 'Por aprobar': confirm it (the money is
 * credited and applied) or return it to the cashier with a reason (403 for the person who proposed
 * it, 409 when someone else answered first or the photo changed).
 */
export function decideReceiptApproval(
  receiptId: number,
  decision: ReceiptApprovalDecision,
): Promise<StaffResponseOf<'decideReceiptApproval'>> {
  return callStaff('decideReceiptApproval', { params: { id: receiptId }, body: decision });
}

/** decideReceiptApproval bound to the session (a 401 ends it). */
export function useDecideReceiptApproval(): typeof decideReceiptApproval {
  return useStaffCall(decideReceiptApproval);
}
