import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** A promise to pay (a date from today on, centavos). */
export function addPaymentPromise(
  loanId: number,
  body: StaffBodyOf<'addPaymentPromise'>,
): Promise<StaffResponseOf<'addPaymentPromise'>> {
  return callStaff('addPaymentPromise', { params: { id: loanId }, body });
}

/** The data provider's method app/ adds for this call. */
export interface AddPaymentPromiseCalls {
  addPaymentPromise: typeof addPaymentPromise;
}

/** addPaymentPromise through react-admin's data provider, so a 401 ends the session like every call. */
export function useAddPaymentPromise(): typeof addPaymentPromise {
  return useDataProvider<DataProvider & AddPaymentPromiseCalls>().addPaymentPromise;
}
