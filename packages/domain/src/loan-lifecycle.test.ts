import { describe, expect, it } from 'vitest';
import {
  blocksNewRequest,
  EXPIRABLE_LOAN_STATUSES,
  hasRequestBlockingLoan,
  isOfferExpiredOn,
  mayDisburseExpiredLoan,
  offerExpiryDate,
  REQUEST_BLOCKING_LOAN_STATUSES,
  type LoanExpiryFacts,
} from './loan-lifecycle.ts';
import { BLOCKING_OFFER_STATUSES, isBlockingOfferStatus } from './offers.ts';
import { LOAN_STATUS as L } from './servicing.ts';

const ALL_STATUSES = Object.values(L);
const DAYS = 7;

describe('which loans block a new request', () => {
  it('the server blocks on 0, 1, 3, 5, 8 and the collections stages 9, 10, 11', () => {
    expect(REQUEST_BLOCKING_LOAN_STATUSES).toEqual([
      L.sent,
      L.taken,
      L.paying,
      L.approved,
      L.late,
      L.bailiff,
      L.court,
      L.preTrial,
    ]);
    expect(ALL_STATUSES.filter((s) => blocksNewRequest(s))).toEqual([0, 1, 3, 5, 8, 9, 10, 11]);
    expect(ALL_STATUSES.filter((s) => !blocksNewRequest(s))).toEqual([
      L.rejected,
      L.paid,
      L.offerAwaitingPayment,
      L.expired,
    ]);
  });

  it('the tiles keep the SPEC list, which the server list contains', () => {
    expect(BLOCKING_OFFER_STATUSES).toEqual([0, 1, 3, 5, 8]);
    for (const status of ALL_STATUSES) {
      if (isBlockingOfferStatus(status)) expect(blocksNewRequest(status)).toBe(true);
    }
    for (const stage of [L.bailiff, L.court, L.preTrial]) {
      expect([isBlockingOfferStatus(stage), blocksNewRequest(stage)]).toEqual([false, true]);
    }
  });

  it.each<[number | string, boolean]>([
    ['10', true],
    [' 9 ', true],
    ['11', true],
    ['7', false],
    ['x', false],
    [10.5, false],
  ])('status %j blocks on the server: %s', (status, blocks) => {
    expect(blocksNewRequest(status)).toBe(blocks);
  });

  it('finds a blocking loan among a borrower’s loans', () => {
    expect(hasRequestBlockingLoan([])).toBe(false);
    expect(hasRequestBlockingLoan([{ status: L.paid }, { status: L.expired }, { status: L.rejected }])).toBe(
      false,
    );
    expect(hasRequestBlockingLoan([{ status: L.paid }, { status: L.court }])).toBe(true);
  });
});

describe('offer expiry', () => {
  const loan = (status: number, approvedOn: string | null = null): LoanExpiryFacts => ({
    status,
    requestedOn: '2026-11-22',
    approvedOn,
  });

  it('requests not yet disbursed expire: 0, 1, 5', () => {
    expect(EXPIRABLE_LOAN_STATUSES).toEqual([L.sent, L.taken, L.approved]);
  });

  it('waiting for an analyst (0, 1): OFFER_EXPIRY_DAYS after the request', () => {
    expect(offerExpiryDate(loan(L.sent), DAYS)).toBe('2026-11-29');
    expect(offerExpiryDate(loan(L.taken), DAYS)).toBe('2026-11-29');
    expect(isOfferExpiredOn(loan(L.taken), '2026-11-29', DAYS)).toBe(false);
    expect(isOfferExpiredOn(loan(L.taken), '2026-11-30', DAYS)).toBe(true);
  });

  it('approved (5): OFFER_EXPIRY_DAYS after the approval, not the request', () => {
    // Requested on 22 November, approved 6 days later: good until 5 December, expired on the 6th.
    const approved = loan(L.approved, '2026-11-28');
    expect(offerExpiryDate(approved, DAYS)).toBe('2026-12-05');
    expect(isOfferExpiredOn(approved, '2026-11-30', DAYS)).toBe(false);
    expect(isOfferExpiredOn(approved, '2026-12-05', DAYS)).toBe(false);
    expect(isOfferExpiredOn(approved, '2026-12-06', DAYS)).toBe(true);
    // Approved the day of the request: as before.
    expect(offerExpiryDate(loan(L.approved, '2026-11-22'), DAYS)).toBe('2026-11-29');
  });

  it('crosses months and years in business dates', () => {
    expect(offerExpiryDate(loan(L.approved, '2026-12-28'), DAYS)).toBe('2027-01-04');
    expect(offerExpiryDate({ ...loan(L.sent), requestedOn: '2027-02-25' }, DAYS)).toBe('2027-03-04');
  });

  it('follows OFFER_EXPIRY_DAYS', () => {
    expect(offerExpiryDate(loan(L.approved, '2026-11-28'), 1)).toBe('2026-11-29');
    expect(offerExpiryDate(loan(L.sent), 0)).toBe('2026-11-22');
    expect(() => offerExpiryDate(loan(L.sent), -1)).toThrow(RangeError);
    expect(() => offerExpiryDate(loan(L.sent), 1.5)).toThrow(RangeError);
  });

  it('an expired loan (7) keeps the date it had: from its approval, or from its request', () => {
    expect(offerExpiryDate(loan(L.expired, '2026-11-28'), DAYS)).toBe('2026-12-05');
    expect(offerExpiryDate(loan(L.expired), DAYS)).toBe('2026-11-29');
  });

  it('nothing else expires', () => {
    for (const status of [L.rejected, L.paying, L.paid, L.late, L.bailiff, L.court, L.preTrial]) {
      expect(offerExpiryDate(loan(status, '2026-11-22'), DAYS)).toBeNull();
      expect(isOfferExpiredOn(loan(status, '2026-11-22'), '2027-06-01', DAYS)).toBe(false);
    }
    // Already expired: not expired again.
    expect(isOfferExpiredOn(loan(L.expired, '2026-11-22'), '2027-06-01', DAYS)).toBe(false);
  });
});

describe('a disbursement recorded after the expiry', () => {
  const expired: LoanExpiryFacts = { status: L.expired, requestedOn: '2026-11-22', approvedOn: '2026-11-28' };

  it('is accepted when the money went out on or before the expiry date', () => {
    expect(mayDisburseExpiredLoan(expired, '2026-11-28', DAYS)).toBe(true);
    expect(mayDisburseExpiredLoan(expired, '2026-12-05', DAYS)).toBe(true);
  });

  it('is refused when the money went out after it', () => {
    expect(mayDisburseExpiredLoan(expired, '2026-12-06', DAYS)).toBe(false);
  });

  it('is refused for a request that expired before an approval, and for a loan not expired', () => {
    expect(mayDisburseExpiredLoan({ ...expired, approvedOn: null }, '2026-11-23', DAYS)).toBe(false);
    for (const status of [L.approved, L.rejected, L.paying, L.sent]) {
      expect(mayDisburseExpiredLoan({ ...expired, status }, '2026-11-28', DAYS)).toBe(false);
    }
  });
});
