import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { isoDate } from './fields.ts';
import { loanParams } from './loans.ts';

const cents = z.number().int();

/** The longest bank reference a refund takes (the receipts' limit). */
export const REFUND_REFERENCE_MAX = 40;

const amountMessage = 'Escribe el monto a devolver en lempiras, con hasta dos decimales (por ejemplo 25.50).';
const referenceMessage = 'Escribe la referencia bancaria de la devolución.';

/**
 * A loan's payoff and credit as staff see them in the loan file ('Liquidación'): the payoff quote
 * of today while the loan is being paid (3, 8, 9-11; null otherwise), the wallet's balance, and the
 * borrower's credit ('Saldo a tu favor': the wallet of a loan whose every instalment is covered, 4
 * Pagado), which staff may refund.
 */
export const loanPayoff = z.object({
  loanId: z.number().int(),
  status: z.number().int(),
  statusLabel: z.string(),
  quote: z
    .object({
      asOf: isoDate,
      validUntil: isoDate,
      /** What closes the loan today: principal + interest + fees + late fees − credited back. */
      payoffCents: cents,
      principalCents: cents,
      interestCents: cents,
      feesCents: cents,
      lateFeesCents: cents,
      creditedBackCents: cents,
    })
    .nullable(),
  /** The sum of the loan's wallet entries ('Deposito por aplicar' while it is being paid). */
  walletBalanceCents: cents,
  /** 'Saldo a tu favor': the wallet of a paid loan (4), else 0. */
  creditCents: cents,
});

/** A refund of the credit: lempiras as text (exact to the centavo) and the bank transfer's reference. */
export const refundBody = z.object({
  amount: z.string({ error: amountMessage }).trim().min(1, amountMessage).max(20, amountMessage),
  reference: z
    .string({ error: referenceMessage })
    .trim()
    .min(1, referenceMessage)
    .max(REFUND_REFERENCE_MAX, `La referencia no puede tener más de ${REFUND_REFERENCE_MAX} caracteres.`),
});

export const refundResult = z.object({
  loanId: z.number().int(),
  /** The ledger entry written (kind 'refund'). */
  entryId: z.number().int(),
  refundedCents: cents,
  reference: z.string(),
  businessDate: isoDate,
  /** The credit left after the refund. */
  creditCents: cents,
});

/** A loan's payoff quote and the refund of a paid loan's credit (decision 014, points 4 and 5). */
export const staffPayoffRows = {
  getLoanPayoff: defineStaffEndpoint({
    method: 'GET',
    path: '/loans/:id/payoff',
    access: 'loans.read',
    summary:
      "Today's payoff quote of a loan being paid (principal, interest earned to date, fees, late fees, credited back) and its credit balance",
    params: loanParams,
    response: jsonResponse(loanPayoff),
  }),
  refundLoanCredit: defineStaffEndpoint({
    method: 'POST',
    path: '/loans/:id/refund',
    access: 'loans.refund',
    summary:
      "Refunds (part of) a paid loan's credit balance: a ledger debit, an audit row and an SMS to the borrower (409 above the balance or for a loan not paid)",
    params: loanParams,
    body: refundBody,
    response: jsonResponse(refundResult),
  }),
};
