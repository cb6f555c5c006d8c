/**
 * Applying money to instalments (docs/decisions/011-payments.md): validated money pays the oldest
 * instalment first and, within an instalment, the late fee, then the default interest (`penalty`,
 * decision 014), then the interest (`charge`), then the administrative fee, then the principal
 * (`amount`). All in integer centavos.
 */
import { RECEIPT_STATED_HOURS, TEGUCIGALPA_UTC_OFFSET_MINUTES } from './constants.ts';
import { formatCents } from './money.ts';
import { isIsoDate, tegucigalpaDateTime, type IsoDate } from './time.ts';

/**
 * Loans a borrower pays on: 3 Pagando, 8 Atrasado and the collection stages 9 Alguacil, 10 Corte and
 * 11 Recuperación previa al juicio. Receipts are accepted and money is applied only for these.
 */
export const PAYABLE_LOAN_STATUSES: readonly number[] = [3, 8, 9, 10, 11];
/** The loan's status once every instalment is covered. */
export const LOAN_PAID_STATUS = 4;
/** An instalment fully covered: 1 Pagado, and 6 Ultimo Pago for the loan's last one. */
export const INSTALMENT_PAID_STATUS = 1;
export const INSTALMENT_LAST_PAID_STATUS = 6;

export function isLoanPayable(status: number): boolean {
  return PAYABLE_LOAN_STATUSES.includes(status);
}

/** The parts of an instalment money covers, in the order it covers them. */
export const PAYMENT_COMPONENTS = ['lateFee', 'penalty', 'charge', 'administratorFee', 'amount'] as const;
export type PaymentComponent = (typeof PAYMENT_COMPONENTS)[number];

/** Centavos per part: how a payment was split. */
export type PaymentSplit = Record<PaymentComponent, number>;

/** How the borrower reads each part. */
export const PAYMENT_COMPONENT_LABELS: Readonly<Record<PaymentComponent, string>> = {
  lateFee: 'recargo por mora',
  penalty: 'interés moratorio',
  charge: 'intereses',
  administratorFee: 'gastos administrativos',
  amount: 'capital',
};

/** What an instalment owes and has covered, per part, in centavos (the `instalments` row's names). */
export interface InstalmentAmounts {
  lateFeeCents: number;
  lateFeeCoveredCents: number;
  /** Default interest charged after maturity (decision 014), and its covered part. */
  penaltyFeeCents: number;
  penaltyCoveredCents: number;
  chargeCents: number;
  chargeCoveredCents: number;
  administratorFeeCents: number;
  administratorFeeCoveredCents: number;
  amountCents: number;
  amountCoveredCents: number;
}

const DUE_FIELD = {
  lateFee: ['lateFeeCents', 'lateFeeCoveredCents'],
  penalty: ['penaltyFeeCents', 'penaltyCoveredCents'],
  charge: ['chargeCents', 'chargeCoveredCents'],
  administratorFee: ['administratorFeeCents', 'administratorFeeCoveredCents'],
  amount: ['amountCents', 'amountCoveredCents'],
} as const satisfies Record<PaymentComponent, readonly [keyof InstalmentAmounts, keyof InstalmentAmounts]>;

export const emptySplit = (): PaymentSplit => ({
  lateFee: 0,
  penalty: 0,
  charge: 0,
  administratorFee: 0,
  amount: 0,
});

/** The field of `InstalmentAmounts` that says what a part owes, and the one that says what is covered. */
export const componentFields = (
  component: PaymentComponent,
): readonly [keyof InstalmentAmounts, keyof InstalmentAmounts] => DUE_FIELD[component];

