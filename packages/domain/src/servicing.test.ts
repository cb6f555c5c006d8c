import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCKING_OFFER_STATUSES } from './offers.ts';
import { addDays } from './time.ts';
import { INSTALMENT_STATUS_LABELS, LOAN_STATUS_LABELS } from './labels.ts';
import { NON_NAVIGABLE_LOAN_STATUSES, PAID_INSTALMENT_STATUSES, PLAN_LOAN_STATUSES } from './loan-plan.ts';
import {
  INSTALMENT_LAST_PAID_STATUS,
  INSTALMENT_PAID_STATUS,
  LOAN_PAID_STATUS,
  PAYABLE_LOAN_STATUSES,
} from './payments.ts';
import {
  arrearsBucket,
  daysLate,
  dueDatesCrossingThresholds,
  INSTALMENT_STATUS,
  isInArrears,
  strictArrearsTerms,
  type ArrearsTerms,
  instalmentStatus,
  isLateInstalmentStatus,
  LATE_INSTALMENT_STATUSES,
  lateFeeToCharge,
  LOAN_STATUS,
  loanStatusAfterRun,
  reminderDue,
  reminderDueDate,
  remindersToSend,
  scheduleStatuses,
  type ServicedInstalment,
} from './servicing.ts';

/** A schedule of `n` weekly instalments of L 100 from `first`, nothing covered. */
function schedule(n: number, dueDates: string[]): ServicedInstalment[] {
  return Array.from({ length: n }, (_, k) => ({
    position: k + 1,
    dueDate: dueDates[k]!,
    lateFeeCents: 0,
    lateFeeCoveredCents: 0,
    penaltyFeeCents: 0,
    penaltyCoveredCents: 0,
    chargeCents: 1000,
    chargeCoveredCents: 0,
    administratorFeeCents: 500,
    administratorFeeCoveredCents: 0,
    amountCents: 8500,
    amountCoveredCents: 0,
  }));
}
const paid = (i: ServicedInstalment): ServicedInstalment => ({
  ...i,
  chargeCoveredCents: i.chargeCents,
  administratorFeeCoveredCents: i.administratorFeeCents,
  amountCoveredCents: i.amountCents,
  lateFeeCoveredCents: i.lateFeeCents,
});
const dates = ['2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28'];

describe('scheduleStatuses', () => {
  it('before the first due date: 5 Pago Actual, 2 Pago próximo, then 0 Pendiente', () => {
    expect(scheduleStatuses('2026-11-30', schedule(4, dates))).toEqual([5, 2, 0, 0]);
  });

  it('on the due date the instalment is still Pago Actual, the day after it is 3 Atrasado*', () => {
    const s = schedule(4, dates);
    expect(scheduleStatuses('2026-12-07', s)).toEqual([5, 2, 0, 0]);
    expect(scheduleStatuses('2026-12-08', s)).toEqual([3, 5, 2, 0]);
  });

  it('30 days late is Atrasado*, 31 days Atrasado**', () => {
    const s = schedule(1, ['2026-12-07']);
    expect(scheduleStatuses('2027-01-06', s)).toEqual([3]);
    expect(scheduleStatuses('2027-01-07', s)).toEqual([4]);
  });

  it('covered instalments are 1 Pagado and the final one 6 Ultimo Pago, whatever the date', () => {
    const s = schedule(4, dates).map(paid);
    expect(scheduleStatuses('2027-06-01', s)).toEqual([1, 1, 1, 6]);
  });

  it('a partly covered instalment past due is late; after a paid one the next not due is Pago Actual', () => {
    const s = schedule(4, dates);
    s[0] = paid(s[0]!);
    s[1] = { ...s[1]!, amountCoveredCents: 100 };
    expect(scheduleStatuses('2026-12-15', s)).toEqual([1, 3, 5, 2]);
  });

  it('instalmentStatus answers one instalment of its schedule', () => {
    const s = schedule(4, dates);
    expect(instalmentStatus('2026-12-08', s[2]!, s)).toBe(2);
    expect(() => instalmentStatus('2026-12-08', { ...s[0]!, position: 9 }, s)).toThrow(RangeError);
  });
});

