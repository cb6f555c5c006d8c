import type { StaffQueryOf, StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff, staffUrl } from '../../../lib/staff-api';

type Queue = StaffResponseOf<'listCollections'>;
/** A row of the collections queue as react-admin's record: its id is the loan's. */
export type CollectionsRow = Queue['items'][number] & { id: number };
export type CollectionsFilters = Pick<StaffQueryOf<'listCollections'>, 'status' | 'bucket'>;

/** One page of the collections queue (most days late first), with the date it was computed for as `meta.asOf`. */
export async function listCollections(
  params: GetListParams,
): Promise<GetListResult<CollectionsRow> & { meta: { asOf: string } }> {
  const filter: CollectionsFilters = params.filter ?? {};
  const answer = await callStaff(
    'listCollections',
    {
      query: {
        status: filter.status,
        bucket: filter.bucket,
        ...pageQuery(params),
      },
    },
    { signal: params.signal },
  );
  return {
    data: answer.items.map((item) => ({ ...item, id: item.loanId })),
    total: answer.total,
    meta: { asOf: answer.asOf },
  };
}

/** The queue's CSV with the same filters (GET /collections/export: a download, the session cookie goes with it). */
export function collectionsCsvUrl(filters: CollectionsFilters): string {
  return staffUrl('exportCollections', { query: { status: filters.status, bucket: filters.bucket } });
}
