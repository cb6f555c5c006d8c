import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';
import type { StaffRecord } from './list-staff';

/** An admin forces a staff member to set a new password at their next login (their sessions end now). */
export async function forcePasswordReset(id: number): Promise<StaffRecord> {
  const { staff } = await callStaff('forcePasswordReset', { params: { id } });
  return staff;
}

/** forcePasswordReset bound to the session (a 401 ends it). */
export function useForcePasswordReset(): typeof forcePasswordReset {
  return useStaffCall(forcePasswordReset);
}
