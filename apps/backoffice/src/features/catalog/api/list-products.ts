import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult, GetOneParams, GetOneResult } from 'react-admin';
import { findInWholeList, pageOfWholeList } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';

export type ProductRecord = StaffResponseOf<'listProducts'>['items'][number];

/** Every product (retired ones too), in code order: a short whole list, paged here. */
export async function listProducts(params: GetListParams): Promise<GetListResult<ProductRecord>> {
  const { items } = await callStaff('listProducts', {}, { signal: params.signal });
  return pageOfWholeList(items, params);
}

/** One product, from the whole list (there is no route for one). */
export async function getProduct(params: GetOneParams): Promise<GetOneResult<ProductRecord>> {
  const { items } = await callStaff('listProducts', {}, { signal: params.signal });
  return findInWholeList(items, params, 'No encontramos ese producto.');
}
