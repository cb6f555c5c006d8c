import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { ReceiptState } from '@prestamos-hn/domain';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

type Queue = StaffResponseOf<'listReceipts'>;
export type ReceiptRow = Queue['items'][number];
export type ReceiptCounts = Queue['counts'];

/** One page of the cashier's queue (oldest sent first), with the counts per state as `meta.counts`. */
export async function listReceipts(
  params: GetListParams,
): Promise<GetListResult<ReceiptRow> & { meta: { counts: ReceiptCounts } }> {
  const filter: { state?: ReceiptState } = params.filter ?? {};
  const answer = await callStaff(
    'listReceipts',
    {
      query: {
        state: filter.state,
        ...pageQuery(params),
      },
    },
    { signal: params.signal },
  );
  return { data: answer.items, total: answer.total, meta: { counts: answer.counts } };
}

/**
 * The oldest receipt in `state` (pending by default) other than `exceptId`, if any: where the
 * cashier goes after a decision, and a supervisor after answering a second approval.
 */
export async function findNextPendingReceipt(
  exceptId: number,
  state: ReceiptState = 'pending',
): Promise<number | undefined> {
  const answer = await callStaff('listReceipts', { query: { state, page: 1, pageSize: 2 } });
  return answer.items.find((item) => item.id !== exceptId)?.id;
}

/** findNextPendingReceipt bound to the session (a 401 ends it). */
export function useFindNextPendingReceipt(): typeof findNextPendingReceipt {
  return useStaffCall(findNextPendingReceipt);
}
