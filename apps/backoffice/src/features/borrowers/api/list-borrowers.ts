import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';

type Register = StaffResponseOf<'listBorrowers'>;
export type BorrowerRow = Register['items'][number];
export type BorrowerCounts = Register['counts'];

/** The register's sortable columns and the server's names for them. */
const SORTS: Record<string, NonNullable<StaffBodyOf<'listBorrowers'>>['sort']> = {
  createdAt: 'created',
  name: 'name',
  sentForReviewAt: 'sent',
};

/** One page of the register for react-admin's list, with the counts per state as `meta.counts`. */
export async function listBorrowers(
  params: GetListParams,
): Promise<GetListResult<BorrowerRow> & { meta: { counts: BorrowerCounts } }> {
  const filter: { q?: string; state?: BorrowerRow['state'] } = params.filter ?? {};
  const answer = await callStaff(
    'listBorrowers',
    {
      body: {
        q: filter.q?.trim(),
        state: filter.state,
        sort: SORTS[params.sort?.field ?? ''] ?? 'created',
        order: params.sort?.order === 'ASC' ? 'asc' : 'desc',
        ...pageQuery(params),
      },
    },
    { signal: params.signal },
  );
  return { data: answer.items, total: answer.total, meta: { counts: answer.counts } };
}
