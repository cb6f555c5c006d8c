import {
  HttpError,
  type GetListParams,
  type GetListResult,
  type GetOneParams,
  type GetOneResult,
  type RaRecord,
} from 'react-admin';

/** The staff API's page of a react-admin list: page 1 of 25 rows unless the list asks otherwise. */
export function pageQuery(params: GetListParams): { page: number; pageSize: number } {
  return { page: params.pagination?.page ?? 1, pageSize: params.pagination?.perPage ?? 25 };
}

/** A short list the server sends whole (products, purposes, staff), paged here. */
export function pageOfWholeList<T extends RaRecord>(
  items: readonly T[],
  params: GetListParams,
): GetListResult<T> {
  const { page, pageSize } = pageQuery(params);
  return { data: items.slice((page - 1) * pageSize, page * pageSize), total: items.length };
}

/** One record of a list sent whole (there is no route for one), or a 404 with `notFound`. */
export function findInWholeList<T extends RaRecord>(
  items: readonly T[],
  params: GetOneParams,
  notFound: string,
): GetOneResult<T> {
  const found = items.find((item) => String(item.id) === String(params.id));
  if (!found) throw new HttpError(notFound, 404);
  return { data: found };
}
