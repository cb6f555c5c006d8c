import type { StaffRole } from '@prestamos-hn/domain';

/**
 * The staff member behind a request, read fresh from the account on every request
 * (staff/staff-sessions.ts). Every area that works for the back-office is handed one; what the role
 * may do is the domain's `can(role, permission)`.
 */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** An admin forced a reset: only the session, logout and password rows answer until it is done. */
  mustChangePassword: boolean;
}
