/**
 * The second pair of eyes at the cashier's desk (issue 31 point 3): a validation that waits as
 * 'Por aprobar' (`decideReceipt` stored it with its reasons, proposed amount and value date, and
 * moved no money) is confirmed by another person with `receipts.approve`, which credits and applies
 * the money exactly as a direct validation does, or is returned to the cashier with a reason.
 */
import { can, isLoanPayable, loanStatusLabel, RECEIPT_STATE_LABELS } from '@prestamos-hn/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { receipts, staffAccounts } from '../../db/schema/index.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { conflict, forbidden, Refusal } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import {
  applyValidatedReceipt,
  creditValidatedReceipt,
  decisionSnapshot,
  loadReceiptRow,
  lockReceiptLoan,
  type ReceiptCredit,
} from './cashier-desk.ts';
import { receiptStaffMessages } from './messages.ts';
import {
  approvalReasonItems,
  guardValidatedReference,
  receiptControlMessages,
  refuseChangedPhoto,
  refuseValidatedTwin,
} from './receipt-controls.ts';
import { readStaffReason } from '../shared/validation.ts';

/**
 * A second person's answer to a validation waiting as 'Por aprobar': `confirm` it, or `return` it
 * to the cashier (pending again) with a reason the cashier reads; either names the SHA-256 of the
 * photo the person saw.
 */
export type ReceiptApprovalDecision =
  { decision: 'confirm'; photoSha256: string } | { decision: 'return'; reason: string; photoSha256: string };

const readReturnReason = (reason: string): string =>
  readStaffReason(reason, {
    required: receiptControlMessages.returnReasonRequired,
    tooLong: receiptControlMessages.returnReasonTooLong,
  });

/**
 * Confirms or returns a validation waiting as 'Por aprobar', in one transaction with its audit row
 * ('receipt.approve' or 'receipt.return'). Only someone with `receipts.approve`, and never the
 * person who proposed the validation (403 'No puedes aprobar tu propia validación…'; the database's
 * check `approved_by <> decided_by` holds it too): maker-checker, whoever the maker is. The UPDATE is
 * conditional on the state still being 'awaiting_approval' and on the photo, so of simultaneous
 * answers exactly one changes the receipt (the others get 409) and the money is credited once.
 *
 * Confirming re-checks what could have changed since the cashier's decision (the loan still being
 * paid, the same deposit not validated meanwhile: 409, the unique index settling a race) and then
 * credits the proposed amount at its value date (`creditValidatedReceipt`: applied at once from 8:00
 * to 19:59, value-date waivers, a payoff's closing, the borrower's notices). Returning puts the
 * receipt back to pending (no amount, no decider) with who sent it back, when and why; the borrower
 * is told nothing (to them the receipt was pending all along).
 */
export async function decideReceiptApproval(
  deps: Deps,
  staff: StaffMember,
  id: number,
  input: ReceiptApprovalDecision,
) {
  if (!can(staff.role, 'receipts.approve')) throw forbidden();
  const reason = input.decision === 'return' ? readReturnReason(input.reason) : null;
  const before = await loadReceiptRow(deps, id);
  if (before.state !== 'awaiting_approval') throw conflict(receiptControlMessages.notAwaitingApproval);
  refuseChangedPhoto(before, input.photoSha256);
  if (input.decision === 'confirm' && before.decidedByStaffId === staff.id) {
    throw new Refusal('forbidden', receiptControlMessages.ownValidation);
  }

  const answer = () =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const loan = await lockReceiptLoan(tx, before.loanId);
      const waiting = and(
        eq(receipts.id, before.id),
        eq(receipts.state, 'awaiting_approval'),
        eq(receipts.photoSha256, before.photoSha256),
      );
      let credit: ReceiptCredit | null = null;
      let after: typeof receipts.$inferSelect | undefined;
      if (input.decision === 'confirm') {
        if (!isLoanPayable(loan.status)) {
          throw conflict(receiptStaffMessages.loanNotPayable(loanStatusLabel(loan.status)));
        }
        await refuseValidatedTwin(tx, before);
        [after] = await tx
          .update(receipts)
          .set({ state: 'validated', approvedByStaffId: staff.id, approvedAt: now, updatedAt: now })
          .where(and(waiting, ne(receipts.decidedByStaffId, staff.id)))
          .returning();
        if (!after) throw conflict(receiptControlMessages.notAwaitingApproval);
        credit = await creditValidatedReceipt(tx, staff.id, after, now);
      } else {
        [after] = await tx
          .update(receipts)
          .set({
            state: 'pending',
            receivedAmountCents: null,
            valueDate: null,
            decidedByStaffId: null,
            decidedAt: null,
            decidedPhotoSha256: null,
            returnedByStaffId: staff.id,
            returnedAt: now,
            returnReason: reason,
            updatedAt: now,
          })
          .where(waiting)
          .returning();
        if (!after) throw conflict(receiptControlMessages.notAwaitingApproval);
      }
      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: staff.id },
        action: input.decision === 'confirm' ? 'receipt.approve' : 'receipt.return',
        entity: 'receipt',
        entityId: after.id,
        before: decisionSnapshot(before),
        after: {
          ...decisionSnapshot(after),
          ...(reason === null ? {} : { returnReason: reason }),
          creditEntryId: credit?.creditEntryId ?? null,
          appliesLater: credit?.appliesLater ?? false,
        },
      });
      const application = credit ? await applyValidatedReceipt(deps, tx, after, credit, now) : null;
      return {
        id: after.id,
        state: after.state,
        stateLabel: RECEIPT_STATE_LABELS[after.state],
        receivedAmountCents: after.receivedAmountCents,
        valueDate: after.valueDate,
        approvalReasons: approvalReasonItems(deps, after.approvalReasons),
        approvedAt: after.approvedAt?.toISOString() ?? null,
        approvedBy: after.approvedByStaffId === null ? null : staff.name,
        returned:
          after.returnedAt && after.returnReason !== null && input.decision === 'return'
            ? { reason: after.returnReason, by: staff.name, at: after.returnedAt.toISOString() }
            : await lastReturn(tx, after),
        appliesLater: credit?.appliesLater ?? false,
        application,
      };
    });
  return input.decision === 'confirm' ? guardValidatedReference(deps, before, answer) : answer();
}

/** The last time a validation of this receipt was sent back (by whom, when, why), if ever. */
async function lastReturn(db: DbOrTx, receipt: typeof receipts.$inferSelect) {
  if (!receipt.returnedAt || receipt.returnReason === null || receipt.returnedByStaffId === null) return null;
  const [who] = await db
    .select({ name: staffAccounts.name })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, receipt.returnedByStaffId));
  return { reason: receipt.returnReason, by: who?.name ?? '', at: receipt.returnedAt.toISOString() };
}
