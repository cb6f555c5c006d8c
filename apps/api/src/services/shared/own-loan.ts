import { loanMessages } from '@prestamos-hn/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loans } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { parseRowId } from './validation.ts';

/**
 * One of the caller's own loans, by the id the wire sends (`containerId`). Another borrower's loan,
 * an unknown one and an id that is no id get the same refusal ('No encontramos ese préstamo.').
 */
export async function loadOwnLoan(
  deps: { db: Db },
  borrowerId: number,
  containerId: number | string,
): Promise<{ id: number; status: number }> {
  const loanId = parseRowId(containerId);
  const [loan] =
    loanId === null
      ? []
      : await deps.db
          .select({ id: loans.id, status: loans.status })
          .from(loans)
          .where(and(eq(loans.id, loanId), eq(loans.borrowerId, borrowerId)))
          .limit(1);
  if (!loan) throw new UserError(loanMessages.loanNotFound);
  return loan;
}
