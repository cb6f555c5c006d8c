import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { instalments } from '../../db/schema/index.ts';

/** A loan's instalments, first to last. */
export function getLoanSchedule(db: DbOrTx, loanId: number) {
  return db
    .select()
    .from(instalments)
    .where(eq(instalments.loanId, loanId))
    .orderBy(asc(instalments.position));
}
