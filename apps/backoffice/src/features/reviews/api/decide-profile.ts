import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type ReviewDecision = StaffBodyOf<'decideProfile'>;

/** An analyst's decision on a profile sent for review (409 when another analyst decided first). */
export function decideProfile(
  borrowerId: number,
  decision: ReviewDecision,
): Promise<StaffResponseOf<'decideProfile'>> {
  return callStaff('decideProfile', { params: { id: borrowerId }, body: decision });
}

/** decideProfile bound to the session (a 401 ends it). */
export function useDecideProfile(): typeof decideProfile {
  return useStaffCall(decideProfile);
}
