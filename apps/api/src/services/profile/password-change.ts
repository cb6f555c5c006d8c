import { profileMessages } from '@prestamos-hn/contract';
import { profilePasswordChangeSchema } from '@prestamos-hn/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { borrowers, sessions } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { sendSecurityNotice } from '../security-notices.ts';
import { writeBorrowerAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import type { SessionContext } from '../sessions.ts';
import { limitPasswordChecks } from '../rate-limits.ts';
import { hashPassword, verifyPassword } from '../shared/passwords.ts';
import { refuseCommonPassword } from '../shared/common-passwords.ts';
import { parseOrRefuse } from '../shared/validation.ts';

/**
 * PostResetPassword.php: the current password must match; the new one follows the domain rule. The
 * hash changes and every other session of the borrower ends (this one stays), with an audit row and
 * a notice in the app, by e-mail and by SMS (a takeover does not go unseen).
 */
export async function changePassword(
  deps: Deps,
  session: SessionContext,
  input: { currentPassword: string; newPassword: string },
): Promise<{ message: string }> {
  const form = parseOrRefuse(profilePasswordChangeSchema, { ...input, passwordRepeat: input.newPassword });
  await limitPasswordChecks(deps, session.borrowerId);
  const [row] = await deps.db
    .select({ passwordHash: borrowers.passwordHash, email: borrowers.email, mobPhone: borrowers.mobPhone })
    .from(borrowers)
    .where(eq(borrowers.id, session.borrowerId))
    .limit(1);
  if (!(await verifyPassword(row?.passwordHash, form.currentPassword))) {
    throw new UserError(profileMessages.currentPasswordWrong, { field: 'currentPassword' });
  }
  refuseCommonPassword(form.newPassword, 'newPassword');
  const passwordHash = await hashPassword(form.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(borrowers).set({ passwordHash }).where(eq(borrowers.id, session.borrowerId));
    const ended = await tx
      .update(sessions)
      .set({ endedAt: deps.clock.now(), endReason: 'password_change' })
      .where(
        and(
          eq(sessions.borrowerId, session.borrowerId),
          ne(sessions.id, session.id),
          isNull(sessions.endedAt),
        ),
      )
      .returning({ id: sessions.id });
    await writeBorrowerAudit(deps, tx, session.borrowerId, {
      action: 'password.change',
      after: { otherSessionsEnded: ended.length },
    });
    await sendSecurityNotice(deps, tx, {
      kind: 'password',
      borrowerId: session.borrowerId,
      email: row!.email,
      phoneBefore: row!.mobPhone,
    });
  });
  return { message: profileMessages.passwordChanged };
}