describe('lateFeeToCharge', () => {
  const [first] = schedule(1, ['2026-12-07']);
  const strict = strictArrearsTerms(5000);
  const seeded: ArrearsTerms = { lateFeeCents: 5000, graceDays: 1, arrearsToleranceCents: 100 };
  it('without grace, charges the loan fee once, from the first day late', () => {
    expect(lateFeeToCharge('2026-12-07', first!, strict)).toBe(0);
    expect(lateFeeToCharge('2026-12-08', first!, strict)).toBe(5000);
    expect(lateFeeToCharge('2026-12-20', { ...first!, lateFeeCents: 5000 }, strict)).toBe(0);
  });
  it('charges nothing when covered or when the product has no fee', () => {
    expect(lateFeeToCharge('2026-12-08', paid(first!), strict)).toBe(0);
    expect(lateFeeToCharge('2026-12-08', first!, strictArrearsTerms(0))).toBe(0);
  });
  it('waits the grace days: one day of grace charges on the second day late', () => {
    expect(lateFeeToCharge('2026-12-08', first!, seeded)).toBe(0);
    expect(lateFeeToCharge('2026-12-09', first!, seeded)).toBe(5000);
  });
  it('charges nothing to an instalment short by no more than the tolerance', () => {
    const short = (cents: number) => ({ ...paid(first!), amountCoveredCents: first!.amountCents - cents });
    expect(lateFeeToCharge('2026-12-20', short(1), seeded)).toBe(0);
    expect(lateFeeToCharge('2026-12-20', short(100), seeded)).toBe(0);
    expect(lateFeeToCharge('2026-12-20', short(101), seeded)).toBe(5000);
  });
  it('never charges twice, even once the first fee was waived (alreadyCharged)', () => {
    expect(lateFeeToCharge('2026-12-20', first!, seeded, true)).toBe(0);
  });
});

describe('arrears tolerance in the statuses', () => {
  it('an instalment one centavo short is not late: it stays the one to pay (5), the next is 2', () => {
    const s = schedule(3, dates);
    const short = { ...paid(s[0]!), amountCoveredCents: s[0]!.amountCents - 1 };
    expect(scheduleStatuses('2026-12-09', [short, s[1]!, s[2]!], 100)).toEqual([5, 2, 0]);
    expect(isInArrears('2026-12-09', short, 100)).toBe(false);
    expect(scheduleStatuses('2026-12-09', [short, s[1]!, s[2]!])).toEqual([3, 5, 2]);
  });
});

describe('loanStatusAfterRun', () => {
  it('3 ↔ 8 with late instalments; 4 and 9-11 stay', () => {
    expect(loanStatusAfterRun(3, [3, 5, 2])).toBe(8);
    expect(loanStatusAfterRun(3, [1, 5, 2])).toBe(3);
    expect(loanStatusAfterRun(8, [1, 5, 2])).toBe(3);
    expect(loanStatusAfterRun(8, [4, 5])).toBe(8);
    expect(loanStatusAfterRun(9, [1, 5])).toBe(9);
    expect(loanStatusAfterRun(4, [1, 6])).toBe(4);
  });
});

describe('reminders', () => {
  it('3 days before, on the day, and 1, 7 and 30 days after', () => {
    expect(reminderDue('2026-12-07', '2026-12-04')).toBe('due-in-3');
    expect(reminderDue('2026-12-07', '2026-12-07')).toBe('due-today');
    expect(reminderDue('2026-12-07', '2026-12-08')).toBe('late-1');
    expect(reminderDue('2026-12-07', '2026-12-14')).toBe('late-7');
    expect(reminderDue('2026-12-07', '2027-01-06')).toBe('late-30');
    expect(reminderDue('2026-12-07', '2026-12-05')).toBeNull();
    expect(reminderDueDate('due-in-3', '2026-12-04')).toBe('2026-12-07');
    expect(reminderDueDate('late-30', '2027-01-06')).toBe('2026-12-07');
  });

  it('are sent on their own day only: a catch-up of past days sends none', () => {
    expect(remindersToSend('2026-12-07', '2026-12-07')).toEqual([
      'due-in-3',
      'due-today',
      'late-1',
      'late-7',
      'late-30',
    ]);
    expect(remindersToSend('2026-12-06', '2026-12-07')).toEqual([]);
    expect(remindersToSend('2026-12-04', '2026-12-07')).toEqual([]);
    expect(remindersToSend('2025-12-07', '2026-12-07')).toEqual([]);
  });
});

