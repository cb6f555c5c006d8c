import {
  loanMessages,
  toWireApplicationProfile,
  toWireInstalment,
  toWireInvoicePreview,
  toWireQuote,
  type PayloadOf,
} from '@prestamos-hn/contract';
import { UserError } from '../errors.ts';
import { JsonText } from './envelope.ts';
import {
  getApplicationProfile,
  getNewestQuote,
  getRepaymentSchedule,
  listBorrowerLoans,
  ownLoanWireSchedule,
} from '../services/loans/borrower-loans.ts';
import { resolveSessionWith } from '../services/sessions.ts';
import { parseRowId } from '../services/shared/validation.ts';
import { previewLoanDocument, previewLoanQuote, requestLoan } from '../services/loans/request-loan.ts';
import type { HandlerTable, OneStatementTable } from './handler.ts';

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
} satisfies HandlerTable<
  | 'getApplicationProfilev2'
  | 'getApplicationProfile'
  | 'getCustomerOfferList'
  | 'get_contractPre'
  | 'get_pagarePre'
  | 'getFactura'
  | 'getFacturaPre'
  | 'postOffer'
>;

/** A row id as the wire may send it (a number or a numeric string), or null. */
const rowIdOf = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' ? parseRowId(value) : null;

/**
 * The schedule, which the app reads on each visit of the loan's screen: the session check, the loan's
 * ownership and its instalments in one statement (ownLoanWireSchedule, the wire's JSON text), for the
 * id as sent. Refuses as every session call does (session first, then the input), then 'No encontramos ese préstamo.' for
 * another borrower's loan or an unknown one, as getRepaymentSchedule does. An id the input's parsing
 * reads otherwise (as a trimmed string) is read again the ordinary way.
 */
export const loanOneStatementHandlers = {
  getBorrowerRepaymentSchedule: async ({ deps, sid, fields, parseInput }) => {
    const sent = rowIdOf(fields.ContainerId);
    const { session, value } = await resolveSessionWith(deps, sid, ownLoanWireSchedule, { loanId: sent });
    const input = parseInput();
    if (rowIdOf(input.ContainerId) !== sent) {
      return (await getRepaymentSchedule(deps, session.borrowerId, input.ContainerId)).map(toWireInstalment);
    }
    if (value === null) throw new UserError(loanMessages.loanNotFound);
    return new JsonText<PayloadOf<'getBorrowerRepaymentSchedule'>>(value);
  },
} satisfies OneStatementTable<'getBorrowerRepaymentSchedule'>;
