import {
  toWireApplicationProfile,
  toWireInstalment,
  toWireInvoicePreview,
  toWireQuote,
} from '@prestamos-hn/contract';
import {
  getApplicationProfile,
  getNewestQuote,
  getRepaymentSchedule,
  listBorrowerLoans,
} from '../services/loans/borrower-loans.ts';
import { previewLoanDocument, previewLoanQuote, requestLoan } from '../services/loans/request-loan.ts';
import type { HandlerTable } from './handler.ts';

/**
 * The loan application calls (SPEC sections 2-4 and 7): parse, call the service, answer its payload.
 * Products, quotes and instalments leave the services in the domain's centavos and reach the wire
 * through the contract's mappings (`toWireApplicationProfile`, `toWireQuote`, `toWireInstalment`),
 * here.
 */
export const loanHandlers = {
  getApplicationProfilev2: async ({ deps, session }) =>
    toWireApplicationProfile(await getApplicationProfile(deps, session.borrowerId)),
  getApplicationProfile: async ({ deps, session }) =>
    toWireApplicationProfile(await getApplicationProfile(deps, session.borrowerId)),
  getCustomerOfferList: ({ deps, session }) => listBorrowerLoans(deps, session.borrowerId),
  get_contractPre: ({ deps, session, input }) =>
    previewLoanDocument(deps, session.borrowerId, 'contract', input),
  get_pagarePre: ({ deps, session, input }) =>
    previewLoanDocument(deps, session.borrowerId, 'promissory_note', input),
  getFactura: async ({ deps, session }) => toWireQuote(await getNewestQuote(deps, session.borrowerId)),
  getFacturaPre: async ({ deps, input }) => {
    const { quote, annualCostPercent } = await previewLoanQuote(deps, input);
    return toWireInvoicePreview(quote, annualCostPercent);
  },
  postOffer: ({ deps, session, input, ip, userAgent }) =>
    requestLoan(deps, {
      borrowerId: session.borrowerId,
      sessionId: session.id,
      ip,
      userAgent,
      request: input,
    }),
  getBorrowerRepaymentSchedule: async ({ deps, session, input }) =>
    (await getRepaymentSchedule(deps, session.borrowerId, input.ContainerId)).map(toWireInstalment),
} satisfies HandlerTable<
  | 'getApplicationProfilev2'
  | 'getApplicationProfile'
  | 'getCustomerOfferList'
  | 'get_contractPre'
  | 'get_pagarePre'
  | 'getFactura'
  | 'getFacturaPre'
  | 'postOffer'
  | 'getBorrowerRepaymentSchedule'
>;
