/**
 * What happened to a borrower's money on one loan (issue 35, point 5): the receipts they sent and
 * the money applied to the instalments, read from the receipts and the wallet ledger as they are.
 */
import type { LoanPayments } from '@prestamos-hn/contract';
import { emptySplit, type BorrowerReceiptState, type ReceiptState } from '@prestamos-hn/domain';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { receipts, walletEntries } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { loadOwnLoan } from '../shared/own-loan.ts';

/** A validation waiting for its second approval is, to the borrower, still waiting (decision 011, issue 31). */
const BORROWER_STATE: Record<ReceiptState, BorrowerReceiptState> = {
  pending: 'pending',
  awaiting_approval: 'pending',
  validated: 'validated',
  rejected: 'rejected',
  reversed: 'reversed',
};

/**
 * getLoanPayments.php: for one of the caller's loans (another borrower's or an unknown one is refused
 * as by the other calls), its receipts newest first, each in the state the borrower reads (the
 * amount credited once validated; the reason once rejected or reversed; nothing of a cashier's
 * proposal still waiting for approval), and its debits oldest first, each with the split per
 * instalment its allocation recorded and whether a reversal undid it since.
 */
export async function getLoanPayments(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  containerId: number | string,
): Promise<LoanPayments> {
  const loan = await loadOwnLoan(deps, borrowerId, containerId);
  const receiptRows = await deps.db
    .select({
      id: receipts.id,
      sentAt: receipts.sentAt,
      reference: receipts.reference,
      declaredCents: receipts.declaredAmountCents,
      state: receipts.state,
      receivedCents: receipts.receivedAmountCents,
      rejectionReason: receipts.rejectionReason,
      reversalReason: receipts.reversalReason,
    })
    .from(receipts)
    .where(and(eq(receipts.loanId, loan.id), eq(receipts.borrowerId, borrowerId)))
    .orderBy(desc(receipts.sentAt), desc(receipts.id));
  const debits = await deps.db
    .select({
      id: walletEntries.id,
      amountCents: walletEntries.amountCents,
      businessDate: walletEntries.businessDate,
      allocation: walletEntries.allocation,
    })
    .from(walletEntries)
    .where(and(eq(walletEntries.loanId, loan.id), eq(walletEntries.kind, 'debit')))
    .orderBy(asc(walletEntries.id));
  const reversedIds = new Set(
    debits.length === 0
      ? []
      : (
          await deps.db
            .select({ id: walletEntries.reversesEntryId })
            .from(walletEntries)
            .where(
              and(
                isNotNull(walletEntries.reversesEntryId),
                inArray(
                  walletEntries.reversesEntryId,
                  debits.map((debit) => debit.id),
                ),
              ),
            )
        ).map((row) => row.id),
  );

  return {
    receipts: receiptRows.map((row) => {
      const state = BORROWER_STATE[row.state];
      return {
        id: row.id,
        sentAt: row.sentAt.toISOString(),
        reference: row.reference,
        declaredCents: row.declaredCents,
        state,
        creditedCents: state === 'validated' || state === 'reversed' ? row.receivedCents : null,
        reason: state === 'rejected' ? row.rejectionReason : state === 'reversed' ? row.reversalReason : null,
      };
    }),
    payments: debits.map((debit) => ({
      id: debit.id,
      businessDate: debit.businessDate,
      amountCents: -debit.amountCents,
      reversed: reversedIds.has(debit.id),
      instalments: (debit.allocation?.instalments ?? []).map((item) => ({
        position: item.position,
        // A split written before the default interest existed has no `penalty`.
        covered: { ...emptySplit(), ...item.covered },
      })),
    })),
  };
}
