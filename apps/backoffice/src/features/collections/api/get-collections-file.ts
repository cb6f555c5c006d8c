import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetOneParams, GetOneResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** GET /api/backoffice/collections/:id: a late loan's schedule, its history and the notes. */
export type CollectionsFile = StaffResponseOf<'getCollectionsFile'>;
/** The file as react-admin's record: its id is the loan's. */
export type CollectionsFileRecord = CollectionsFile & { id: number };

export async function getCollectionsFile(params: GetOneParams): Promise<GetOneResult<CollectionsFileRecord>> {
  const file = await callStaff(
    'getCollectionsFile',
    { params: { id: params.id } },
    { signal: params.signal },
  );
  return { data: { ...file, id: file.loan.loanId } };
}
