import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { instalments, liveInstalment } from '../../db/schema/index.ts';

/** A loan's instalments, first to last (not those a disbursement reversal voided). */
export function getLoanSchedule(db: DbOrTx, loanId: number) {
  return db
    .select()
    .from(instalments)
    .where(and(eq(instalments.loanId, loanId), liveInstalment))
    .orderBy(asc(instalments.position));
}
