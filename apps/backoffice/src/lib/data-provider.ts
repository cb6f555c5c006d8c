import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DataProvider,
  type GetListParams,
  type GetListResult,
  type GetOneParams,
  type GetOneResult,
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
