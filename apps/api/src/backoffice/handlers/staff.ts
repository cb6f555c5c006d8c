import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import {
  createStaff,
  forceStaffPasswordReset,
  listStaff,
  updateStaff,
} from '../../services/staff/staff-accounts.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** Staff management: admins only. */
export const staffAccountHandlers = {
  listStaff: async ({ deps }) => ({ items: await listStaff(deps) }),
  createStaff: async ({ deps, body, session }) => ({ staff: await createStaff(deps, session.staff, body) }),
  updateStaff: async ({ deps, params, body, session }) => ({
    staff: await updateStaff(deps, session.staff, params.id, body),
  }),
  forcePasswordReset: async ({ deps, params, session }) => ({
    staff: await forceStaffPasswordReset(deps, session.staff, params.id),
  }),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'staff'>>;
