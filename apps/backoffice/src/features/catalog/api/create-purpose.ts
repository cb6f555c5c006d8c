import type { StaffBodyOf } from '@prestamos-hn/contract';
import type { CreateParams, CreateResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';
import type { PurposeRecord } from './list-purposes';

/** An admin adds a loan purpose, offered at once. */
export async function createPurpose(params: CreateParams): Promise<CreateResult<PurposeRecord>> {
  const data: Partial<StaffBodyOf<'createPurpose'>> = params.data;
  const { purpose } = await callStaff('createPurpose', { body: { title: data.title ?? '' } });
  return { data: purpose };
}
