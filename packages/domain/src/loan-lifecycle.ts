/**
 * A loan's life around a request (decision 014, point 6): which loans stop a borrower from asking
 * for another, when a request not yet disbursed expires, and when a disbursement can still be
 * recorded for one that expired. Business dates are Tegucigalpa dates (YYYY-MM-DD).
 */
import { hasStatus } from './labels.ts';
import { LOAN_STATUS } from './servicing.ts';
import { addDays, type IsoDate } from './time.ts';

/**
 * The loans that stop a borrower from requesting another, on the server (`postOffer`) and in the
 * database's one-blocking-loan index: a request in progress (0 Enviado, 1 Reuniendo, 5 Reunido), a
 * loan being paid (3 Pagando, 8 Atrasado) and a loan in collections (9 Alguacil, 10 Corte,
 * 11 Recuperación previa al juicio), so that moving a defaulter to collections never lets them
 * borrow again. The borrower app's tiles keep the SPEC's shorter list (`BLOCKING_OFFER_STATUSES`);
 * for a loan in 9-11 the server's refusal is what the borrower reads.
 */
export const REQUEST_BLOCKING_LOAN_STATUSES: readonly number[] = [
  LOAN_STATUS.sent,
  LOAN_STATUS.taken,
  LOAN_STATUS.paying,
  LOAN_STATUS.approved,
  LOAN_STATUS.late,
  LOAN_STATUS.bailiff,
  LOAN_STATUS.court,
  LOAN_STATUS.preTrial,
];

/** Whether a loan in `status` stops its borrower from requesting another (the server's rule). */
export function blocksNewRequest(status: number | string): boolean {
  return hasStatus(REQUEST_BLOCKING_LOAN_STATUSES, status);
}

/** Whether any of a borrower's loans stops a new request (the server's rule). */
export function hasRequestBlockingLoan(loans: readonly { status: number | string }[]): boolean {
  return loans.some((loan) => blocksNewRequest(loan.status));
}

/** Requests not yet disbursed, which expire: 0 Enviado, 1 Reuniendo, 5 Reunido. */
export const EXPIRABLE_LOAN_STATUSES: readonly number[] = [
  LOAN_STATUS.sent,
  LOAN_STATUS.taken,
  LOAN_STATUS.approved,
];

/** What the expiry rule reads of a loan. */
export interface LoanExpiryFacts {
  status: number;
  /** The Tegucigalpa date of the request. */
  requestedOn: IsoDate;
  /** The Tegucigalpa date of its approval (0|1 → 5); null if it was never approved. */
  approvedOn: IsoDate | null;
}

/**
 * The last business date a request is good for: `expiryDays` (OFFER_EXPIRY_DAYS) after its request
 * while it waits for an analyst (0, 1), after its approval once approved (5). The daily run of the
 * next date expires it (→ 7). For an expired loan (7), the date it had: from the approval if it was
 * approved, else from the request. Null for every other status (nothing to expire).
 */
export function offerExpiryDate(loan: LoanExpiryFacts, expiryDays: number): IsoDate | null {
  if (!Number.isInteger(expiryDays) || expiryDays < 0) {
    throw new RangeError(`Not a number of days: ${expiryDays}`);
  }
  switch (loan.status) {
    case LOAN_STATUS.sent:
    case LOAN_STATUS.taken:
      return addDays(loan.requestedOn, expiryDays);
    case LOAN_STATUS.approved:
    case LOAN_STATUS.expired:
      return addDays(loan.approvedOn ?? loan.requestedOn, expiryDays);
    default:
      return null;
  }
}

/** Whether the run of `businessDate` expires the loan: a request (0, 1, 5) past its expiry date. */
export function isOfferExpiredOn(loan: LoanExpiryFacts, businessDate: IsoDate, expiryDays: number): boolean {
  if (!EXPIRABLE_LOAN_STATUSES.includes(loan.status)) return false;
  const expiresOn = offerExpiryDate(loan, expiryDays);
  return expiresOn !== null && businessDate > expiresOn;
}

/**
 * Whether a disbursement dated `disbursedOn` may still be recorded for an expired loan (7): it was
 * approved before it expired, and the money went out on or before its expiry date. The offer held
 * when the money was sent; only the recording came late.
 */
export function mayDisburseExpiredLoan(
  loan: LoanExpiryFacts,
  disbursedOn: IsoDate,
  expiryDays: number,
): boolean {
  if (loan.status !== LOAN_STATUS.expired || loan.approvedOn === null) return false;
  return disbursedOn <= offerExpiryDate(loan, expiryDays)!;
}
