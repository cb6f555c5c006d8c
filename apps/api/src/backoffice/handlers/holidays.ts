import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { addHoliday, listHolidays, removeHoliday } from '../../services/holidays.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** The holiday calendar: the days off besides Sunday that move due dates (admins). */
export const holidayHandlers = {
  listHolidays: ({ deps, query }) => listHolidays(deps, query),
  createHoliday: async ({ deps, body, session }) => ({
    holiday: await addHoliday(deps, session.staff, body),
  }),
  deleteHoliday: async ({ deps, params, session }) => ({
    holiday: await removeHoliday(deps, session.staff, params.date),
  }),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'holidays'>>;
