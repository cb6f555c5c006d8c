import type { ProfileReviewState } from '@prestamos-hn/domain';
import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';
import { HttpError } from 'react-admin';
import { staffFetch, withQuery } from './staff-api';
import type { Paged, StaffMember } from './staff-types';

/** The register's sortable columns and the server's names for them. */
const BORROWER_SORTS: Record<string, string> = {
  createdAt: 'created',
  name: 'name',
  sentForReviewAt: 'sent',
};

export type ReviewDecision =
  | { decision: 'approve'; note?: string }
  | {
      decision: 'return';
      errorCode: number;
      failedItems: {
        documents: { frontId: boolean; backId: boolean; utilityBill: boolean; selfie: boolean };
        references: { personal: boolean; labour: boolean };
      };
      note: string;
    };

export interface Dashboard {
  waitingReview: number;
  oldestWaitingSince: string | null;
  oldestWaitingMinutes: number | null;
  approvedToday: number;
  returnedToday: number;
  date: string;
}

/** What the back-office asks beyond react-admin's CRUD methods. */
export interface StaffDataProvider extends DataProvider {
  decideProfile(borrowerId: number, decision: ReviewDecision): Promise<unknown>;
  getDashboard(): Promise<Dashboard>;
}

const pageOf = (params: GetListParams) => ({
  page: params.pagination?.page ?? 1,
  pageSize: params.pagination?.perPage ?? 25,
});

async function listBorrowers(params: GetListParams): Promise<GetListResult> {
  const filter = params.filter as { q?: string; state?: ProfileReviewState };
  const answer = await staffFetch<Paged<RaRecord> & { counts: Record<ProfileReviewState, number> }>(
    withQuery('/borrowers', {
      q: filter.q?.trim(),
      state: filter.state,
      sort: BORROWER_SORTS[params.sort?.field ?? ''] ?? 'created',
      order: params.sort?.order === 'ASC' ? 'asc' : 'desc',
      ...pageOf(params),
    }),
    { signal: params.signal },
  );
  return { data: answer.items, total: answer.total, meta: { counts: answer.counts } };
}

async function listReviewQueue(params: GetListParams): Promise<GetListResult> {
  const answer = await staffFetch<Paged<{ borrowerId: number }>>(
    withQuery('/reviews/queue', pageOf(params)),
    { signal: params.signal },
  );
  return { data: answer.items.map((item) => ({ ...item, id: item.borrowerId })), total: answer.total };
}

async function listAudit(params: GetListParams): Promise<GetListResult> {
  const filter = params.filter as Record<string, string | undefined>;
  const answer = await staffFetch<Paged<RaRecord>>(
    withQuery('/audit', {
      entity: filter.entity,
      entityId: filter.entityId,
      actorType: filter.actorType,
      actorId: filter.actorId,
      action: filter.action,
      from: filter.from,
      to: filter.to,
      ...pageOf(params),
    }),
    { signal: params.signal },
  );
  return { data: answer.items, total: answer.total };
}

/** The staff list is small and whole: sorted and paged here. */
async function listStaff(params: GetListParams): Promise<GetListResult<StaffMember & RaRecord>> {
  const { items } = await staffFetch<{ items: StaffMember[] }>('/staff', { signal: params.signal });
  const field = (params.sort?.field ?? 'name') as keyof StaffMember;
  const direction = params.sort?.order === 'DESC' ? -1 : 1;
  const sorted = [...items].sort(
    (a, b) => String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'es') * direction,
  );
  const { page, pageSize } = pageOf(params);
  return { data: sorted.slice((page - 1) * pageSize, page * pageSize), total: items.length };
}

const unsupported = (what: string) => () =>
  Promise.reject(new HttpError(`Operación no disponible: ${what}.`, 405));

/** react-admin's dataProvider over the staff REST API (/api/backoffice). */
export const dataProvider: StaffDataProvider = {
  getList(resource, params) {
    switch (resource) {
      case 'borrowers':
        return listBorrowers(params);
      case 'reviews':
        return listReviewQueue(params);
      case 'audit':
        return listAudit(params);
      case 'staff':
        return listStaff(params) as Promise<GetListResult>;
      default:
        return unsupported(resource)();
    }
  },
  async getOne(resource, params) {
    if (resource === 'borrowers') {
      const file = await staffFetch<{ borrower: { id: number } }>(`/borrowers/${params.id}`, {
        signal: params.signal,
      });
      return { data: { ...file, id: file.borrower.id } as never };
    }
    if (resource === 'staff') {
      const { items } = await staffFetch<{ items: StaffMember[] }>('/staff', { signal: params.signal });
      const found = items.find((s) => String(s.id) === String(params.id));
      if (!found) throw new HttpError('No se encontró esa cuenta del personal.', 404);
      return { data: found as never };
    }
    return unsupported(resource)();
  },
  async getMany(resource, params) {
    const all = await Promise.all(params.ids.map((id) => this.getOne(resource, { id })));
    return { data: all.map((r) => r.data) };
  },
  getManyReference: unsupported('referencias'),
  async create(resource, params) {
    if (resource !== 'staff') return unsupported(resource)();
    const { email, name, role, password } = params.data as Record<string, string>;
    const { staff } = await staffFetch<{ staff: StaffMember }>('/staff', {
      method: 'POST',
      body: { email, name, role, password },
    });
    return { data: staff as never };
  },
  async update(resource, params) {
    if (resource !== 'staff') return unsupported(resource)();
    const data = params.data as Partial<StaffMember>;
    const previous = params.previousData as Partial<StaffMember>;
    const changes: Partial<Pick<StaffMember, 'name' | 'role' | 'disabled'>> = {};
    if (data.name !== undefined && data.name !== previous.name) changes.name = data.name;
    if (data.role !== undefined && data.role !== previous.role) changes.role = data.role;
    if (data.disabled !== undefined && data.disabled !== previous.disabled) changes.disabled = data.disabled;
    if (Object.keys(changes).length === 0) return { data: previous as never };
    const { staff } = await staffFetch<{ staff: StaffMember }>(`/staff/${params.id}`, {
      method: 'PATCH',
      body: changes,
    });
    return { data: staff as never };
  },
  updateMany: unsupported('actualizar varios'),
  delete: unsupported('eliminar'),
  deleteMany: unsupported('eliminar varios'),
  decideProfile(borrowerId, decision) {
    return staffFetch(`/reviews/${borrowerId}/decision`, { method: 'POST', body: decision });
  },
  getDashboard() {
    return staffFetch<Dashboard>('/dashboard');
  },
};
