/**
 * The cashier's controls on a receipt (issue 31 points 2 and 3), shared by the desk's decision
 * (cashier-desk.ts) and the second approval (receipt-approval.ts): possible duplicates (the same
 * canonical reference at the same bank, or the same photo), a deposit already validated once, the
 * photo the staff member saw, and why a validation waits for a second person.
 */
import {
  can,
  isReceiptApprovalReason,
  RECEIPT_STATE_LABELS,
  receiptApprovalReasonLabel,
  receiptApprovalReasons,
  type ReceiptApprovalReason,
  type ReceiptState,
} from '@prestamos-hn/domain';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { borrowers, receipts } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { conflict } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { loanWalletBalanceCents } from './ledger.ts';
import { borrowerFullName } from './names.ts';
import { quoteLoanPayoff } from './payoff.ts';

type ReceiptRow = typeof receipts.$inferSelect;

/** The refusals of the controls (409s), in Spanish. */
export const receiptControlMessages = {
  photoChanged: 'La foto del comprobante cambió mientras la revisabas: vuelve a abrirla antes de decidir.',
  referenceAlreadyValidated: (otherId: number) =>
    `Ya se validó un depósito con esta referencia en el mismo banco (comprobante #${otherId}): el mismo depósito no se acredita dos veces. Rechaza este comprobante con un motivo para el cliente.`,
  ownValidation: 'No puedes aprobar tu propia validación: otra persona debe confirmarla.',
  notAwaitingApproval: 'Este comprobante ya no espera aprobación: otra persona ya respondió.',
  returnReasonRequired: 'Escribe por qué devuelves la validación: el cajero lo leerá.',
  returnReasonTooLong: 'El motivo de la devolución no puede tener más de 500 caracteres.',
} as const;

/** Another receipt that may be the same deposit. */
export interface ReceiptDuplicate {
  id: number;
  borrowerId: number;
  borrowerName: string;
  loanId: number;
  state: ReceiptState;
  stateLabel: string;
  /** The same canonical reference at the same bank. */
  sameReference: boolean;
  /** The same photo (SHA-256). */
  samePhoto: boolean;
}

/**
 * For each receipt of `ids`, the other receipts (any borrower, any loan) that may be the same
 * deposit: the same canonical reference at the same bank, or the same photo; rejected ones are left
 * out (a person already judged them not to be money), reversed ones are kept (a reversal may have
 * been about this very deposit). Oldest sent first.
 */
