import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type Disbursement = StaffBodyOf<'recordDisbursement'>;

/** A cashier records that an approved loan's money was sent (5 → 3); the same one again answers the same. */
export function recordDisbursement(
  loanId: number,
  disbursement: Disbursement,
): Promise<StaffResponseOf<'recordDisbursement'>> {
  return callStaff('recordDisbursement', { params: { id: loanId }, body: disbursement });
}

/** The data provider's method app/ adds for this call. */
export interface RecordDisbursementCalls {
  recordDisbursement: typeof recordDisbursement;
}

/** recordDisbursement through react-admin's data provider, so a 401 ends the session like every call. */
export function useRecordDisbursement(): typeof recordDisbursement {
  return useDataProvider<DataProvider & RecordDisbursementCalls>().recordDisbursement;
}
