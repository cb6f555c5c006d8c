import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetOneParams, GetOneResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** GET /api/backoffice/loans/:id: everything staff see of one loan. */
export type LoanFile = StaffResponseOf<'getLoanFile'>;
/** The file as react-admin's record: its id is the loan's. */
export type LoanFileRecord = LoanFile & { id: number };
export type LoanDocument = LoanFile['documents'][number];

export async function getLoanFile(params: GetOneParams): Promise<GetOneResult<LoanFileRecord>> {
  const file = await callStaff('getLoanFile', { params: { id: params.id } }, { signal: params.signal });
  return { data: { ...file, id: file.loan.id } };
}
