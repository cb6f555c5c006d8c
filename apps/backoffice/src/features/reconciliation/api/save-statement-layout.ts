import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type LayoutBody = StaffBodyOf<'saveBankStatementLayout'>;

/** Saves a bank's statement layout (new, or replacing the one it had). */
export function saveStatementLayout(input: {
  bankCode: number;
  body: LayoutBody;
}): Promise<StaffResponseOf<'saveBankStatementLayout'>> {
  return callStaff('saveBankStatementLayout', { params: { bankCode: input.bankCode }, body: input.body });
}

/** Saves (a 401 ends the session), then reloads the layouts. */
export function useSaveStatementLayout() {
  const call = useStaffCall(saveStatementLayout);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.statementLayouts }),
  });
}
