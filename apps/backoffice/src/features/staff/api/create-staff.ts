import type { StaffBodyOf } from '@prestamos-hn/contract';
import type { CreateParams, CreateResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';
import type { StaffRecord } from './list-staff';

/** An admin creates a staff account with an initial password. */
export async function createStaff(params: CreateParams): Promise<CreateResult<StaffRecord>> {
  // The form requires every field and starts the role at 'analyst'; the server checks them all again.
  const data: Partial<StaffBodyOf<'createStaff'>> = params.data;
  const { email = '', name = '', role = 'analyst', password = '' } = data;
  const { staff } = await callStaff('createStaff', { body: { email, name, role, password } });
  return { data: staff };
}
