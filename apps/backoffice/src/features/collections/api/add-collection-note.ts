import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** A note on a late loan. */
export function addCollectionNote(
  loanId: number,
  body: StaffBodyOf<'addCollectionNote'>,
): Promise<StaffResponseOf<'addCollectionNote'>> {
  return callStaff('addCollectionNote', { params: { id: loanId }, body });
}

/** The data provider's method app/ adds for this call. */
export interface AddCollectionNoteCalls {
  addCollectionNote: typeof addCollectionNote;
}

/** addCollectionNote through react-admin's data provider, so a 401 ends the session like every call. */
export function useAddCollectionNote(): typeof addCollectionNote {
  return useDataProvider<DataProvider & AddCollectionNoteCalls>().addCollectionNote;
}
