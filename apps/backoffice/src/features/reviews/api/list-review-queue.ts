import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';

/** A profile waiting for review as react-admin's record: its id is the borrower's. */
export type QueueRecord = StaffResponseOf<'listReviewQueue'>['items'][number] & { id: number };

export async function listReviewQueue(params: GetListParams): Promise<GetListResult<QueueRecord>> {
  const answer = await callStaff('listReviewQueue', { query: pageQuery(params) }, { signal: params.signal });
  return { data: answer.items.map((item) => ({ ...item, id: item.borrowerId })), total: answer.total };
}
