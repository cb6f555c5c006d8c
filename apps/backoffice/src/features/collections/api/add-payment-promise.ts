import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** A promise to pay (a date from today on, centavos). */
export function addPaymentPromise(
  loanId: number,
  body: StaffBodyOf<'addPaymentPromise'>,
): Promise<StaffResponseOf<'addPaymentPromise'>> {
  return callStaff('addPaymentPromise', { params: { id: loanId }, body });
}

/** addPaymentPromise bound to the session (a 401 ends it). */
export function useAddPaymentPromise(): typeof addPaymentPromise {
  return useStaffCall(addPaymentPromise);
}
