import { LOAN_STATUS } from '@prestamos-hn/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { loans, walletEntries } from '../../db/schema/index.ts';
import { postJournal } from '../accounting/post-journal.ts';

/**
 * Decision 014, point 5: a borrower's credit (money left in the wallet of a loan already 4 Pagado)
 * goes to their next loan when it is disbursed, inside the disbursement's transaction: one
 * `transfer` entry out of each paid loan with a credit and one into the new loan, dated the
 * disbursement (its value date). The daily run's wallet step then applies it to the new loan's first
 * instalment, as it does any money waiting in a wallet. Each paid loan's half is journaled here
 * (decision 015). Returns the centavos carried.
 */
export async function carryCreditToLoan(
  tx: Tx,
  loan: { id: number; borrowerId: number },
  disbursedOn: string,
  now: Date,
): Promise<number> {
  const credits = await tx
    .select({
      loanId: walletEntries.loanId,
      cents: sql<number>`sum(${walletEntries.amountCents})`.mapWith(Number),
    })
    .from(walletEntries)
    .innerJoin(loans, eq(loans.id, walletEntries.loanId))
    .where(
      and(
        eq(walletEntries.borrowerId, loan.borrowerId),
        ne(walletEntries.loanId, loan.id),
        eq(loans.status, LOAN_STATUS.paid),
      ),
    )
    .groupBy(walletEntries.loanId)
    .having(sql`sum(${walletEntries.amountCents}) > 0`);
  let carried = 0;
  for (const credit of credits) {
    await tx.insert(walletEntries).values([
      {
        borrowerId: loan.borrowerId,
        loanId: credit.loanId,
        kind: 'transfer',
        amountCents: -credit.cents,
        relatedLoanId: loan.id,
        businessDate: disbursedOn,
        valueDate: disbursedOn,
        createdAt: now,
      },
      {
        borrowerId: loan.borrowerId,
        loanId: loan.id,
        kind: 'transfer',
        amountCents: credit.cents,
        relatedLoanId: credit.loanId,
        businessDate: disbursedOn,
        valueDate: disbursedOn,
        createdAt: now,
      },
    ]);
    // The paid loan's half in the books now (the new loan's is journaled with its disbursement).
    await postJournal({ clock: { now: () => now } }, tx, credit.loanId);
    carried += credit.cents;
  }
  return carried;
}
