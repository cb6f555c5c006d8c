import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** A note on a late loan. */
export function addCollectionNote(
  loanId: number,
  body: StaffBodyOf<'addCollectionNote'>,
): Promise<StaffResponseOf<'addCollectionNote'>> {
  return callStaff('addCollectionNote', { params: { id: loanId }, body });
}

/** addCollectionNote bound to the session (a 401 ends it). */
export function useAddCollectionNote(): typeof addCollectionNote {
  return useStaffCall(addCollectionNote);
}
