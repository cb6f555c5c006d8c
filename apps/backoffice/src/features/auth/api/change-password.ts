import type { StaffBodyOf } from '@prestamos-hn/contract';
import { rememberSession } from '../../../lib/auth-provider';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/**
 * The staff member changes their own password (the current one required). The server ends their
 * other sessions; this one goes on, with a forced reset cleared. Returns the server's message.
 */
export async function changeOwnPassword(body: StaffBodyOf<'changeOwnPassword'>): Promise<string> {
  const answer = await callStaff('changeOwnPassword', { body });
  rememberSession(answer);
  return answer.message;
}

/** changeOwnPassword bound to the session (a 401 ends it). */
export function useChangeOwnPassword(): typeof changeOwnPassword {
  return useStaffCall(changeOwnPassword);
}
