import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type StatementDetail = StaffResponseOf<'getBankStatement'>;
export type StatementLine = StatementDetail['lines'][number];
export type Proposal = StatementDetail['proposals'][number];
export type ReconciliationReceipt = Proposal['receipt'];

/** A statement, its lines, the matches proposed and what is left unmatched. */
export function getBankStatement(
  id: number,
  options: { signal?: AbortSignal } = {},
): Promise<StatementDetail> {
  return callStaff('getBankStatement', { params: { id } }, options);
}

/** The statement, bound to the session (a 401 ends it). */
export function useBankStatement(id: number) {
  const call = useStaffCall(getBankStatement);
  return useQuery({
    queryKey: queryKeys.bankStatement(id),
    queryFn: ({ signal }) => call(id, { signal }),
  });
}
