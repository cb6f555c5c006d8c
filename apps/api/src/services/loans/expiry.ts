import { addDays, isIsoDate, isOfferExpiredOn, LOAN_STATUS, offerExpiryDate } from '@prestamos-hn/domain';
import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import { loans } from '../../db/schema/index.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { notifyBorrower } from '../notifications.ts';
import { loanSnapshot } from './decisions.ts';
import { loanNotices } from './messages.ts';

/**
 * Offer expiry (the daily run calls it for each business date), the domain's `isOfferExpiredOn`:
 * a request waiting for an analyst (0, 1) made more than OFFER_EXPIRY_DAYS days before
 * `businessDate`, and an approved one (5) approved more than that many days before it, become
 * 7 El tiempo se acabo (decision 014: an approval late in the week still leaves the cashier the
 * whole time). Each in its own transaction with an audit row (actor 'system', with the expiry
 * date) and the borrower's notification and SMS. The UPDATE is conditional on the status read, so
 * an analyst's decision at the same moment and a second run both leave one outcome. Returns the
 * ids it expired.
 */
export async function expireStaleRequests(deps: Deps, businessDate: string): Promise<number[]> {
  if (!isIsoDate(businessDate)) throw new RangeError(`Not a date YYYY-MM-DD: ${businessDate}`);
  const days = deps.config.loans.offerExpiryDays;
  // Past its expiry date (request or approval + days) means dated before `businessDate` - days.
  const cutoff = addDays(businessDate, -days);
  const stale = await deps.db
    .select({ id: loans.id })
    .from(loans)
    .where(
      or(
        and(inArray(loans.status, [LOAN_STATUS.sent, LOAN_STATUS.taken]), lt(loans.requestedOn, cutoff)),
        and(eq(loans.status, LOAN_STATUS.approved), lt(loans.approvedOn, cutoff)),
      ),
    )
    .orderBy(asc(loans.id));
  const expired: number[] = [];
  for (const { id } of stale) {
    const done = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [before] = await tx.select().from(loans).where(eq(loans.id, id)).limit(1);
      if (!before || !isOfferExpiredOn(before, businessDate, days)) return false;
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
        after: {
          ...loanSnapshot(after),
          businessDate,
          expiryDays: days,
          offerExpiresOn: offerExpiryDate(before, days),
        },
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
