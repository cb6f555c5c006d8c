import type { StaffResponseOf } from '@prestamos-hn/contract';
import {
  HttpError,
  type GetListParams,
  type GetListResult,
  type GetOneParams,
  type GetOneResult,
} from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type ProductRecord = StaffResponseOf<'listProducts'>['items'][number];

/** Every product (retired ones too), in code order: a short whole list, paged here. */
export async function listProducts(params: GetListParams): Promise<GetListResult<ProductRecord>> {
  const { items } = await callStaff('listProducts', {}, { signal: params.signal });
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 25;
  return { data: items.slice((page - 1) * perPage, page * perPage), total: items.length };
}

/** One product, from the whole list (there is no route for one). */
export async function getProduct(params: GetOneParams): Promise<GetOneResult<ProductRecord>> {
  const { items } = await callStaff('listProducts', {}, { signal: params.signal });
  const found = items.find((p) => String(p.id) === String(params.id));
  if (!found) throw new HttpError('No encontramos ese producto.', 404);
  return { data: found };
}
