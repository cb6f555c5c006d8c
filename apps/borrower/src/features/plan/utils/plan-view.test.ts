import { describe, expect, it } from 'vitest';
import { fromWireInstalment } from '@prestamos-hn/contract';
import { planLoanFixture, scheduleFixture as wireScheduleFixture } from '../../../testing/plan-fixtures';
import {
  formatCalendarDate,
  formatLempiras,
  formatTegucigalpaDate,
  planRateLabel,
  planView,
} from './plan-view';

/** The schedule as the plan's call reads it: the domain's instalments. */
const scheduleFixture = (...args: Parameters<typeof wireScheduleFixture>) =>
  wireScheduleFixture(...args).map(fromWireInstalment);

describe('planView', () => {
  const loan = planLoanFixture(12, 3);

  it('counts instalments 1 (Pagado) and 6 (Ultimo Pago) as paid and sends the receipt against the first other one', () => {
    const schedule = scheduleFixture(12, [1, 5, 0]);
    const view = planView(loan, schedule, 0);
    expect(view).toMatchObject({
      paid: 1,
      total: 3,
      isAwaitingClosure: false,
      lastPaymentDate: '2027-02-20',
    });
    expect(view.instalmentToPay?.position).toBe(2);
    expect(planView(loan, scheduleFixture(12, [1, 1, 6]), 0)).toMatchObject({
      paid: 3,
      instalmentToPay: undefined,
    });
  });

  it('is awaiting closure when the wallet covers the whole debt, to the centavo', () => {
    const schedule = scheduleFixture(12, [1, 2, 0]);
    expect(planView(loan, schedule, 1251.63).isAwaitingClosure).toBe(true);
    expect(planView(loan, schedule, 1300).isAwaitingClosure).toBe(true);
    expect(planView(loan, schedule, 1251.62).isAwaitingClosure).toBe(false);
  });

  it('is never awaiting closure with nothing to pay (a rejected or expired request)', () => {
    expect(planView(planLoanFixture(12, 7, { debt: 0 }), [], 0).isAwaitingClosure).toBe(false);
  });

  it("counts the loan's payments before there is a schedule", () => {
    expect(planView(planLoanFixture(12, 0), [], 0)).toMatchObject({
      paid: 0,
      total: 3,
      lastPaymentDate: null,
    });
  });
});

describe('formats', () => {
  it('shows money as L 0,0.00', () => {
    expect(formatLempiras(1251.63)).toBe('L 1,251.63');
    expect(formatLempiras(0)).toBe('L 0.00');
    expect(formatLempiras(12345.5)).toBe('L 12,345.50');
  });

  it('shows calendar dates as dd/mm/yyyy and instants as their date in Honduras', () => {
    expect(formatCalendarDate('2027-02-20')).toBe('20/02/2027');
    // 23 November 02:00 UTC is still 22 November, 20:00 in Tegucigalpa.
    expect(formatTegucigalpaDate('2026-11-23T02:00:00.000Z')).toBe('22/11/2026');
    expect(formatTegucigalpaDate('2026-11-23T06:00:00.000Z')).toBe('23/11/2026');
  });

  it("divides the annual rate by the plan screen's divisors (52.1429, 26.0714, 12), 2 decimals", () => {
    expect(planRateLabel({ interest: 60, period_type: 'mensual' })).toBe('5.00 %');
    // 3.91 / 52.1429 = 0.07498…: 0.07 here, where the calculator's 52.13 gives 0.08.
    expect(planRateLabel({ interest: 3.91, period_type: 'semanal' })).toBe('0.07 %');
    expect(planRateLabel({ interest: 60, period_type: 'quincenal' })).toBe('2.30 %');
  });
});
