import { PROFILE_ERROR_TEXTS, type ProfileErrorCode } from '@prestamos-hn/domain';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { profileReviews, profiles } from '../../db/schema/index.ts';
import { writeAudit } from '../audit.ts';
import { bumpRevision, datasendOf } from '../borrower-profile.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../deps.ts';
import { notifyBorrower } from '../notifications.ts';
import { today } from '../shared/dates.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { conflict, notFound, staffMessages } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { APPROVED_BODY, APPROVED_TITLE, RETURNED_TITLE } from './messages.ts';

/** The checkboxes of what failed, per document and per reference. */
export interface FailedItems {
  documents: { frontId: boolean; backId: boolean; utilityBill: boolean; selfie: boolean };
  references: { personal: boolean; labour: boolean };
}

/** `version`: the profile's revision the review screen showed (its `profile.revision`). */
export type Decision = { version: number } & (
  | { decision: 'approve'; note: string }
  | { decision: 'return'; errorCode: ProfileErrorCode; failedItems: FailedItems; note: string }
);

const snapshot = (p: typeof profiles.$inferSelect) => ({
  status: p.status,
  datasend: datasendOf(p),
  errores_perfil: p.errorCode,
  modified: p.modified,
  revision: p.revision,
});

/**
 * An analyst's decision on a profile sent for review, in one transaction: the profile UPDATE is
 * conditional on the profile still being sent for review and undecided (`status = '0'` and the very
 * `sent_for_review_at` read), so of two analysts deciding at once exactly one changes it; the other
 * gets 409 'Otro analista ya decidió sobre este perfil.' and nothing of theirs is written. The
 * winner's review row (unique per submission), audit row (before/after) and the borrower's
 * notification + SMS are written in the same transaction.
 *
 * The decision names the revision the analyst saw: when the borrower changed the profile since
 * (it stays editable while it waits), 409 'El perfil cambió; revísalo de nuevo.' and nothing is
 * written; the UPDATE is conditional on that revision too, so a change that lands in between is
 * refused the same way.
 *
 * Approve: status '1' (locked), errores_perfil cleared. Return: status '0' and no longer sent (the
 * borrower edits again), errores_perfil set, `modified` = today, so Inicio shows the reason the
 * next day (SPEC section 4).
 */
/** Why the conditional UPDATE changed nothing: decided meanwhile, or changed by the borrower meanwhile. */
async function whyNotDecided(db: DbOrTx, borrowerId: number, submittedAt: Date): Promise<string> {
  const [now] = await db
    .select({ status: profiles.status, sentForReviewAt: profiles.sentForReviewAt })
    .from(profiles)
    .where(eq(profiles.borrowerId, borrowerId))
    .limit(1);
  const stillWaiting = now?.status === '0' && now.sentForReviewAt?.getTime() === submittedAt.getTime();
  return stillWaiting ? staffMessages.profileChanged : staffMessages.otherAnalystDecided;
}

export async function decideProfile(deps: Deps, staff: StaffMember, borrowerId: number, input: Decision) {
  const [before] = await deps.db.select().from(profiles).where(eq(profiles.borrowerId, borrowerId)).limit(1);
  if (!before) throw notFound(staffMessages.borrowerNotFound);
  if (before.status !== '0' || !before.sentForReviewAt) {
    const [decided] = await deps.db
      .select({ id: profileReviews.id })
      .from(profileReviews)
      .where(eq(profileReviews.borrowerId, borrowerId))
      .orderBy(desc(profileReviews.decidedAt))
      .limit(1);
    throw conflict(decided ? staffMessages.otherAnalystDecided : staffMessages.notInReview);
  }
  if (before.revision !== input.version) throw conflict(staffMessages.profileChanged);
  const submittedAt = before.sentForReviewAt;

  try {
    return await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const date = today(deps);
      const changes =
        input.decision === 'approve'
          ? { status: '1', errorCode: null, modified: date, updatedAt: now, ...bumpRevision }
          : {
              status: '0',
              sentForReviewAt: null,
              sentSnapshot: null,
              errorCode: input.errorCode,
              modified: date,
              updatedAt: now,
              ...bumpRevision,
            };
      const [after] = await tx
        .update(profiles)
        .set(changes)
        .where(
          and(
            eq(profiles.borrowerId, borrowerId),
            eq(profiles.status, '0'),
            isNotNull(profiles.sentForReviewAt),
            eq(profiles.sentForReviewAt, submittedAt),
            eq(profiles.revision, input.version),
          ),
        )
        .returning();
      if (!after) throw conflict(await whyNotDecided(tx, borrowerId, submittedAt));

      const [review] = await tx
        .insert(profileReviews)
        .values({
          borrowerId,
          staffId: staff.id,
          decision: input.decision,
          errorCode: input.decision === 'return' ? input.errorCode : null,
          failedItems: input.decision === 'return' ? input.failedItems : {},
          note: input.note,
          submittedAt,
          decidedAt: now,
        })
        .returning({ id: profileReviews.id });

      await writeAudit(deps, tx, {
        actor: { type: 'staff', id: staff.id },
        action: input.decision === 'approve' ? 'profile.approve' : 'profile.return',
        entity: 'borrower',
        entityId: borrowerId,
        before: snapshot(before),
        after: {
          ...snapshot(after),
          decidedOnRevision: input.version,
          reviewId: review!.id,
          ...(input.decision === 'return' ? { failedItems: input.failedItems } : {}),
          note: input.note,
        },
      });

      await notifyBorrower(
        deps,
        tx,
        input.decision === 'approve'
          ? { borrowerId, title: APPROVED_TITLE, body: APPROVED_BODY, channel: 'sms' }
          : { borrowerId, title: RETURNED_TITLE, body: PROFILE_ERROR_TEXTS[input.errorCode], channel: 'sms' },
      );

      return {
        reviewId: review!.id,
        decision: input.decision,
        status: after.status,
        errores_perfil: after.errorCode,
        modified: after.modified,
        decidedAt: now.toISOString(),
      };
    });
  } catch (error) {
    // The unique (borrower, submission) index: a decision written by another process in between.
    if (isUniqueViolation(error)) throw conflict(staffMessages.otherAnalystDecided);
    throw error;
  }
}
