import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';

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
