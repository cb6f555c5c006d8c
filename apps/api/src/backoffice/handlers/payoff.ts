import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { getLoanPayoff, refundLoanCredit } from '../../services/payments/payoff.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** A loan's payoff quote and credit ('Liquidación' in the loan file), and the refund of the credit. */
export const payoffHandlers = {
  getLoanPayoff: ({ deps, params }) => getLoanPayoff(deps, params.id),
  refundLoanCredit: ({ deps, params, body, session }) =>
    refundLoanCredit(deps, session.staff, params.id, body),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'payoff'>>;
