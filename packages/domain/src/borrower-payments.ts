/**
 * What happened to a borrower's money (issue 35, point 5): how /plan words a receipt's state, how
 * /historial words what a payment covered, the late fee's own line under a late instalment, and what
 * Inicio says about the next instalment. Pure wording over centavos; the numbers are the server's.
 */
import { isInstalmentPaid } from './loan-plan.ts';
import {
  instalmentRemainingCents,
  lempirasText,
  PAYMENT_COMPONENT_LABELS,
  paymentSplitText,
  type InstalmentAmounts,
  type PaymentSplit,
} from './payments.ts';
import { isLateInstalmentStatus } from './servicing.ts';
import type { IsoDate } from './time.ts';

/**
 * A receipt as its sender sees it: waiting (a cashier's validation still waiting for a second
 * approval is waiting too), validated for the amount credited, rejected with the cashier's reason,
 * or validated and later reversed with the reason the reversal's notice gave.
 */
export type BorrowerReceiptState = 'pending' | 'validated' | 'rejected' | 'reversed';

export interface BorrowerReceiptStatus {
  state: BorrowerReceiptState;
  /** The amount credited (validated and reversed), else null. */
  creditedCents: number | null;
  /** The rejection's or the reversal's reason, else null. */
  reason: string | null;
}

export const RECEIPT_PENDING_TEXT = 'Pendiente de validar';

/**
 * 'Pendiente de validar', 'Validado por L 1,234.50', 'Rechazado: motivo' or 'Revertido: motivo' (a
 * reason missing reads without its colon).
 */
export function receiptStateText(receipt: BorrowerReceiptStatus): string {
  const withReason = (word: string) => (receipt.reason ? `${word}: ${receipt.reason}` : word);
  switch (receipt.state) {
    case 'pending':
      return RECEIPT_PENDING_TEXT;
    case 'validated':
      return receipt.creditedCents === null
        ? 'Validado'
        : `Validado por ${lempirasText(receipt.creditedCents)}`;
    case 'rejected':
      return withReason('Rechazado');
    case 'reversed':
      return withReason('Revertido');
  }
}

/** What one payment covered of one instalment, as the debit's allocation recorded it. */
export interface CoveredInstalment {
  /** The instalment's position in its schedule (1 = the first). */
  position: number;
  covered: PaymentSplit;
}

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One line per instalment covered, its parts worded as the application's SMS words them
 * (`paymentSplitText`): 'Cuota 1: recargo por mora L 0.00, intereses L 50.00, gastos
 * administrativos L 50.00 y capital L 317.21'.
 */
export function paymentCoverageLines(instalments: readonly CoveredInstalment[]): string[] {
  return instalments.map(({ position, covered }) => `Cuota ${position}: ${paymentSplitText(covered)}`);
}

/** 'Recargo por mora: L 100.00' for an instalment charged a late fee (paid or not), else null. */
export function lateFeeLine(instalment: Pick<InstalmentAmounts, 'lateFeeCents'>): string | null {
  return instalment.lateFeeCents > 0
    ? `${capitalised(PAYMENT_COMPONENT_LABELS.lateFee)}: ${lempirasText(instalment.lateFeeCents)}`
    : null;
}

/** What Inicio says about the loan being paid: the instalments late, else the next one; null when nothing is due. */
export type NextInstalmentView =
  | { kind: 'late'; amountDueCents: number; instalments: number }
  | { kind: 'next'; amountDueCents: number; dueDate: IsoDate };

/**
 * From a disbursed loan's schedule (in order): when an instalment is late (3 Atrasado*, 4
 * Atrasado**), what all the late ones still owe; otherwise the first one not paid, what it owes and
 * its due date; null when every instalment is paid (or there are none).
 */
export function nextInstalmentView(
  schedule: readonly (InstalmentAmounts & { status: number; dueDate: IsoDate })[],
): NextInstalmentView | null {
  const late = schedule.filter((item) => isLateInstalmentStatus(item.status));
  if (late.length > 0) {
    return {
      kind: 'late',
      amountDueCents: late.reduce((sum, item) => sum + instalmentRemainingCents(item), 0),
      instalments: late.length,
    };
  }
  const next = schedule.find((item) => !isInstalmentPaid(item.status));
  return next
    ? { kind: 'next', amountDueCents: instalmentRemainingCents(next), dueDate: next.dueDate }
    : null;
}

/** A receipt a borrower sent for a loan, as /plan lists it. */
export interface BorrowerReceipt extends BorrowerReceiptStatus {
  id: number;
  /** When it was first sent (ISO 8601, UTC). */
  sentAt: string;
  reference: string;
  /** 'Monto a Pagar' as typed. */
  declaredCents: number;
}

/** Money applied to a loan's instalments (a debit of the wallet), as /historial lists it. */
export interface BorrowerPayment {
  id: number;
  /** The Tegucigalpa business date it was applied on. */
  businessDate: IsoDate;
  amountCents: number;
  /** Undone since (a reversed receipt uncovers what it paid). */
  reversed: boolean;
  instalments: CoveredInstalment[];
}
