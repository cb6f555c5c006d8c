import { checkReceiptReference, sendReceipt } from '../services/payments/receipts.ts';
import { collectionAccountsForBorrower } from '../services/collection-accounts.ts';
import { getPayoffQuote } from '../services/payments/payoff.ts';
import type { HandlerTable } from './handler.ts';

/**
 * Proof of payment (SPEC sections 2, 5 and 7): the receipt upload and its duplicate-reference check;
 * the payoff quote (decision 014, point 4); and where to pay (issue 35, point 1).
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
} satisfies HandlerTable<
  'send_recipemail' | 'getPagosReference' | 'getPayoffQuote' | 'getCollectionAccounts'
>;
