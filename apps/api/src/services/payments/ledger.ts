import type { PayloadOf } from '@prestamos-hn/contract';
import { fromCents } from '@prestamos-hn/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { walletEntries } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { loadOwnLoan } from '../shared/own-loan.ts';

/** The sum of the ledger entries that match, in centavos: no balance is ever stored. */
async function sumEntries(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${walletEntries.amountCents}), 0)`.mapWith(Number) })
    .from(walletEntries)
    .where(where);
  return row?.cents ?? 0;
}

/** 'Deposito por aplicar' of one loan: validated money not yet applied to its instalments. */
export function loanWalletBalanceCents(db: DbOrTx, loanId: number): Promise<number> {
  return sumEntries(db, eq(walletEntries.loanId, loanId));
}

/** The same over all of a borrower's loans. */
export function borrowerWalletBalanceCents(db: DbOrTx, borrowerId: number): Promise<number> {
  return sumEntries(db, eq(walletEntries.borrowerId, borrowerId));
}

/**
 * getWalletInfo.php: 'Deposito por aplicar' in lempiras, from the ledger. With `containerId`, the
 * balance of that loan of the caller's (another borrower's loan or an unknown one is refused alike);
 * without it, the caller's balance over all their loans.
 */
export async function getWalletInfo(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  containerId?: number | string,
): Promise<PayloadOf<'getWalletInfo'>> {
  if (containerId === undefined || containerId === '') {
    return {
      data: { amount_wallet_balance: fromCents(await borrowerWalletBalanceCents(deps.db, borrowerId)) },
    };
  }
  const loan = await loadOwnLoan(deps, borrowerId, containerId);
  return { data: { amount_wallet_balance: fromCents(await loanWalletBalanceCents(deps.db, loan.id)) } };
}
