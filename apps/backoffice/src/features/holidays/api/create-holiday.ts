import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** An admin adds a holiday: due dates computed from now on move off it. */
export function createHoliday(body: StaffBodyOf<'createHoliday'>): Promise<StaffResponseOf<'createHoliday'>> {
  return callStaff('createHoliday', { body });
}

/** Adds (a 401 ends the session), then reloads every year's list. */
export function useCreateHoliday() {
  const call = useStaffCall(createHoliday);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.holidaysAll }),
  });
}
