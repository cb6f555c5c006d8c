import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** GET /api/backoffice/borrowers/:id/ledger: the wallet ledger, the receipts, the schedules covered. */
export type BorrowerLedger = StaffResponseOf<'getBorrowerLedger'>;

export function getBorrowerLedger(borrowerId: number, signal?: AbortSignal): Promise<BorrowerLedger> {
  return callStaff('getBorrowerLedger', { params: { id: borrowerId } }, { signal });
}

/** The data provider's method app/ adds for this call. */
export interface BorrowerLedgerCalls {
  getBorrowerLedger: typeof getBorrowerLedger;
}

/** The ledger through react-admin's data provider (a 401 ends the session), cached by react-query. */
export function useBorrowerLedger(borrowerId: number) {
  const dataProvider = useDataProvider<DataProvider & BorrowerLedgerCalls>();
  return useQuery({
    queryKey: ['borrowers', borrowerId, 'ledger'],
    queryFn: ({ signal }) => dataProvider.getBorrowerLedger(borrowerId, signal),
  });
}
