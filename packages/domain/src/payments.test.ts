import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocatePayment,
  canonicalReference,
  componentDueCents,
  instalmentRemainingCents,
  isPaymentApplicationOpen,
  PAYMENT_COMPONENTS,
  paymentHoursStart,
  paymentSplitText,
  receiptApprovalReasonLabel,
  receiptApprovalReasons,
  RECEIPT_APPROVAL_REASONS,
  type InstalmentAmounts,
  type ReceiptValidationFacts,
} from './payments.ts';

const instalment = (over: Partial<InstalmentAmounts> = {}): InstalmentAmounts => ({
  lateFeeCents: 0,
  lateFeeCoveredCents: 0,
  penaltyFeeCents: 0,
  penaltyCoveredCents: 0,
  chargeCents: 5_000,
  chargeCoveredCents: 0,
  administratorFeeCents: 5_000,
  administratorFeeCoveredCents: 0,
  amountCents: 31_721,
  amountCoveredCents: 0,
  ...over,
});

describe('allocatePayment', () => {
  it('covers the late fee, then interest, then the fee, then principal, oldest instalment first', () => {
    const schedule = [
      instalment({ lateFeeCents: 1_500 }),
      instalment({ chargeCents: 3_414, amountCents: 33_307 }),
      instalment({ chargeCents: 1_749, amountCents: 34_972 }),
    ];
    // The first owes 15 + 50 + 50 + 317.21 = 432.21; 450.00 leaves 17.79 for the second's interest.
    const result = allocatePayment(schedule, 45_000);
    expect(result).toEqual({
      instalments: [
        {
          index: 0,
          covered: { lateFee: 1_500, penalty: 0, charge: 5_000, administratorFee: 5_000, amount: 31_721 },
          coveredCents: 43_221,
          isFullyCovered: true,
        },
        {
          index: 1,
          covered: { lateFee: 0, penalty: 0, charge: 1_779, administratorFee: 0, amount: 0 },
          coveredCents: 1_779,
          isFullyCovered: false,
        },
      ],
      split: { lateFee: 1_500, penalty: 0, charge: 6_779, administratorFee: 5_000, amount: 31_721 },
      appliedCents: 45_000,
      leftoverCents: 0,
      remainingDueCents: 81_663,
    });
  });

  it('starts from what is already covered, and never pays an instalment twice', () => {
    const schedule = [
      instalment({
        chargeCoveredCents: 5_000,
        administratorFeeCoveredCents: 5_000,
        amountCoveredCents: 31_721,
      }),
      instalment({ chargeCoveredCents: 2_000 }),
    ];
    const result = allocatePayment(schedule, 10_000);
    expect(result.instalments).toEqual([
      {
        index: 1,
        covered: { lateFee: 0, penalty: 0, charge: 3_000, administratorFee: 5_000, amount: 2_000 },
        coveredCents: 10_000,
        isFullyCovered: false,
      },
    ]);
  });

  it('applies no more than is due and leaves the rest', () => {
    const result = allocatePayment([instalment()], 50_000);
    expect(result).toMatchObject({ appliedCents: 41_721, leftoverCents: 8_279, remainingDueCents: 0 });
    expect(result.instalments[0]?.isFullyCovered).toBe(true);
  });

  it('with nothing available or nothing due, covers nothing', () => {
    expect(allocatePayment([instalment()], 0)).toMatchObject({ instalments: [], appliedCents: 0 });
    expect(allocatePayment([], 1_000)).toMatchObject({
      instalments: [],
      appliedCents: 0,
      leftoverCents: 1_000,
    });
  });

  it.each([
    [[instalment()], -1],
    [[instalment()], 1.5],
    [[instalment({ chargeCoveredCents: 6_000 })], 100],
    [[instalment({ amountCents: -5 })], 100],
  ])('refuses amounts that are not whole, non-negative centavos or covered above due (%#)', (list, cents) => {
    expect(() => allocatePayment(list, cents)).toThrow(RangeError);
  });

  const component = fc.integer({ min: 0, max: 200_000 });
  const instalmentArb = fc
    .record({
      lateFee: component,
      charge: component,
      administratorFee: component,
      amount: component,
      coveredShare: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
    })
    .map(({ lateFee, charge, administratorFee, amount, coveredShare }) =>
      instalment({
        lateFeeCents: lateFee,
        lateFeeCoveredCents: Math.floor(lateFee * coveredShare[0]!),
        chargeCents: charge,
        chargeCoveredCents: Math.floor(charge * coveredShare[1]!),
        administratorFeeCents: administratorFee,
        administratorFeeCoveredCents: Math.floor(administratorFee * coveredShare[2]!),
        amountCents: amount,
        amountCoveredCents: Math.floor(amount * coveredShare[3]!),
      }),
    );

  it('property: the covered parts add up to the money applied, never above what is due, in order', () => {
    fc.assert(
      fc.property(
        fc.array(instalmentArb, { maxLength: 12 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (schedule, available) => {
          const result = allocatePayment(schedule, available);
          const totalDue = schedule.reduce((sum, i) => sum + instalmentRemainingCents(i), 0);

          // Exactly the money applied: what is available, up to what is due.
          expect(result.appliedCents).toBe(Math.min(available, totalDue));
          expect(result.leftoverCents).toBe(available - result.appliedCents);
          expect(result.remainingDueCents).toBe(totalDue - result.appliedCents);
          const coveredSum = result.instalments.reduce(
            (sum, a) => sum + PAYMENT_COMPONENTS.reduce((s, c) => s + a.covered[c], 0),
            0,
          );
          expect(coveredSum).toBe(result.appliedCents);
          expect(PAYMENT_COMPONENTS.reduce((s, c) => s + result.split[c], 0)).toBe(result.appliedCents);

          const byIndex = new Map(result.instalments.map((a) => [a.index, a]));
          let reachedUnpaid = false;
          schedule.forEach((inst, index) => {
            const allocation = byIndex.get(index);
            // An instalment after one left unpaid gets nothing (oldest first).
            if (reachedUnpaid) expect(allocation).toBeUndefined();
            let componentLeftUnpaid = false;
            for (const c of PAYMENT_COMPONENTS) {
              const due = componentDueCents(inst, c);
              const paid = allocation?.covered[c] ?? 0;
              // Never above what is due, never negative.
              expect(paid).toBeGreaterThanOrEqual(0);
              expect(paid).toBeLessThanOrEqual(due);
              // Within an instalment: late fee, interest, fee, principal.
              if (componentLeftUnpaid) expect(paid).toBe(0);
              if (paid < due) componentLeftUnpaid = true;
            }
            if (allocation) expect(allocation.isFullyCovered).toBe(!componentLeftUnpaid);
            if (componentLeftUnpaid) reachedUnpaid = true;
          });
        },
      ),
    );
  });
});

describe('payment hours', () => {
  it.each([
    ['2026-11-22T13:59:59Z', false], // 07:59:59 Tegucigalpa
    ['2026-11-22T14:00:00Z', true], // 08:00
    ['2026-11-23T01:59:59Z', true], // 19:59:59
    ['2026-11-23T02:00:00Z', false], // 20:00
    ['2026-11-23T05:30:00Z', false], // 23:30
  ])('at %s money is applied at once: %s', (at, open) => {
    expect(isPaymentApplicationOpen(new Date(at))).toBe(open);
  });

  it('a business date opens at 8:00 Tegucigalpa (14:00 UTC)', () => {
    expect(paymentHoursStart('2026-11-23').toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(isPaymentApplicationOpen(paymentHoursStart('2026-12-31'))).toBe(true);
    expect(() => paymentHoursStart('2026-02-30')).toThrow(RangeError);
  });
});

describe('paymentSplitText', () => {
  it('names every part with its amount in the L 0,0.00 format', () => {
    expect(
      paymentSplitText({ lateFee: 0, penalty: 0, charge: 5_000, administratorFee: 5_000, amount: 131_721 }),
    ).toBe('recargo por mora L 0.00, intereses L 50.00, gastos administrativos L 50.00 y capital L 1,317.21');
  });
  it('names the default interest only when the split has some', () => {
    expect(
      paymentSplitText({ lateFee: 5_000, penalty: 1_234, charge: 0, administratorFee: 0, amount: 100 }),
    ).toBe(
      'recargo por mora L 50.00, interés moratorio L 12.34, intereses L 0.00, gastos administrativos L 0.00 y capital L 1.00',
    );
  });
  it('covers the default interest right after the late fee, before the interest', () => {
    const a = allocatePayment([instalment({ lateFeeCents: 5_000, penaltyFeeCents: 700 })], 6_000);
    expect(a.split).toEqual({ lateFee: 5_000, penalty: 700, charge: 300, administratorFee: 0, amount: 0 });
  });
});

describe('canonicalReference', () => {
  it.each([
    ['778899', '778899'],
    ['778899.', '778899'],
    ['0778899', '778899'],
    ['ab-12 c', 'AB12C'],
    ['000', '0'],
    ['.-/', ''],
  ])('%j is %j', (typed, canonical) => {
    expect(canonicalReference(typed)).toBe(canonical);
  });
});

describe('receiptApprovalReasons (issue 31: the second pair of eyes)', () => {
  const facts = (over: Partial<ReceiptValidationFacts> = {}): ReceiptValidationFacts => ({
    declaredCents: 41_721,
    receivedCents: 41_721,
    payoffLeftCents: 105_000,
    thresholdCents: 500_000,
    isPossibleDuplicate: false,
    mayValidateDuplicate: false,
    ...over,
  });

  it('the declared amount, within the payoff and the threshold, not a duplicate: none', () => {
    expect(receiptApprovalReasons(facts())).toEqual([]);
    // Exactly the payoff, exactly the threshold: not above either.
    expect(
      receiptApprovalReasons(
        facts({ declaredCents: 105_000, receivedCents: 105_000, thresholdCents: 105_000 }),
      ),
    ).toEqual([]);
  });

  it('names each reason that holds, in their order', () => {
    expect(receiptApprovalReasons(facts({ receivedCents: 41_720 }))).toEqual(['amount_differs']);
    expect(receiptApprovalReasons(facts({ declaredCents: 105_001, receivedCents: 105_001 }))).toEqual([
      'above_payoff',
    ]);
    expect(
      receiptApprovalReasons(
        facts({ declaredCents: 600_000, receivedCents: 500_001, payoffLeftCents: 1_000_000 }),
      ),
    ).toEqual(['amount_differs', 'above_threshold']);
    expect(
      receiptApprovalReasons(
        facts({ declaredCents: 1, receivedCents: 900_000, payoffLeftCents: 0, isPossibleDuplicate: true }),
      ),
    ).toEqual([...RECEIPT_APPROVAL_REASONS]);
  });

  it('a possible duplicate waits only for someone who may not judge it alone', () => {
    expect(receiptApprovalReasons(facts({ isPossibleDuplicate: true }))).toEqual(['duplicate']);
    expect(receiptApprovalReasons(facts({ isPossibleDuplicate: true, mayValidateDuplicate: true }))).toEqual(
      [],
    );
    // The money reasons hold whoever validates.
    expect(
      receiptApprovalReasons(
        facts({ receivedCents: 50_000, isPossibleDuplicate: true, mayValidateDuplicate: true }),
      ),
    ).toEqual(['amount_differs']);
  });

  it('a loan with no payoff is never above it', () => {
    expect(receiptApprovalReasons(facts({ payoffLeftCents: null }))).toEqual([]);
  });

  it('refuses amounts that are not whole centavos', () => {
    expect(() => receiptApprovalReasons(facts({ receivedCents: 1.5 }))).toThrow(RangeError);
    expect(() => receiptApprovalReasons(facts({ payoffLeftCents: -1 }))).toThrow(RangeError);
  });

  it('property: the reasons are exactly the rules that hold', () => {
    fc.assert(
      fc.property(
        fc.nat(2_000_000),
        fc.nat(2_000_000),
        fc.option(fc.nat(2_000_000)),
        fc.nat(2_000_000),
        fc.boolean(),
        fc.boolean(),
        (declaredCents, receivedCents, payoffLeftCents, thresholdCents, dup, may) => {
          const reasons = receiptApprovalReasons({
            declaredCents,
            receivedCents,
            payoffLeftCents,
            thresholdCents,
            isPossibleDuplicate: dup,
            mayValidateDuplicate: may,
          });
          expect(reasons.includes('amount_differs')).toBe(declaredCents !== receivedCents);
          expect(reasons.includes('above_payoff')).toBe(
            payoffLeftCents !== null && receivedCents > payoffLeftCents,
          );
          expect(reasons.includes('above_threshold')).toBe(receivedCents > thresholdCents);
          expect(reasons.includes('duplicate')).toBe(dup && !may);
        },
      ),
    );
  });

  it('labels', () => {
    expect(RECEIPT_APPROVAL_REASONS.map((r) => receiptApprovalReasonLabel(r, 500_000))).toEqual([
      'El monto recibido difiere del declarado',
      'Supera lo necesario para liquidar el préstamo',
      'Supera L 5,000.00',
      'Posible duplicado',
    ]);
  });
});
