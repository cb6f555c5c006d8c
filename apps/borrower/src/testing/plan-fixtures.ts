import type { LoanItem, ScheduleItem } from '@prestamos-hn/contract';
import { loanFixture } from './loan-fixtures';

// Answers of the plan calls, typed by the contract, for the unit tests of the plan feature. They
// hold data only: no rule of the server is re-implemented here.

/**
 * A loan as getCustomerOfferList.php lists it: the offer list's L 1,000.00 monthly at 60 % a year, three
 * payments (loanFixture), requested on 22 November 2026, with its contract and L 1,251.63 to pay.
 */
export function planLoanFixture(
  containerId: number,
  status: number,
  changes: Partial<LoanItem> = {},
): LoanItem {
  return loanFixture(containerId, status, {
    debt: 1251.63,
    created: '2026-11-22T16:00:00.000Z',
    contract_content: '<h1>Contrato de préstamo</h1><p>KARLA PATRICIA MARTINEZ REYES</p>',
    ...changes,
  });
}

/** One instalment of that loan (L 417.21: interest, administrative fee and principal), nothing covered. */
export function instalmentFixture(
  containerId: number,
  position: number,
  scheduleDate: string,
  status: number,
  changes: Partial<ScheduleItem> = {},
): ScheduleItem {
  return {
    id: containerId * 100 + position,
    container_id: containerId,
    schedule_position: position,
    schedule_date: scheduleDate,
    status,
    charge: 50,
    charge_covered: 0,
    administrator_fee: 50,
    administrator_fee_covered: 0,
    amount: 317.21,
    amount_covered: 0,
    late_fee: 0,
    late_fee_covered: 0,
    penalty_fee: 0,
    penalty_covered: 0,
    ...changes,
  };
}

/** The three monthly instalments of a loan disbursed on 22 November 2026, with these statuses. */
export function scheduleFixture(
  containerId: number,
  statuses: readonly [number, number, number],
): ScheduleItem[] {
  return ['2026-12-22', '2027-01-21', '2027-02-20'].map((date, index) =>
    instalmentFixture(containerId, index + 1, date, statuses[index]!),
  );
}
