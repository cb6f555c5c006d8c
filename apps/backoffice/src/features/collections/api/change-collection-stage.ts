import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** Moves a late loan to 9, 10 or 11 with a reason (409 when its status changed meanwhile). */
export function changeCollectionStage(
  loanId: number,
  body: StaffBodyOf<'changeCollectionStage'>,
): Promise<StaffResponseOf<'changeCollectionStage'>> {
  return callStaff('changeCollectionStage', { params: { id: loanId }, body });
}

/** The data provider's method app/ adds for this call. */
export interface ChangeCollectionStageCalls {
  changeCollectionStage: typeof changeCollectionStage;
}

/** changeCollectionStage through react-admin's data provider, so a 401 ends the session like every call. */
export function useChangeCollectionStage(): typeof changeCollectionStage {
  return useDataProvider<DataProvider & ChangeCollectionStageCalls>().changeCollectionStage;
}
