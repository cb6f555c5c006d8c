import type { StaffBodyOf } from '@prestamos-hn/contract';
import type { UpdateParams, UpdateResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';
import type { PurposeRecord } from './list-purposes';

/** An admin renames a purpose, or retires it / offers it again: only what changed is sent. */
export async function updatePurpose(params: UpdateParams): Promise<UpdateResult<PurposeRecord>> {
  const data: Partial<PurposeRecord> = params.data;
  const previous: PurposeRecord = params.previousData;
  const changes: StaffBodyOf<'updatePurpose'> = {};
  if (data.title !== undefined && data.title !== previous.title) changes.title = data.title;
  if (data.active !== undefined && data.active !== previous.active) changes.active = data.active;
  if (Object.keys(changes).length === 0) return { data: previous };
  const { purpose } = await callStaff('updatePurpose', { params: { id: previous.id }, body: changes });
  return { data: purpose };
}
