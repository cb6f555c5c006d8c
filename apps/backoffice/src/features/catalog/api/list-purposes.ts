import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult, GetOneParams, GetOneResult } from 'react-admin';
import { findInWholeList, pageOfWholeList } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';

export type PurposeRecord = StaffResponseOf<'listPurposes'>['items'][number];

/** Every loan purpose (retired ones too), in code order: a short whole list, paged here. */
export async function listPurposes(params: GetListParams): Promise<GetListResult<PurposeRecord>> {
  const { items } = await callStaff('listPurposes', {}, { signal: params.signal });
  return pageOfWholeList(items, params);
}

/** One purpose, from the whole list (there is no route for one). */
export async function getPurpose(params: GetOneParams): Promise<GetOneResult<PurposeRecord>> {
  const { items } = await callStaff('listPurposes', {}, { signal: params.signal });
  return findInWholeList(items, params, 'No encontramos ese propósito.');
}
