import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** Moves a late loan to 9, 10 or 11 with a reason (409 when its status changed meanwhile). */
export function changeCollectionStage(
  loanId: number,
  body: StaffBodyOf<'changeCollectionStage'>,
): Promise<StaffResponseOf<'changeCollectionStage'>> {
  return callStaff('changeCollectionStage', { params: { id: loanId }, body });
}

/** changeCollectionStage bound to the session (a 401 ends it). */
export function useChangeCollectionStage(): typeof changeCollectionStage {
  return useStaffCall(changeCollectionStage);
}
