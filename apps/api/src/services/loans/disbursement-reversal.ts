import {
  DISBURSEMENT_REVERSAL_MESSAGES,
  DISBURSEMENT_REVERSAL_REASON_MAX,
  disbursementReversalBlocker,
  LOAN_STATUS,
  loanStatusLabel,
  todayInTegucigalpa,
} from '@prestamos-hn/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  disbursementReversals,
  instalments,
  liveInstalment,
  loans,
  receipts,
  staffAccounts,
  walletEntries,
} from '../../db/schema/index.ts';
import { postJournal } from '../accounting/post-journal.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { notifyBorrower } from '../notifications.ts';
import { conflict, notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { loanSnapshot } from './decisions.ts';
import { loanNotices, loanStaffMessages } from './messages.ts';
import { auditedPayoutAccount, loadPayoutAccount } from './payout-account.ts';
import { readStaffReason } from '../shared/validation.ts';

type ReversalRow = typeof disbursementReversals.$inferSelect;

/** A reversal as staff read it, with the names of who disbursed and who reversed. */
function shownReversal(row: ReversalRow, names: { disbursedBy: string | null; reversedBy: string }) {
  return {
    id: row.id,
    amountCents: row.amountCents,
    disbursedOn: row.disbursedOn,
    disbursementReference: row.disbursementReference,
    disbursedBy: names.disbursedBy,
    disbursedAt: row.disbursedAt.toISOString(),
    instalments: row.instalments,
    reason: row.reason,
    businessDate: row.businessDate,
    reversedBy: names.reversedBy,
    reversedAt: row.reversedAt.toISOString(),
  };
}

/** The disbursements of a loan that were reversed, oldest first (the loan file's history). */
export async function listDisbursementReversals(db: DbOrTx, loanId: number) {
  const disburser = alias(staffAccounts, 'disburser');
  const reverser = alias(staffAccounts, 'reverser');
  const rows = await db
    .select({ row: disbursementReversals, disbursedBy: disburser.name, reversedBy: reverser.name })
    .from(disbursementReversals)
    .leftJoin(disburser, eq(disburser.id, disbursementReversals.disbursedByStaffId))
    .innerJoin(reverser, eq(reverser.id, disbursementReversals.reversedByStaffId))
    .where(eq(disbursementReversals.loanId, loanId))
    .orderBy(asc(disbursementReversals.id));
  return rows.map((r) => shownReversal(r.row, r));
}

/**
 * POST /loans/:id/disbursement/reversal (issue 31 point 4): a disbursement recorded by mistake, or
 * whose transfer came back, is undone while no money has reached the loan (the domain's
 * `disbursementReversalBlocker`: no wallet entry of any kind, no validated receipt, and no receipt
 * waiting for a decision; 409 with the reason otherwise).
 *
 * One transaction, on the loan row locked `FOR UPDATE` (it waits for a validation, an application or
 * a receipt being stored for this loan, and they for it; of 20 reversals at once one wins and the
 * others find nothing to reverse): the live instalments are voided (`voided_at`: they keep their
 * history, and a later disbursement makes a fresh schedule), the loan goes back to 5 Reunido with
 * its `disbursed_*` columns cleared (it reads as approved and not paid out: a new disbursement is
 * recorded as the first was; the offer's expiry counts from the approval as before), the
 * disbursement as it was is kept in `disbursement_reversals` with the reason, an audit row keeps the
 * loan before and after, and the borrower is told in the app and by SMS.
 */
export async function reverseDisbursement(
  deps: Deps,
  staff: StaffMember,
  loanId: number,
  input: { reason: string },
) {
  const reason = readStaffReason(
    input.reason,
    { required: loanStaffMessages.reversalReasonRequired, tooLong: loanStaffMessages.reversalReasonTooLong },
    DISBURSEMENT_REVERSAL_REASON_MAX,
  );

  return deps.db.transaction(async (tx) => {
    const [before] = Number.isSafeInteger(loanId)
      ? await tx.select().from(loans).where(eq(loans.id, loanId)).limit(1).for('update')
      : [];
    if (!before) throw notFound(loanStaffMessages.loanNotFound);
    const [entries] = await tx
      .select({ n: count() })
      .from(walletEntries)
      .where(eq(walletEntries.loanId, loanId));
    const receiptStates = (
      await tx.select({ state: receipts.state }).from(receipts).where(eq(receipts.loanId, loanId))
    ).map((r) => r.state);
    const blocker = disbursementReversalBlocker({
      status: before.status,
      disbursedOn: before.disbursedOn,
      walletEntries: Number(entries?.n ?? 0),
      receiptStates,
    });
    if (blocker) throw conflict(DISBURSEMENT_REVERSAL_MESSAGES[blocker]);

    const now = deps.clock.now();
    const voided = await tx
      .update(instalments)
      .set({ voidedAt: now, updatedAt: now })
      .where(and(eq(instalments.loanId, loanId), liveInstalment))
      .returning({ id: instalments.id });
    const [after] = await tx
      .update(loans)
      .set({
        status: LOAN_STATUS.approved,
        disbursedByStaffId: null,
        disbursedAt: null,
        disbursedOn: null,
        disbursementReference: null,
        updatedAt: now,
      })
      .where(eq(loans.id, loanId))
      .returning();
    const [reversal] = await tx
      .insert(disbursementReversals)
      .values({
        loanId,
        amountCents: before.amountCents,
        disbursedByStaffId: before.disbursedByStaffId,
        disbursedAt: before.disbursedAt!,
        disbursedOn: before.disbursedOn!,
        disbursementReference: before.disbursementReference!,
        payoutBankAccountId: before.payoutBankAccountId,
        instalments: voided.length,
        reason,
        businessDate: todayInTegucigalpa(now),
        reversedByStaffId: staff.id,
        reversedAt: now,
      })
      .returning();

    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: staff.id },
      action: 'loan.reverse_disbursement',
      entity: 'loan',
      entityId: loanId,
      before: {
        ...loanSnapshot(before),
        disbursedByStaffId: before.disbursedByStaffId,
        disbursedAt: before.disbursedAt?.toISOString() ?? null,
        amountCents: before.amountCents,
        payoutAccount: auditedPayoutAccount(await loadPayoutAccount(tx, before.payoutBankAccountId)),
        instalmentIds: voided.map((i) => i.id),
      },
      after: { ...loanSnapshot(after!), reversalId: reversal!.id, reason },
    });
    await notifyBorrower(deps, tx, {
      borrowerId: before.borrowerId,
      ...loanNotices.disbursementReversed(before.amountCents),
      channel: 'sms',
    });
    // The books, in the same transaction: the disbursement's entry reversed.
    await postJournal(deps, tx, loanId);

    const [disburser] = before.disbursedByStaffId
      ? await tx
          .select({ name: staffAccounts.name })
          .from(staffAccounts)
          .where(eq(staffAccounts.id, before.disbursedByStaffId))
      : [];
    return {
      id: after!.id,
      status: after!.status,
      statusLabel: loanStatusLabel(after!.status),
      reversal: shownReversal(reversal!, { disbursedBy: disburser?.name ?? null, reversedBy: staff.name }),
    };
  });
}
