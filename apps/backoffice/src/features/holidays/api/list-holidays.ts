import type { StaffResponseOf } from '@prestamos-hn/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type HolidayList = StaffResponseOf<'listHolidays'>;
export type Holiday = HolidayList['items'][number];

/** One year's holidays (the server's current year when none is given), and the years the calendar has dates in. */
export function listHolidays(
  year: number | undefined,
  options: { signal?: AbortSignal } = {},
): Promise<HolidayList> {
  return callStaff('listHolidays', { query: year === undefined ? {} : { year } }, options);
}

/** The year's holidays, bound to the session (a 401 ends it); the previous year stays shown while the next loads. */
export function useHolidays(year: number | undefined) {
  const call = useStaffCall(listHolidays);
  return useQuery({
    queryKey: queryKeys.holidays(year),
    queryFn: ({ signal }) => call(year, { signal }),
    placeholderData: keepPreviousData,
  });
}
