import type { StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';

/** Step 1 of the login: the password; the server e-mails a 6-digit code (step 2 is the authProvider's login). */
export function logIn(email: string, password: string): Promise<StaffResponseOf<'logIn'>> {
  return callStaff('logIn', { body: { email, password } });
}
