import { instalmentStatusLabel } from '@prestamos-hn/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { instalments, instalmentStatusChanges } from '../../db/schema/index.ts';

/**
 * A loan's schedule history as staff read it: every status the daily run moved one of its
 * instalments to, on which business date, with the late fee charged by the change; oldest first.
 */
export async function getScheduleHistory(db: DbOrTx, loanId: number) {
  const rows = await db
    .select({
      id: instalmentStatusChanges.id,
      instalmentId: instalmentStatusChanges.instalmentId,
      position: instalments.position,
      businessDate: instalmentStatusChanges.businessDate,
      fromStatus: instalmentStatusChanges.fromStatus,
      toStatus: instalmentStatusChanges.toStatus,
      lateFeeCents: instalmentStatusChanges.lateFeeCents,
    })
    .from(instalmentStatusChanges)
    .innerJoin(instalments, eq(instalments.id, instalmentStatusChanges.instalmentId))
    .where(eq(instalmentStatusChanges.loanId, loanId))
    .orderBy(asc(instalmentStatusChanges.id));
  return rows.map((r) => ({
    ...r,
    fromStatusLabel: instalmentStatusLabel(r.fromStatus),
    toStatusLabel: instalmentStatusLabel(r.toStatus),
  }));
}
