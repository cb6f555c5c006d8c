import type { StaffResponseOf } from '@prestamos-hn/contract';
import {
  HttpError,
  type GetListParams,
  type GetListResult,
  type GetOneParams,
  type GetOneResult,
} from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type StaffRecord = StaffResponseOf<'listStaff'>['items'][number];

/** The staff list's sortable columns, each as the text it sorts by. */
const SORT_KEYS: Record<string, (s: StaffRecord) => string> = {
  name: (s) => s.name,
  email: (s) => s.email,
  role: (s) => s.role,
  disabled: (s) => String(s.disabled),
  createdAt: (s) => s.createdAt,
};

/** The staff list is small and whole: sorted and paged here. */
export async function listStaff(params: GetListParams): Promise<GetListResult<StaffRecord>> {
  const { items } = await callStaff('listStaff', {}, { signal: params.signal });
  const key = SORT_KEYS[params.sort?.field ?? ''] ?? SORT_KEYS.name!;
  const direction = params.sort?.order === 'DESC' ? -1 : 1;
  const sorted = [...items].sort((a, b) => key(a).localeCompare(key(b), 'es') * direction);
  const page = params.pagination?.page ?? 1;
  const perPage = params.pagination?.perPage ?? 25;
  return { data: sorted.slice((page - 1) * perPage, page * perPage), total: items.length };
}

/** One staff account, from the whole list (there is no route for one). */
export async function getStaffMember(params: GetOneParams): Promise<GetOneResult<StaffRecord>> {
  const { items } = await callStaff('listStaff', {}, { signal: params.signal });
  const found = items.find((s) => String(s.id) === String(params.id));
  if (!found) throw new HttpError('No se encontró esa cuenta del personal.', 404);
  return { data: found };
}
