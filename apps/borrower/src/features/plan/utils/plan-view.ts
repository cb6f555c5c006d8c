import type { LoanItem } from '@prestamos-hn/contract';
import {
  formatCents,
  formatMoney,
  instalmentToPay,
  isLoanAwaitingClosure,
  paidInstalmentCount,
  periodRatePercent,
  PERIOD_RATE_DECIMALS,
  toCents,
  todayInTegucigalpa,
  type Instalment,
} from '@prestamos-hn/domain';

/** An amount in lempiras as the screens show money: `L 1,234.50`. */
export function formatLempiras(amount: number): string {
  return `L ${formatMoney(amount)}`;
}

/** Centavos as the screens show money: `L 1,234.50` for 123450. */
export function formatCentsAsLempiras(cents: number): string {
  return `L ${formatCents(cents)}`;
}

/** A calendar date `YYYY-MM-DD` as `dd/mm/yyyy`. */
export function formatCalendarDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** An instant (ISO 8601, e.g. a loan's `created`) as its date in Honduras, `dd/mm/yyyy`. */
export function formatTegucigalpaDate(instant: string): string {
  const time = new Date(instant);
  return Number.isNaN(time.getTime()) ? instant : formatCalendarDate(todayInTegucigalpa(time));
}

/** The interest chip: the annual rate over the plan screen's divisors, in percent with 2 decimals. */
export function planRateLabel(loan: Pick<LoanItem, 'interest' | 'period_type'>): string {
  return `${periodRatePercent(loan.interest, loan.period_type, 'plan').toFixed(PERIOD_RATE_DECIMALS)} %`;
}

/** What the plan screen shows for one loan, from the loan, its schedule and the wallet. */
export interface PlanView {
  paid: number;
  /** The instalments of the schedule, or the loan's number of payments before there is one. */
  total: number;
  /** The wallet covers the whole debt (and there is a debt): paid, waiting to be closed. */
  isAwaitingClosure: boolean;
  /** The last scheduled payment's date, `YYYY-MM-DD`, or null without a schedule. */
  lastPaymentDate: string | null;
  /** The instalment a receipt goes against: the first one not paid. */
  instalmentToPay: Instalment | undefined;
}

export function planView(loan: LoanItem, schedule: readonly Instalment[], walletBalance: number): PlanView {
  const last = schedule.at(-1);
  return {
    paid: paidInstalmentCount(schedule),
    total: schedule.length > 0 ? schedule.length : loan.payments,
    isAwaitingClosure: toCents(loan.debt) > 0 && isLoanAwaitingClosure(walletBalance, loan.debt),
    lastPaymentDate: last ? last.dueDate : null,
    instalmentToPay: instalmentToPay(schedule),
  };
}
