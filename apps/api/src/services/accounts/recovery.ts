import { passwordChangeSchema, passwordRecoverySchema } from '@prestamos-hn/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { borrowers } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeBorrowerAudit } from '../audit.ts';
import { clearLoginBackoff } from '../login-backoff.ts';
import type { Deps } from '../deps.ts';
import { enqueueMessage } from '../outbox.ts';
import { endAllSessions } from '../sessions.ts';
import { accountPolicy } from '../shared/account-policy.ts';
import { hashPassword } from '../shared/passwords.ts';
import { refuseCommonPassword } from '../shared/common-passwords.ts';
import { parseOrRefuse } from '../shared/validation.ts';
import { consumeEmailToken, createEmailToken, emailLinkAllowance, findEmailToken } from './email-tokens.ts';
import { passwordRecoveryLink } from './links.ts';
import {
  INVALID_LINK_MESSAGE,
  PASSWORD_UPDATED_MESSAGE,
  RECOVERY_SENT_MESSAGE,
  passwordChangedEmail,
  recoveryEmail,
} from './messages.ts';

/**
 * recovery.php: e-mails a link to choose a new password. The answer is the same whether the e-mail
 * is registered or not, and whether or not a link was sent (the per-account limits skip it silently).
 */
export async function requestPasswordRecovery(
  deps: Deps,
  input: { email: string },
): Promise<{ message: string }> {
  const email = parseOrRefuse(passwordRecoverySchema, input).email.toLowerCase();
  const [borrower] = await deps.db
    .select()
    .from(borrowers)
    .where(eq(sql`lower(${borrowers.email})`, email))
    .limit(1);
  if (borrower) {
    await deps.db.transaction(async (tx) => {
      const allowance = await emailLinkAllowance(deps, tx, borrower.id, 'recover_password');
      if (allowance.waitMs > 0 || allowance.hourlyLimitReached) return;
      const token = await createEmailToken(deps, tx, {
        purpose: 'recover_password',
        borrowerId: borrower.id,
        email: borrower.email,
        ttlMs: accountPolicy.recoveryTokenTtlMs,
      });
      const mail = recoveryEmail(
        deps.config.brandName,
        borrower.firstName,
        passwordRecoveryLink(deps.config, borrower.email, token),
      );
      await enqueueMessage(deps, tx, { channel: 'email', to: borrower.email, ...mail });
    });
  }
  return { message: RECOVERY_SENT_MESSAGE };
}

const newPasswordSchema = z.object({ password: passwordChangeSchema.shape.password });

/**
 * recoverypwd.php: with a valid recovery token for that e-mail (both from the link), sets the new password,
 * unlocks the account (and ends the e-mail's log-in backoff), retires the account's other recovery
 * links and ends every session.
 */
export async function resetPasswordWithToken(
  deps: Deps,
  input: { email: string; token: string; password: string },
): Promise<{ message: string }> {
  const { password } = parseOrRefuse(newPasswordSchema, input);
  const now = deps.clock.now();
  const token = await findEmailToken(deps.db, 'recover_password', input.token.trim());
  const email = input.email.trim().toLowerCase();
  if (
    !token ||
    token.usedAt ||
    token.expiresAt.getTime() < now.getTime() ||
    token.email.toLowerCase() !== email
  ) {
    throw new UserError(INVALID_LINK_MESSAGE);
  }
  refuseCommonPassword(password, 'password');
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction(async (tx) => {
    const [borrower] = await tx
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, token.borrowerId))
      .for('update');
    if (!borrower || borrower.email.toLowerCase() !== email) return false;
    if (!(await consumeEmailToken(deps, tx, token, 'recover_password'))) return false;
    await tx
      .update(borrowers)
      .set({ passwordHash, failedLogins: 0, lockedAt: null })
      .where(eq(borrowers.id, borrower.id));
    const ended = await endAllSessions(deps, tx, borrower.id, 'password_recovered');
    await writeBorrowerAudit(deps, tx, borrower.id, {
      action: 'password_recovered',
      before: { locked: borrower.lockedAt !== null, failed_logins: borrower.failedLogins },
      after: { locked: false, failed_logins: 0, password_changed: true, sessions_ended: ended },
    });
    const mail = passwordChangedEmail(deps.config.brandName, borrower.firstName);
    await enqueueMessage(deps, tx, { channel: 'email', to: borrower.email, ...mail });
    return true;
  });
  if (!done) throw new UserError(INVALID_LINK_MESSAGE);
  // The owner proved the e-mail: the per-account backoff ends, they may log in at once.
  await clearLoginBackoff(deps, 'borrower', email);
  return { message: PASSWORD_UPDATED_MESSAGE };
}
