import { addDays, isIsoDate, LOAN_STATUS } from '@prestamos-hn/domain';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { loans } from '../../db/schema/index.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { notifyBorrower } from '../notifications.ts';
import { loanSnapshot } from './decisions.ts';
import { loanNotices } from './messages.ts';

/** Requests not yet disbursed: sent (0), taken (1) or approved (5). */
export const EXPIRABLE_STATUSES: number[] = [LOAN_STATUS.sent, LOAN_STATUS.taken, LOAN_STATUS.approved];

/**
 * Offer expiry (the daily run calls it for each business date): requests in 0, 1 or 5 made more
 * than OFFER_EXPIRY_DAYS days before `businessDate` (requested on a date before `businessDate`
 * minus that many days) become 7 El tiempo se acabo, each in its own transaction with an audit row
 * (actor 'system') and the borrower's notification and SMS. The UPDATE is conditional on the status
 * read, so an analyst's decision at the same moment and a second run both leave one outcome.
 * Returns the ids it expired.
 */
export async function expireStaleRequests(deps: Deps, businessDate: string): Promise<number[]> {
  if (!isIsoDate(businessDate)) throw new RangeError(`Not a date YYYY-MM-DD: ${businessDate}`);
  const cutoff = addDays(businessDate, -deps.config.loans.offerExpiryDays);
  const stale = await deps.db
    .select({ id: loans.id })
    .from(loans)
    .where(and(inArray(loans.status, EXPIRABLE_STATUSES), lt(loans.requestedOn, cutoff)))
    .orderBy(asc(loans.id));
  const expired: number[] = [];
  for (const { id } of stale) {
    const done = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [before] = await tx.select().from(loans).where(eq(loans.id, id)).limit(1);
      if (!before || !EXPIRABLE_STATUSES.includes(before.status)) return false;
      const [after] = await tx
        .update(loans)
        .set({ status: LOAN_STATUS.expired, expiredAt: now, updatedAt: now })
        .where(and(eq(loans.id, id), eq(loans.status, before.status)))
        .returning();
      if (!after) return false;
      await writeAudit(deps, tx, {
        actor: { type: 'system' },
        action: 'loan.expire',
        entity: 'loan',
        entityId: id,
        before: loanSnapshot(before),
        after: { ...loanSnapshot(after), businessDate, expiryDays: deps.config.loans.offerExpiryDays },
      });
      await notifyBorrower(deps, tx, {
        borrowerId: after.borrowerId,
        ...loanNotices.expired(after.amountCents),
        channel: 'sms',
      });
      return true;
    });
    if (done) expired.push(id);
  }
  return expired;
}
