import type { StaffBodyOf } from '@prestamos-hn/contract';
import type { UpdateParams, UpdateResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';
import type { StaffRecord } from './list-staff';

/** An admin changes a name or role, or disables / enables an account: only what changed is sent. */
export async function updateStaff(params: UpdateParams): Promise<UpdateResult<StaffRecord>> {
  const data: Partial<StaffRecord> = params.data;
  const previous: StaffRecord = params.previousData;
  const changes: StaffBodyOf<'updateStaff'> = {};
  if (data.name !== undefined && data.name !== previous.name) changes.name = data.name;
  if (data.role !== undefined && data.role !== previous.role) changes.role = data.role;
  if (data.disabled !== undefined && data.disabled !== previous.disabled) changes.disabled = data.disabled;
  if (Object.keys(changes).length === 0) return { data: previous };
  const { staff } = await callStaff('updateStaff', { params: { id: params.id }, body: changes });
  return { data: staff };
}
