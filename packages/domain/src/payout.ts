/**
 * The money that goes out (issue 31 points 1, 3 and 4): the account a loan is paid into, who may
 * record its disbursement, and when a disbursement may be undone. Pure rules; the API applies them
 * inside its transactions.
 */
import { hasStatus } from './labels.ts';
import { PAYABLE_LOAN_STATUSES } from './payments.ts';
import { LOAN_STATUS } from './servicing.ts';

/**
 * The loans during which the bank account cannot change: a request waiting for an analyst or for its
 * disbursement (0 Enviado, 1 Reuniendo, 5 Reunido). The contract accepted with the request names the
 * account the money goes to; a change now would pay someone else's account, or make the contract
 * and the payout disagree.
 */
export const BANK_ACCOUNT_LOCKING_LOAN_STATUSES: readonly number[] = [
  LOAN_STATUS.sent,
  LOAN_STATUS.taken,
  LOAN_STATUS.approved,
];

export const BANK_ACCOUNT_LOCKED_MESSAGE =
  'No puedes cambiar tu cuenta bancaria mientras tienes una solicitud de préstamo en trámite: el desembolso se hará a la cuenta que aceptaste con el contrato.';

/** Whether any of a borrower's loans stops a change of the bank account. */
export function isBankAccountLocked(loans: readonly { status: number | string }[]): boolean {
  return loans.some((loan) => hasStatus(BANK_ACCOUNT_LOCKING_LOAN_STATUSES, loan.status));
}

/** The analyst's approval and the disbursement are two people's (issue 31 point 3). */
export const APPROVER_CANNOT_DISBURSE_MESSAGE =
  'Quien aprobó el préstamo no puede registrar su desembolso: otra persona debe hacerlo.';

/**
 * Whether `staffId` may record the disbursement of a loan decided by `decidedByStaffId`: anyone but
 * the person who approved it. (A loan with no recorded decider, from before the back-office, is
 * open to any cashier.)
 */
export function mayRecordDisbursement(loan: { decidedByStaffId: number | null }, staffId: number): boolean {
  return loan.decidedByStaffId === null || loan.decidedByStaffId !== staffId;
}

/** Why a disbursement may not be reversed; null when it may. */
export type DisbursementReversalBlocker = 'notDisbursed' | 'moneyApplied' | 'receiptsWaiting';

/** What the reversal rule reads of a loan and its money. */
export interface DisbursementReversalFacts {
  status: number;
  disbursedOn: string | null;
  /** Entries of the loan's wallet ledger, of any kind (credits, transfers of a credit, debits...). */
  walletEntries: number;
  /** The states of the loan's receipts ('pending', 'awaiting_approval', 'validated', ...). */
  receiptStates: readonly string[];
}

/** Receipts that stand for money the borrower says was sent and a person has yet to decide. */
const UNDECIDED_RECEIPT_STATES: readonly string[] = ['pending', 'awaiting_approval'];
/** Receipts whose money was taken in (a reversed one was, and is in the ledger with its reversal). */
const MONEY_RECEIPT_STATES: readonly string[] = ['validated', 'reversed'];

/**
 * A disbursement may be reversed (the loan back to 5 Reunido, its schedule voided) only while no
 * money has touched the loan: it is disbursed and being paid (3, 8, 9-11), its wallet ledger has no
 * entry at all (no receipt credited, no credit carried in from another loan, nothing applied) and no
 * receipt was validated. A receipt waiting for a cashier or a second approval is money the borrower
 * says they sent: it is decided first, so that nobody's payment is left against a voided schedule.
 */
export function disbursementReversalBlocker(
  facts: DisbursementReversalFacts,
): DisbursementReversalBlocker | null {
  if (facts.disbursedOn === null || !hasStatus(PAYABLE_LOAN_STATUSES, facts.status)) return 'notDisbursed';
  if (facts.walletEntries > 0 || facts.receiptStates.some((s) => MONEY_RECEIPT_STATES.includes(s))) {
    return 'moneyApplied';
  }
  if (facts.receiptStates.some((s) => UNDECIDED_RECEIPT_STATES.includes(s))) return 'receiptsWaiting';
  return null;
}

/** What staff read when a reversal is refused, by its blocker. */
export const DISBURSEMENT_REVERSAL_MESSAGES: Record<DisbursementReversalBlocker, string> = {
  notDisbursed: 'Este préstamo no tiene un desembolso que revertir.',
  moneyApplied:
    'No se puede revertir el desembolso: el préstamo ya recibió dinero (comprobantes validados o saldo aplicado).',
  receiptsWaiting:
    'Este préstamo tiene comprobantes por revisar: valídalos o recházalos antes de revertir el desembolso.',
};

/** The reason a reversal is written with: what staff type, 1 to 500 characters. */
export const DISBURSEMENT_REVERSAL_REASON_MAX = 500;
