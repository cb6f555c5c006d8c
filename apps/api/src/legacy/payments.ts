import { checkReceiptReference, sendReceipt } from '../services/payments/receipts.ts';
import { collectionAccountsForBorrower } from '../services/collection-accounts.ts';
import { getLoanPayments } from '../services/payments/loan-payments.ts';
import { getPayoffQuote } from '../services/payments/payoff.ts';
import { toWireLoanPayments } from '@prestamos-hn/contract';
import type { HandlerTable } from './handler.ts';

/**
 * Proof of payment (SPEC sections 2, 5 and 7): the receipt upload and its duplicate-reference check;
 * the payoff quote (decision 014, point 4); where to pay (issue 35, point 1); and what happened to
 * the money: the loan's receipts and payments (issue 35, point 5).
 */
export const paymentHandlers = {
  send_recipemail: ({ deps, session, input, ip, files }) =>
    sendReceipt(deps, {
      borrowerId: session.borrowerId,
      sessionId: session.id,
      ip,
      containerId: input.containerId,
      idpago: input.idpago,
      amount: input.amount,
      reference: input.reference,
      bank: input.bank,
      files: files ?? [],
    }),
  getPagosReference: ({ deps, session, input }) => checkReceiptReference(deps, session.borrowerId, input),
  getPayoffQuote: ({ deps, session, input }) => getPayoffQuote(deps, session.borrowerId, input.ContainerId),
  getCollectionAccounts: ({ deps }) => collectionAccountsForBorrower(deps),
  getLoanPayments: async ({ deps, session, input }) =>
    toWireLoanPayments(await getLoanPayments(deps, session.borrowerId, input.ContainerId)),
} satisfies HandlerTable<
  'send_recipemail' | 'getPagosReference' | 'getPayoffQuote' | 'getCollectionAccounts' | 'getLoanPayments'
>;
