import type { ProfileReviewState } from '@prestamos-hn/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { borrowers, profileReviews, profiles } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';

/**
 * The state as SQL over `borrowers` left-joined to `profiles`: aprobado (status '1'), en revisión
 * (sent, status '0', undecided: a decision either locks it or clears `sent_for_review_at`), devuelto
 * (returned by an analyst and not yet sent again), otherwise incompleto (not sent: still being
 * filled in, or complete but not confirmed by the borrower).
 */
export const profileStateSql: SQL<ProfileReviewState> = sql<ProfileReviewState>`case
  when ${profiles.status} = '1' then 'aprobado'
  when ${profiles.sentForReviewAt} is not null then 'en_revision'
  when exists (select 1 from ${profileReviews} where ${profileReviews.borrowerId} = ${borrowers.id} and ${profileReviews.decision} = 'return') then 'devuelto'
  else 'incompleto' end`;

/** One borrower's profile state ('incompleto' for an unknown id), for the screens that show it beside other things. */
export async function readProfileState(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
): Promise<ProfileReviewState> {
  const [row] = await deps.db
    .select({ state: profileStateSql })
    .from(borrowers)
    .leftJoin(profiles, eq(profiles.borrowerId, borrowers.id))
    .where(eq(borrowers.id, borrowerId))
    .limit(1);
  return row?.state ?? 'incompleto';
}
