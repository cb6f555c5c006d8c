import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { listAudit } from '../../services/staff/audit-list.ts';
import type { StaffHandlerTable } from '../handler.ts';

export const auditHandlers = {
  listAudit: ({ deps, query, session }) => listAudit(deps, session.staff, query),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'audit'>>;
