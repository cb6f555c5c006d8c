import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { decideLoan, recordDisbursement } from '../../services/loans/decisions.ts';
import { reverseDisbursement } from '../../services/loans/disbursement-reversal.ts';
import { getLoanFile, listLoans } from '../../services/loans/staff-loans.ts';
import type { StaffHandlerTable } from '../handler.ts';

/**
 * The loan desk: the list, one loan's file, an analyst's decisions, a cashier's disbursement and a
 * supervisor's reversal of it.
 */
export const loanHandlers = {
  listLoans: ({ deps, body }) => listLoans(deps, body),
  getLoanFile: ({ deps, params, session }) => getLoanFile(deps, session.staff, params.id),
  decideLoan: ({ deps, params, body, session }) => decideLoan(deps, session.staff, params.id, body),
  recordDisbursement: ({ deps, params, body, session }) =>
    recordDisbursement(deps, session.staff, params.id, body),
  reverseDisbursement: ({ deps, params, body, session }) =>
    reverseDisbursement(deps, session.staff, params.id, body),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'loans'>>;