export async function duplicatesOf(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, ReceiptDuplicate[]>> {
  const found = new Map<number, ReceiptDuplicate[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return found;
  const other = alias(receipts, 'other_receipt');
  const sameReference = sql<boolean>`(${other.bankCode} = ${receipts.bankCode} and ${other.canonicalReference} = ${receipts.canonicalReference})`;
  const samePhoto = sql<boolean>`(${other.photoSha256} = ${receipts.photoSha256})`;
  const rows = await db
    .select({
      of: receipts.id,
      id: other.id,
      borrowerId: other.borrowerId,
      loanId: other.loanId,
      state: other.state,
      sameReference,
      samePhoto,
      firstName: borrowers.firstName,
      secondName: borrowers.secondName,
      firstSurname: borrowers.firstSurname,
      secondSurname: borrowers.secondSurname,
    })
    .from(receipts)
    .innerJoin(
      other,
      and(
        ne(other.id, receipts.id),
        ne(other.state, 'rejected'),
        or(
          and(
            eq(other.bankCode, receipts.bankCode),
            eq(other.canonicalReference, receipts.canonicalReference),
          ),
          eq(other.photoSha256, receipts.photoSha256),
        ),
      ),
    )
    .innerJoin(borrowers, eq(borrowers.id, other.borrowerId))
    .where(inArray(receipts.id, [...ids]))
    .orderBy(asc(other.sentAt), asc(other.id));
  for (const row of rows) {
    found.get(row.of)?.push({
      id: row.id,
      borrowerId: row.borrowerId,
      borrowerName: borrowerFullName(row),
      loanId: row.loanId,
      state: row.state,
      stateLabel: RECEIPT_STATE_LABELS[row.state],
      sameReference: Boolean(row.sameReference),
      samePhoto: Boolean(row.samePhoto),
    });
  }
  return found;
}

/** 409 when the photo the staff member saw is not the receipt's current one (the borrower re-sent it). */
export function refuseChangedPhoto(receipt: Pick<ReceiptRow, 'photoSha256'>, seen: string): void {
  if (receipt.photoSha256 !== seen.trim().toLowerCase()) throw conflict(receiptControlMessages.photoChanged);
}

/** Another receipt already validated with the same canonical reference at the same bank, if any. */
export async function validatedTwinOf(
  db: DbOrTx,
  receipt: Pick<ReceiptRow, 'id' | 'bankCode' | 'canonicalReference'>,
): Promise<number | null> {
  const [twin] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      and(
        eq(receipts.bankCode, receipt.bankCode),
        eq(receipts.canonicalReference, receipt.canonicalReference),
        eq(receipts.state, 'validated'),
        ne(receipts.id, receipt.id),
      ),
    )
    .limit(1);
  return twin?.id ?? null;
}

/** 409 for everyone when the same deposit (canonical reference, bank) is already validated. */
export async function refuseValidatedTwin(
  db: DbOrTx,
  receipt: Pick<ReceiptRow, 'id' | 'bankCode' | 'canonicalReference'>,
): Promise<void> {
  const twin = await validatedTwinOf(db, receipt);
  if (twin !== null) throw conflict(receiptControlMessages.referenceAlreadyValidated(twin));
}

/** The unique index `receipts_validated_reference_key` refused a second validated receipt of one deposit. */
function isValidatedReferenceViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      code === '23505' &&
      (constraint === 'receipts_validated_reference_key' ||
        (typeof message === 'string' && message.includes('receipts_validated_reference_key')))
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a validation (`work`, its own transaction) and turns the unique index's refusal into the
 * same 409 as `refuseValidatedTwin`: two validations of one deposit racing each other both pass
 * the check, and the index settles it.
 */
export async function guardValidatedReference<T>(
  deps: Pick<Deps, 'db'>,
  receipt: Pick<ReceiptRow, 'id' | 'bankCode' | 'canonicalReference'>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isValidatedReferenceViolation(error)) throw error;
    const twin = await validatedTwinOf(deps.db, receipt);
    throw conflict(receiptControlMessages.referenceAlreadyValidated(twin ?? receipt.id));
  }
}

/**
 * Why a validation of `receipt` for `receivedCents` dated `valueDate` by `staff` needs a second
 * person (the domain's `receiptApprovalReasons`), read in the caller's transaction after the loan's
 * lock: the payoff as of the value date less the money already waiting in the loan's wallet, the
 * threshold `RECEIPT_SECOND_APPROVAL_CENTS`, and whether another receipt may be the same deposit.
 */
export async function approvalReasonsFor(
  deps: Pick<Deps, 'config'>,
  tx: DbOrTx,
  staff: StaffMember,
  receipt: ReceiptRow,
  receivedCents: number,
  valueDate: string,
): Promise<ReceiptApprovalReason[]> {
  const quote = await quoteLoanPayoff(tx, receipt.loanId, valueDate);
  const waiting = Math.max(0, await loanWalletBalanceCents(tx, receipt.loanId));
  const duplicates = (await duplicatesOf(tx, [receipt.id])).get(receipt.id) ?? [];
  return receiptApprovalReasons({
    declaredCents: receipt.declaredAmountCents,
    receivedCents,
    payoffLeftCents: quote ? Math.max(0, quote.payoffCents - waiting) : null,
    thresholdCents: deps.config.receipts.secondApprovalCents,
    isPossibleDuplicate: duplicates.length > 0,
    mayValidateDuplicate: can(staff.role, 'receipts.approve'),
  });
}

/** The stored reason codes as staff read them. */
export function approvalReasonItems(
  deps: Pick<Deps, 'config'>,
  codes: readonly string[] | null,
): { code: ReceiptApprovalReason; label: string }[] {
  return (codes ?? []).filter(isReceiptApprovalReason).map((code) => ({
    code,
    label: receiptApprovalReasonLabel(code, deps.config.receipts.secondApprovalCents),
  }));
}
