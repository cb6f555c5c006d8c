import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type ReviewDecision = StaffBodyOf<'decideProfile'>;

/** An analyst's decision on a profile sent for review (409 when another analyst decided first). */
export function decideProfile(
  borrowerId: number,
  decision: ReviewDecision,
): Promise<StaffResponseOf<'decideProfile'>> {
  return callStaff('decideProfile', { params: { id: borrowerId }, body: decision });
}

/** The data provider's method app/ adds for this call. */
export interface DecideProfileCalls {
  decideProfile: typeof decideProfile;
}

/** decideProfile through react-admin's data provider, so a 401 ends the session like every call. */
export function useDecideProfile(): typeof decideProfile {
  return useDataProvider<DataProvider & DecideProfileCalls>().decideProfile;
}
