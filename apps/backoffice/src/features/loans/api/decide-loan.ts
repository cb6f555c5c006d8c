import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type LoanDecision = StaffBodyOf<'decideLoan'>;

/** An analyst takes, approves or rejects a loan request (409 when another analyst decided first). */
export function decideLoan(loanId: number, decision: LoanDecision): Promise<StaffResponseOf<'decideLoan'>> {
  return callStaff('decideLoan', { params: { id: loanId }, body: decision });
}

/** The data provider's method app/ adds for this call. */
export interface DecideLoanCalls {
  decideLoan: typeof decideLoan;
}

/** decideLoan through react-admin's data provider, so a 401 ends the session like every call. */
export function useDecideLoan(): typeof decideLoan {
  return useDataProvider<DataProvider & DecideLoanCalls>().decideLoan;
}
