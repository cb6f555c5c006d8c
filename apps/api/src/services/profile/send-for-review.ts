import { profileMessages } from '@prestamos-hn/contract';
import { isProfileApproved, isProfileComplete } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeBorrowerAudit } from '../audit.ts';
import { bumpRevision, loadProfileState, sentSnapshotOf } from '../borrower-profile.ts';
import type { Deps } from '../deps.ts';
import { today } from '../shared/dates.ts';
import { completenessInput } from './read-profile.ts';

/**
 * send_confirmdata.php ('Mis datos son correctos'): only a complete profile (SPEC section 4's
 * mandatory set, computed from the stored data), not approved and not yet sent, goes to review.
 */
export async function sendProfileForReview(deps: Deps, borrowerId: number): Promise<{ message: string }> {
  await deps.db.transaction(async (tx) => {
    const state = await loadProfileState(tx, borrowerId, { forUpdate: true });
    if (isProfileApproved(state.profile.status)) throw new UserError(profileMessages.profileLocked);
    if (state.profile.sentForReviewAt) throw new UserError(profileMessages.profileAlreadySent);
    if (!isProfileComplete(completenessInput(state))) throw new UserError(profileMessages.profileIncomplete);
    const now = deps.clock.now();
    await tx
      .update(profiles)
      .set({
        sentForReviewAt: now,
        sentSnapshot: sentSnapshotOf(state),
        modified: today(deps),
        updatedAt: now,
        ...bumpRevision,
      })
      .where(eq(profiles.borrowerId, borrowerId));
    await writeBorrowerAudit(deps, tx, borrowerId, {
      action: 'profile.sent_for_review',
      after: { datasend: 'CMP' },
    });
  });
  return { message: profileMessages.profileSent };
}
