import { and, asc, count, eq, gte, isNotNull, min, sql } from 'drizzle-orm';
import { borrowers, profileReviews, profiles } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { startOfToday, today } from '../shared/dates.ts';
import { fullName } from '../shared/borrower-search.ts';

const waiting = and(eq(profiles.status, '0'), isNotNull(profiles.sentForReviewAt));
const minutesSince = (now: Date, at: Date) =>
  Math.max(0, Math.floor((now.getTime() - at.getTime()) / 60_000));

/** The review queue: profiles sent for review and undecided, oldest first, with the time waiting. */
export async function listReviewQueue(
  deps: Pick<Deps, 'db' | 'clock'>,
  page: { page: number; pageSize: number },
) {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      borrowerId: borrowers.id,
      personCode: borrowers.personCode,
      name: fullName,
      sentForReviewAt: profiles.sentForReviewAt,
      returns: sql<number>`(select count(*) from ${profileReviews} where ${profileReviews.borrowerId} = ${borrowers.id} and ${profileReviews.decision} = 'return')`,
    })
    .from(profiles)
    .innerJoin(borrowers, eq(borrowers.id, profiles.borrowerId))
    .where(waiting)
    .orderBy(asc(profiles.sentForReviewAt), asc(profiles.borrowerId))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await deps.db.select({ n: count() }).from(profiles).where(waiting);
  return {
    items: rows.map((r) => ({
      borrowerId: r.borrowerId,
      personCode: r.personCode,
      name: r.name,
      sentForReviewAt: r.sentForReviewAt!.toISOString(),
      waitingMinutes: minutesSince(now, r.sentForReviewAt!),
      /** Sent again after a return. */
      resubmitted: Number(r.returns) > 0,
    })),
    total: total?.n ?? 0,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** The dashboard: profiles waiting and the oldest wait, approved and returned today (Honduras). */
export async function getDashboard(deps: Pick<Deps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  const [queue] = await deps.db
    .select({ n: count(), oldest: min(profiles.sentForReviewAt) })
    .from(profiles)
    .where(waiting);
  const decided = await deps.db
    .select({ decision: profileReviews.decision, n: count() })
    .from(profileReviews)
    .where(gte(profileReviews.decidedAt, startOfToday(deps)))
    .groupBy(profileReviews.decision);
  const oldest = queue?.oldest ? new Date(queue.oldest) : null;
  return {
    waitingReview: queue?.n ?? 0,
    oldestWaitingSince: oldest?.toISOString() ?? null,
    oldestWaitingMinutes: oldest ? minutesSince(now, oldest) : null,
    approvedToday: Number(decided.find((d) => d.decision === 'approve')?.n ?? 0),
    returnedToday: Number(decided.find((d) => d.decision === 'return')?.n ?? 0),
    date: today(deps),
  };
}
