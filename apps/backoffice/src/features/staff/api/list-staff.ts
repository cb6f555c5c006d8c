import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult, GetOneParams, GetOneResult } from 'react-admin';
import { findInWholeList, pageOfWholeList } from '../../../lib/paging';
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
  return pageOfWholeList(sorted, params);
}

/** One staff account, from the whole list (there is no route for one). */
export async function getStaffMember(params: GetOneParams): Promise<GetOneResult<StaffRecord>> {
  const { items } = await callStaff('listStaff', {}, { signal: params.signal });
  return findInWholeList(items, params, 'No se encontró esa cuenta del personal.');
}
