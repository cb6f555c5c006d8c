import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { getDashboard } from '../../services/review/queue.ts';
import type { StaffHandlerTable } from '../handler.ts';

export const dashboardHandlers = {
  getDashboard: ({ deps }) => getDashboard(deps),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'dashboard'>>;
