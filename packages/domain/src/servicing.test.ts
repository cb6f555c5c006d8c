import { describe, expect, it } from 'vitest';
import {
  arrearsBucket,
  instalmentStatus,
  lateFeeToCharge,
  loanStatusAfterRun,
  reminderDue,
  reminderDueDate,
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
  it('charges the loan fee once, from the first day late', () => {
    expect(lateFeeToCharge('2026-12-07', first!, 5000)).toBe(0);
    expect(lateFeeToCharge('2026-12-08', first!, 5000)).toBe(5000);
    expect(lateFeeToCharge('2026-12-20', { ...first!, lateFeeCents: 5000 }, 5000)).toBe(0);
  });
  it('charges nothing when covered or when the product has no fee', () => {
    expect(lateFeeToCharge('2026-12-08', paid(first!), 5000)).toBe(0);
    expect(lateFeeToCharge('2026-12-08', first!, 0)).toBe(0);
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
