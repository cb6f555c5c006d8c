import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type LayoutList = StaffResponseOf<'listBankStatementLayouts'>;
export type LayoutItem = LayoutList['items'][number];

/** Each bank's saved statement layout, and the banks a layout can be saved for. */
export function listStatementLayouts(options: { signal?: AbortSignal } = {}): Promise<LayoutList> {
  return callStaff('listBankStatementLayouts', undefined, options);
}

/** The layouts, bound to the session (a 401 ends it). */
export function useStatementLayouts() {
  const call = useStaffCall(listStatementLayouts);
  return useQuery({ queryKey: queryKeys.statementLayouts, queryFn: ({ signal }) => call({ signal }) });
}
