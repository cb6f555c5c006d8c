import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetOneParams,
  type GetOneResult,
  type RaRecord,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';

/**
 * What one react-admin resource can do, each a function of a feature's `api/` over `callStaff`.
 * (react-admin's own record type is `any` here; each feature's function returns its typed records.)
 */
export interface ResourceCalls {
  getList?: (params: GetListParams) => Promise<GetListResult>;
  getOne?: (params: GetOneParams) => Promise<GetOneResult>;
  create?: (params: CreateParams) => Promise<CreateResult>;
  update?: (params: UpdateParams) => Promise<UpdateResult>;
}

const unsupported = (what: string) => () =>
  Promise.reject(new HttpError(`Operación no disponible: ${what}.`, 405));

/**
 * react-admin's dataProvider as a thin adapter: each resource's calls (composed in app/), anything
 * else refused in Spanish. It adds nothing to the answers: the calls map them to records.
 */
export function createDataProvider(resources: Readonly<Record<string, ResourceCalls>>): DataProvider {
  const callsOf = (resource: string): ResourceCalls => resources[resource] ?? {};
  const getOne = (resource: string, params: GetOneParams): Promise<GetOneResult> => {
    const call = callsOf(resource).getOne;
    return call ? call(params) : unsupported(resource)();
  };
  return {
    getList(resource, params): Promise<GetListResult> {
      const call = callsOf(resource).getList;
      return call ? call(params) : unsupported(resource)();
    },
    getOne,
    async getMany(resource, params) {
      const all = await Promise.all(params.ids.map((id) => getOne(resource, { id, signal: params.signal })));
      return { data: all.map((result) => result.data) };
    },
    getManyReference: unsupported('referencias'),
    create(resource, params): Promise<CreateResult> {
      const call = callsOf(resource).create;
      return call ? call(params) : unsupported(resource)();
    },
    update(resource, params): Promise<UpdateResult> {
      const call = callsOf(resource).update;
      return call ? call(params) : unsupported(resource)();
    },
    updateMany: unsupported('actualizar varios'),
    delete: unsupported('eliminar'),
    deleteMany: unsupported('eliminar varios'),
  };
}

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
