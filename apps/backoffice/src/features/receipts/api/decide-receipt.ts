import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type ReceiptDecision = StaffBodyOf<'decideReceipt'>;

/** A cashier's decision on a pending receipt (409 when another cashier decided first). */
export function decideReceipt(
  receiptId: number,
  decision: ReceiptDecision,
): Promise<StaffResponseOf<'decideReceipt'>> {
  return callStaff('decideReceipt', { params: { id: receiptId }, body: decision });
}

/** The data provider's method app/ adds for this call. */
export interface DecideReceiptCalls {
  decideReceipt: typeof decideReceipt;
}

/** decideReceipt through react-admin's data provider, so a 401 ends the session like every call. */
export function useDecideReceipt(): typeof decideReceipt {
  return useDataProvider<DataProvider & DecideReceiptCalls>().decideReceipt;
}
