import type { StaffResponseOf } from '@prestamos-hn/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type StatementPage = StaffResponseOf<'listBankStatements'>;
export type StatementItem = StatementPage['items'][number];

export const STATEMENTS_PER_PAGE = 25;

/** One page of the statements imported, newest first. */
export function listBankStatements(
  page: number,
  options: { signal?: AbortSignal } = {},
): Promise<StatementPage> {
  return callStaff('listBankStatements', { query: { page, pageSize: STATEMENTS_PER_PAGE } }, options);
}

/** The page, bound to the session (a 401 ends it); the previous page stays shown while the next loads. */
export function useBankStatements(page: number) {
  const call = useStaffCall(listBankStatements);
  return useQuery({
    queryKey: queryKeys.bankStatements(page),
    queryFn: ({ signal }) => call(page, { signal }),
    placeholderData: keepPreviousData,
  });
}
