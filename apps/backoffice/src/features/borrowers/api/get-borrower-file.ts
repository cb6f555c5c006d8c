import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetOneParams, GetOneResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** GET /api/backoffice/borrowers/:id: everything staff see of one borrower. */
export type BorrowerFile = StaffResponseOf<'getBorrowerFile'>;
/** The file as react-admin's record: its id is the borrower's. */
export type BorrowerFileRecord = BorrowerFile & { id: number };
export type BorrowerDocument = BorrowerFile['documents'][number];

export async function getBorrowerFile(params: GetOneParams): Promise<GetOneResult<BorrowerFileRecord>> {
  const file = await callStaff('getBorrowerFile', { params: { id: params.id } }, { signal: params.signal });
  return { data: { ...file, id: file.borrower.id } };
}
