import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** An admin removes a holiday: a working day again (unless a Sunday) for due dates computed from now on. */
export function deleteHoliday(date: string): Promise<StaffResponseOf<'deleteHoliday'>> {
  return callStaff('deleteHoliday', { params: { date } });
}

/** Removes (a 401 ends the session), then reloads every year's list. */
export function useDeleteHoliday() {
  const call = useStaffCall(deleteHoliday);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.holidaysAll }),
  });
}
