import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

type LoanPage = StaffResponseOf<'listLoans'>;
export type LoanRow = LoanPage['items'][number];
export type LoanCounts = LoanPage['counts'];

/**
 * One page of the loan desk for react-admin's list, with the counts per status (for the same search)
 * as `meta.counts`. The status filter is the SPEC's code; 'todos' (or none) lists every status.
 */
export async function listLoans(
  params: GetListParams,
): Promise<GetListResult<LoanRow> & { meta: { counts: LoanCounts } }> {
  const filter: { q?: string; status?: number | string } = params.filter ?? {};
  const status = filter.status === undefined || filter.status === 'todos' ? undefined : Number(filter.status);
  const answer = await callStaff(
    'listLoans',
    {
      body: {
        q: filter.q?.trim() || undefined,
        status,
        ...pageQuery(params),
      },
    },
    { signal: params.signal },
  );
  return { data: answer.items, total: answer.total, meta: { counts: answer.counts } };
}

/**
 * The next loan request to decide after one was decided: the oldest in 0 Enviado other than
 * `exceptId`, else the oldest in 1 Reuniendo; none when the desk has nothing left to decide.
 */
export async function findNextLoanRequest(exceptId: number): Promise<number | undefined> {
  for (const status of [0, 1]) {
    const answer = await callStaff('listLoans', { body: { status, page: 1, pageSize: 2 } });
    const next = answer.items.find((item) => item.id !== exceptId);
    if (next) return next.id;
  }
  return undefined;
}

/** findNextLoanRequest bound to the session (a 401 ends it). */
export function useFindNextLoanRequest(): typeof findNextLoanRequest {
  return useStaffCall(findNextLoanRequest);
}
