/** SPEC section 4, loan plan and history: which loan, which instalment, and what is paid. */
import { hasStatus } from './labels.ts';
import { toCents } from './money.ts';

/** Without a loan id, the plan shows the first loan with one of these statuses. */
export const PLAN_LOAN_STATUSES: readonly number[] = [3, 1, 8, 5];
/** Instalment statuses that count as paid. */
export const PAID_INSTALMENT_STATUSES: readonly number[] = [1, 6];
/** Loan statuses that history shows greyed and not clickable (rejected, paid). */
export const NON_NAVIGABLE_LOAN_STATUSES: readonly number[] = [2, 4];

/** The loan the plan screen shows: the one whose `container_id` matches, else the first active one. */
export function selectPlanLoan<T extends { container_id: number | string; status: number | string }>(
  loans: readonly T[],
  containerId?: number | string | null,
): T | undefined {
  if (containerId !== undefined && containerId !== null && String(containerId) !== '') {
    return loans.find((loan) => String(loan.container_id) === String(containerId));
  }
  return loans.find((loan) => hasStatus(PLAN_LOAN_STATUSES, loan.status));
}

export function isInstalmentPaid(status: number | string): boolean {
  return hasStatus(PAID_INSTALMENT_STATUSES, status);
}

/** The instalment a receipt is sent against: the first one not paid. */
export function instalmentToPay<T extends { status: number | string }>(
  instalments: readonly T[],
): T | undefined {
  return instalments.find((instalment) => !isInstalmentPaid(instalment.status));
}

export function paidInstalmentCount(instalments: readonly { status: number | string }[]): number {
  return instalments.filter((instalment) => isInstalmentPaid(instalment.status)).length;
}

/** The progress bar's text, `Pagos n / total`. */
export const paymentsProgressLabel = (paid: number, total: number): string => `Pagos ${paid} / ${total}`;
/** An instalment's position in the list, `Pago i/total`. */
export const instalmentPositionLabel = (position: number, total: number): string =>
  `Pago ${position}/${total}`;

/** The wallet covers the whole debt: the loan is paid and awaits closure. */
export function isLoanAwaitingClosure(walletBalance: number | string, debt: number | string): boolean {
  return toCents(walletBalance) >= toCents(debt);
}

/** History: rejected and paid loans are not clickable. */
export function isHistoryLoanNavigable(status: number | string): boolean {
  return !hasStatus(NON_NAVIGABLE_LOAN_STATUSES, status);
}

/** History lists loans newest first (by `created`, a date or date-time text). */
export function sortNewestFirst<T extends { created: string }>(loans: readonly T[]): T[] {
  return [...loans].sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
}

/** `Préstamo de L. {amount_limit}`, as history titles a loan. */
export const historyLoanTitle = (amountLimit: number | string): string => `Préstamo de L. ${amountLimit}`;
