import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** A profile waiting for review as react-admin's record: its id is the borrower's. */
export type QueueRecord = StaffResponseOf<'listReviewQueue'>['items'][number] & { id: number };

export async function listReviewQueue(params: GetListParams): Promise<GetListResult<QueueRecord>> {
  const answer = await callStaff('listReviewQueue', { query: pageQuery(params) }, { signal: params.signal });
  return { data: answer.items.map((item) => ({ ...item, id: item.borrowerId })), total: answer.total };
}

/** The next profile waiting for review (the queue's order) other than `exceptId`, if any. */
export async function findNextReview(exceptId: number): Promise<number | undefined> {
  const answer = await callStaff('listReviewQueue', { query: { page: 1, pageSize: 2 } });
  return answer.items.find((item) => item.borrowerId !== exceptId)?.borrowerId;
}

/** findNextReview bound to the session (a 401 ends it). */
export function useFindNextReview(): typeof findNextReview {
  return useStaffCall(findNextReview);
}