describe('arrearsBucket', () => {
  it('1-30, 31-60, 61-90, 90+', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(arrearsBucket)).toEqual([
      null,
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });
});

describe('the named status codes', () => {
  const sorted = (codes: Iterable<number>) => [...codes].sort((a, b) => a - b);

  it('name every code the SPEC labels, each once: loans 0-11, instalments 0-6', () => {
    expect(sorted(Object.values(LOAN_STATUS))).toEqual(sorted(Object.keys(LOAN_STATUS_LABELS).map(Number)));
    expect(sorted(Object.values(INSTALMENT_STATUS))).toEqual(
      sorted(Object.keys(INSTALMENT_STATUS_LABELS).map(Number)),
    );
    expect(LOAN_STATUS_LABELS[LOAN_STATUS.late]).toBe('Atrasado');
    expect(LOAN_STATUS_LABELS[LOAN_STATUS.approved]).toBe('Reunido');
    expect(INSTALMENT_STATUS_LABELS[INSTALMENT_STATUS.current]).toBe('Pago Actual');
    expect(INSTALMENT_STATUS_LABELS[INSTALMENT_STATUS.lastPaid]).toBe('Ultimo Pago');
  });

  it('the other status lists of the domain are these codes', () => {
    const L = LOAN_STATUS;
    const I = INSTALMENT_STATUS;
    expect(PAYABLE_LOAN_STATUSES).toEqual([L.paying, L.late, L.bailiff, L.court, L.preTrial]);
    expect(LOAN_PAID_STATUS).toBe(L.paid);
    expect(PLAN_LOAN_STATUSES).toEqual([L.paying, L.taken, L.late, L.approved]);
    expect(NON_NAVIGABLE_LOAN_STATUSES).toEqual([L.rejected, L.paid]);
    expect(BLOCKING_OFFER_STATUSES).toEqual([L.sent, L.taken, L.paying, L.approved, L.late]);
    expect(PAID_INSTALMENT_STATUSES).toEqual([I.paid, I.lastPaid]);
    expect([INSTALMENT_PAID_STATUS, INSTALMENT_LAST_PAID_STATUS]).toEqual([I.paid, I.lastPaid]);
    expect(LATE_INSTALMENT_STATUSES).toEqual([I.late, I.longLate]);
    expect(sorted(Object.values(I).filter(isLateInstalmentStatus))).toEqual([I.late, I.longLate]);
  });
});

describe('dueDatesCrossingThresholds', () => {
  it('gives, per threshold, the due dates that pass it between the two dates', () => {
    expect(dueDatesCrossingThresholds('2026-11-24', '2026-11-25', [0, 30, 1])).toEqual([
      { from: '2026-10-25', to: '2026-10-25' },
      { from: '2026-11-23', to: '2026-11-23' },
      { from: '2026-11-24', to: '2026-11-24' },
    ]);
    // Three days since the book was last brought up to date: three due dates per threshold.
    expect(dueDatesCrossingThresholds('2026-11-22', '2026-11-25', [0])).toEqual([
      { from: '2026-11-22', to: '2026-11-24' },
    ]);
    expect(dueDatesCrossingThresholds('2026-11-25', '2026-11-25', [0])).toEqual([]);
    expect(dueDatesCrossingThresholds('2026-11-26', '2026-11-25', [0])).toEqual([]);
    expect(() => dueDatesCrossingThresholds('2026-11-24', '2026-11-25', [-1])).toThrow(RangeError);
  });

  it('holds exactly the due dates whose "more than t days late" changes between the dates', () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDays('2026-01-01', n));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 40 }),
        day,
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 4 }),
        (previous, gap, due, thresholds) => {
          const date = addDays(previous, gap);
          const ranges = dueDatesCrossingThresholds(previous, date, thresholds);
          const inRanges = ranges.some((r) => r.from <= due && due <= r.to);
          const changes = thresholds.some((t) => daysLate(due, previous) > t !== daysLate(due, date) > t);
          expect(inRanges).toBe(changes);
        },
      ),
    );
  });
});
