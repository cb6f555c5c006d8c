import { COMPLETE_STATUS } from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { borrowers } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeBorrowerAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { enqueueMessage } from '../outbox.ts';
import { accountPolicy } from '../shared/account-policy.ts';
import { consumeEmailToken, createEmailToken, emailLinkAllowance, findEmailToken } from './email-tokens.ts';
import { emailValidationLink } from './links.ts';
import {
  EMAIL_ALREADY_VALIDATED_MESSAGE,
  EMAIL_VALIDATED_MESSAGE,
  INVALID_LINK_MESSAGE,
  TOO_MANY_EMAILS_MESSAGE,
  VALIDATION_EMAIL_SENT_MESSAGE,
  validationEmail,
  waitForEmailMessage,
} from './messages.ts';
import { findBorrowerById } from './summary.ts';

/**
 * validatemail.php: a valid link confirms the e-mail it was sent to. An account already confirmed
 * answers ER with `status: 'CMP'` (the app counts that as validated); an unknown, used or expired
 * link, or one for an address the account no longer has, answers ER.
 */
export async function validateEmail(deps: Deps, input: { code: string }): Promise<{ message: string }> {
  const now = deps.clock.now();
  const token = await findEmailToken(deps.db, 'validate_email', input.code.trim());
  if (!token) throw new UserError(INVALID_LINK_MESSAGE);
  const outcome = await deps.db.transaction(async (tx) => {
    const [borrower] = await tx
      .select()
      .from(borrowers)
      .where(eq(borrowers.id, token.borrowerId))
      .for('update');
    if (!borrower) return 'invalid' as const;
    const sameAddress = borrower.email.toLowerCase() === token.email.toLowerCase();
    if (borrower.emailConfirmedAt && sameAddress) return 'already' as const;
    if (!sameAddress || token.usedAt || token.expiresAt.getTime() < now.getTime()) return 'invalid' as const;
    if (!(await consumeEmailToken(deps, tx, token, 'validate_email'))) return 'invalid' as const;
    await tx.update(borrowers).set({ emailConfirmedAt: now }).where(eq(borrowers.id, borrower.id));
    await writeBorrowerAudit(deps, tx, borrower.id, {
      action: 'email_validated',
      before: { email: borrower.email, email_confirmed: false },
      after: { email: borrower.email, email_confirmed: true },
    });
    return 'validated' as const;
  });
  if (outcome === 'already')
    throw new UserError(EMAIL_ALREADY_VALIDATED_MESSAGE, { status: COMPLETE_STATUS });
  if (outcome === 'invalid') throw new UserError(INVALID_LINK_MESSAGE);
  return { message: EMAIL_VALIDATED_MESSAGE };
}

/** resendMail.php: the validation link again, at most once a minute and 5 times an hour. */
export async function resendValidationEmail(deps: Deps, borrowerId: number): Promise<{ message: string }> {
  const borrower = await findBorrowerById(deps.db, borrowerId);
  if (!borrower) throw new Error(`session of a missing borrower ${borrowerId}`);
  if (borrower.emailConfirmedAt) return { message: EMAIL_ALREADY_VALIDATED_MESSAGE };
  await deps.db.transaction(async (tx) => {
    const allowance = await emailLinkAllowance(deps, tx, borrowerId, 'validate_email');
    if (allowance.waitMs > 0) {
      const seconds = Math.ceil(allowance.waitMs / 1000);
      throw new UserError(waitForEmailMessage(seconds), { seconds });
    }
    if (allowance.hourlyLimitReached) throw new UserError(TOO_MANY_EMAILS_MESSAGE);
    await sendValidationEmail(deps, tx, { borrowerId, email: borrower.email, firstName: borrower.firstName });
  });
  return { message: VALIDATION_EMAIL_SENT_MESSAGE };
}

/** Queues the e-mail with a new validation link for the address, at registration and on each resend. */
export async function sendValidationEmail(
  deps: Deps,
  tx: DbOrTx,
  to: { borrowerId: number; email: string; firstName: string },
): Promise<void> {
  const token = await createEmailToken(deps, tx, {
    purpose: 'validate_email',
    borrowerId: to.borrowerId,
    email: to.email,
    ttlMs: accountPolicy.emailValidationTokenTtlMs,
  });
  const mail = validationEmail(deps.config.brandName, to.firstName, emailValidationLink(deps.config, token));
  await enqueueMessage(deps, tx, { channel: 'email', to: to.email, ...mail });
}