function requireCents(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole, non-negative number of centavos: ${value}`);
  }
  return value;
}

/** What is still due on one part of an instalment. */
export function componentDueCents(instalment: InstalmentAmounts, component: PaymentComponent): number {
  const [dueField, coveredField] = DUE_FIELD[component];
  const due = requireCents(instalment[dueField], dueField);
  const covered = requireCents(instalment[coveredField], coveredField);
  if (covered > due) throw new RangeError(`${coveredField} (${covered}) is above ${dueField} (${due})`);
  return due - covered;
}

/**
 * What is still due on an instalment (SPEC section 9: late fee + interest + fee + principal, minus the
 * covered parts; plus the default interest after maturity, decision 014).
 */
export function instalmentRemainingCents(instalment: InstalmentAmounts): number {
  return PAYMENT_COMPONENTS.reduce((sum, c) => sum + componentDueCents(instalment, c), 0);
}

export interface InstalmentAllocation {
  /** The instalment's index in the list given. */
  index: number;
  /** Centavos this payment covers, per part. */
  covered: PaymentSplit;
  /** Centavos this payment covers in all. */
  coveredCents: number;
  /** Nothing is due on the instalment any more. */
  isFullyCovered: boolean;
}

export interface PaymentAllocation {
  /** Only the instalments that receive money, oldest first. */
  instalments: InstalmentAllocation[];
  /** The total split across instalments. */
  split: PaymentSplit;
  /** Centavos applied: the smaller of what is available and what is due. */
  appliedCents: number;
  /** Centavos left over (more money than debt): they stay in the wallet. */
  leftoverCents: number;
  /** What the instalments still owe after this payment. */
  remainingDueCents: number;
}

/**
 * Splits `availableCents` over `instalments`, given oldest first: each instalment is covered in full
 * before the next gets anything, and within one the late fee, the interest, the administrative fee and
 * the principal, in that order. Pure: the caller writes the result.
 */
export function allocatePayment(
  instalments: readonly InstalmentAmounts[],
  availableCents: number,
): PaymentAllocation {
  let left = requireCents(availableCents, 'availableCents');
  const allocations: InstalmentAllocation[] = [];
  const split = emptySplit();
  let remainingDueCents = 0;
  instalments.forEach((instalment, index) => {
    const covered = emptySplit();
    let coveredCents = 0;
    let stillDue = 0;
    for (const component of PAYMENT_COMPONENTS) {
      const due = componentDueCents(instalment, component);
      const paid = Math.min(due, left);
      left -= paid;
      covered[component] = paid;
      split[component] += paid;
      coveredCents += paid;
      stillDue += due - paid;
    }
    remainingDueCents += stillDue;
    if (coveredCents > 0) allocations.push({ index, covered, coveredCents, isFullyCovered: stillDue === 0 });
  });
  return {
    instalments: allocations,
    split,
    appliedCents: availableCents - left,
    leftoverCents: left,
    remainingDueCents,
  };
}

/**
 * Validated money is applied at once from 8:00 to 19:59 Tegucigalpa time (the hours the plan's
 * notice states); money validated later waits for the next day's run.
 */
export function isPaymentApplicationOpen(now: Date): boolean {
  const { hour } = tegucigalpaDateTime(now);
  return hour >= RECEIPT_STATED_HOURS.fromHour && hour < RECEIPT_STATED_HOURS.toHour;
}

/** The instant a business date's payment hours open (8:00 Tegucigalpa, 14:00 UTC). */
export function paymentHoursStart(businessDate: IsoDate): Date {
  if (!isIsoDate(businessDate)) throw new RangeError(`Not a date YYYY-MM-DD: ${businessDate}`);
  const localMidnightAsUtc = new Date(`${businessDate}T00:00:00Z`).getTime();
  return new Date(
    localMidnightAsUtc - TEGUCIGALPA_UTC_OFFSET_MINUTES * 60_000 + RECEIPT_STATED_HOURS.fromHour * 3_600_000,
  );
}

/** `L 1,234.50`, the product's way of writing an amount in a message. */
export const lempirasText = (cents: number): string => `L ${formatCents(cents)}`;

/**
 * 'recargo por mora L 0.00, intereses L 50.00, gastos administrativos L 50.00 y capital L 317.21'; the
 * default interest is named only when the split has some (a split written before it existed has none).
 */
export function paymentSplitText(split: PaymentSplit): string {
  const parts = PAYMENT_COMPONENTS.filter((c) => c !== 'penalty' || (split.penalty ?? 0) > 0).map(
    (c) => `${PAYMENT_COMPONENT_LABELS[c]} ${lempirasText(split[c] ?? 0)}`,
  );
  return `${parts.slice(0, -1).join(', ')} y ${parts[parts.length - 1]}`;
}

/**
 * A receipt's review state: waiting for a cashier, waiting for a second person to confirm the
 * cashier's validation ('Por aprobar', issue 31), validated (money credited), rejected, or reversed
 * (a validation undone by a supervisor: its credit and applications are reversed in the ledger).
 */
export const RECEIPT_STATES = ['pending', 'awaiting_approval', 'validated', 'rejected', 'reversed'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

export const RECEIPT_STATE_LABELS: Readonly<Record<ReceiptState, string>> = {
  pending: 'Pendiente',
  awaiting_approval: 'Por aprobar',
  validated: 'Validado',
  rejected: 'Rechazado',
  reversed: 'Revertido',
};

/** Where forwarding a receipt to the payment partner stands. */
export const RECEIPT_FORWARD_STATUSES = ['pending', 'sent', 'refused', 'failed'] as const;
export type ReceiptForwardStatus = (typeof RECEIPT_FORWARD_STATUSES)[number];

export const RECEIPT_FORWARD_STATUS_LABELS: Readonly<Record<ReceiptForwardStatus, string>> = {
  pending: 'Por enviar al socio de pagos',
  sent: 'Enviado al socio de pagos',
  refused: 'El socio de pagos no lo aceptó',
  failed: 'No se pudo enviar al socio de pagos',
};

/**
 * A deposit's reference as the bank knows it (issue 31 point 2): upper case, letters and digits only,
 * leading zeros dropped, so `778899`, `778899.` and `0778899` are one deposit. A reference of zeros
 * alone is '0'; one with no letter or digit at all is ''. The database keeps it beside what the
 * borrower typed and makes it unique per bank among validated receipts.
 */
export function canonicalReference(reference: string): string {
  const kept = reference.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (kept === '') return '';
  return kept.replace(/^0+/, '') || '0';
}

/**
 * Why a cashier's validation waits as 'Por aprobar' for a second person with `receipts.approve`
 * (issue 31 point 3): the amount received differs from the declared one, it is more than what pays
 * the loan off, it is above the second-approval threshold, or the receipt is a possible duplicate
 * (another receipt, not rejected, with the same canonical reference at the same bank or the same
 * photo) and the person validating may not validate one alone.
 */
export const RECEIPT_APPROVAL_REASONS = [
  'amount_differs',
  'above_payoff',
  'above_threshold',
  'duplicate',
] as const;
export type ReceiptApprovalReason = (typeof RECEIPT_APPROVAL_REASONS)[number];

/** `RECEIPT_SECOND_APPROVAL_CENTS`'s default: L 5,000.00. */
export const RECEIPT_SECOND_APPROVAL_DEFAULT_CENTS = 500_000;

export function isReceiptApprovalReason(value: unknown): value is ReceiptApprovalReason {
  return typeof value === 'string' && (RECEIPT_APPROVAL_REASONS as readonly string[]).includes(value);
}

/** How staff read a reason; the threshold's names its amount ('Supera L 5,000.00'). */
export function receiptApprovalReasonLabel(reason: ReceiptApprovalReason, thresholdCents: number): string {
  switch (reason) {
    case 'amount_differs':
      return 'El monto recibido difiere del declarado';
    case 'above_payoff':
      return 'Supera lo necesario para liquidar el préstamo';
    case 'above_threshold':
      return `Supera ${lempirasText(thresholdCents)}`;
    case 'duplicate':
      return 'Posible duplicado';
  }
}

export interface ReceiptValidationFacts {
  /** 'Monto a Pagar' as the borrower declared it. */
  declaredCents: number;
  /** What the cashier found at the bank. */
  receivedCents: number;
  /**
   * What still pays the loan off as of the money's value date: the payoff quote less the validated
   * money already waiting in the loan's wallet (never below 0); null for a loan with no payoff.
   */
  payoffLeftCents: number | null;
  /** `RECEIPT_SECOND_APPROVAL_CENTS`. */
  thresholdCents: number;
  /** Another receipt (not rejected) has the same canonical reference at the same bank, or the same photo. */
  isPossibleDuplicate: boolean;
  /** The person validating holds `receipts.approve`: a possible duplicate is theirs to judge. */
  mayValidateDuplicate: boolean;
}

/**
 * The reasons a validation needs a second person, in `RECEIPT_APPROVAL_REASONS` order; none means
 * it goes through at once. The amount, payoff and threshold reasons hold whoever validates (a
 * supervisor's own validation waits for another supervisor too: maker-checker); a possible
 * duplicate only when the person validating may not judge one alone.
 */
export function receiptApprovalReasons(facts: ReceiptValidationFacts): ReceiptApprovalReason[] {
  for (const [name, value] of [
    ['declaredCents', facts.declaredCents],
    ['receivedCents', facts.receivedCents],
    ['thresholdCents', facts.thresholdCents],
    ['payoffLeftCents', facts.payoffLeftCents ?? 0],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${name} must be a whole, non-negative number of centavos: ${value}`);
    }
  }
  const reasons: ReceiptApprovalReason[] = [];
  if (facts.receivedCents !== facts.declaredCents) reasons.push('amount_differs');
  if (facts.payoffLeftCents !== null && facts.receivedCents > facts.payoffLeftCents) {
    reasons.push('above_payoff');
  }
  if (facts.receivedCents > facts.thresholdCents) reasons.push('above_threshold');
  if (facts.isPossibleDuplicate && !facts.mayValidateDuplicate) reasons.push('duplicate');
  return reasons;
}
