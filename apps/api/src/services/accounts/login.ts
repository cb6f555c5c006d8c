import type { AccountSummary } from '@prestamos-hn/contract';
import { loginCodeSchema, loginSchema } from '@prestamos-hn/domain';
import { eq, sql } from 'drizzle-orm';
import { borrowers } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit, writeBorrowerAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { enqueueMessage } from '../outbox.ts';
import { createSession, endAllSessions, replacePendingSession, type SessionContext } from '../sessions.ts';
import { accountPolicy } from '../shared/account-policy.ts';
import { clearLoginBackoff, loginWaitMinutes, recordWrongPassword } from '../login-backoff.ts';
import { checkLoginCode, sendCode, type CodeChannel } from '../one-time-codes.ts';
import { verifyPassword } from '../shared/passwords.ts';
import { parseOrRefuse } from '../shared/validation.ts';
import { passwordRecoveryPage } from './links.ts';
import {
  INVALID_CREDENTIALS_MESSAGE,
  LOGIN_CODE_CONFIRMED_MESSAGE,
  LOGIN_CODE_SENT_EMAIL_MESSAGE,
  LOGIN_CODE_SENT_SMS_MESSAGE,
  SESSION_ALREADY_VERIFIED_MESSAGE,
  accountLockedEmail,
  loginBackoffEmail,
  loginBackoffMessage,
  loginCodeEmail,
  loginCodeSms,
} from './messages.ts';
import { findBorrowerById, toAccountSummary } from './summary.ts';

type Client = { ip: string; userAgent?: string };

/** Makes a login code and queues it by SMS or e-mail, in one transaction. */
async function sendLoginCode(
  deps: Deps,
  borrowerId: number,
  channel: CodeChannel,
  ip: string,
): Promise<void> {
  const borrower = await findBorrowerById(deps.db, borrowerId);
  if (!borrower) throw new Error(`session of a missing borrower ${borrowerId}`);
  await deps.db.transaction(async (tx) => {
    await sendCode(deps, tx, {
      target: { purpose: 'login', borrowerId },
      channel,
      resendLockMs: accountPolicy.loginResendLockMs,
      ip,
      to: channel === 'sms' ? borrower.mobPhone : borrower.email,
      message: (code) =>
        channel === 'sms'
          ? { body: loginCodeSms(deps.config.brandName, code) }
          : loginCodeEmail(deps.config.brandName, code),
    });
  });
}

/**
 * Counts a wrong password; the 100th in a row locks the account, ends its sessions and tells its owner
 * by e-mail.
 */
async function recordFailedLogin(deps: Deps, borrowerId: number): Promise<void> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(borrowers)
      .set({ failedLogins: sql`${borrowers.failedLogins} + 1` })
      .where(eq(borrowers.id, borrowerId))
      .returning();
    const failed = row!.failedLogins;
    const locks = failed >= accountPolicy.maxFailedLogins && !row!.lockedAt;
    await writeAudit(deps, tx, {
      actor: { type: 'system' },
      action: locks ? 'account_locked' : 'login_failed',
      entity: 'borrower',
      entityId: borrowerId,
      before: { failed_logins: failed - 1, locked: row!.lockedAt !== null },
      after: { failed_logins: failed, locked: locks || row!.lockedAt !== null },
    });
    if (locks) {
      await tx.update(borrowers).set({ lockedAt: deps.clock.now() }).where(eq(borrowers.id, borrowerId));
      // Whoever guessed the password may already be in: a locked account keeps no session open.
      await endAllSessions(deps, tx, borrowerId, 'account_locked');
      const mail = accountLockedEmail(
        deps.config.brandName,
        row!.firstName,
        passwordRecoveryPage(deps.config),
      );
      await enqueueMessage(deps, tx, { channel: 'email', to: row!.email, ...mail });
    }
  });
}

/**
 * login.php: e-mail and password. An unknown e-mail and a wrong password get the same answer after
 * the same work (one argon2 verification). On success the answer is a session that waits for its
 * login code, which is sent by SMS at once.
 */
export async function logIn(
  deps: Deps,
  input: { email: string; password: string },
  client: Client,
): Promise<{ message: string; sid: string; data: AccountSummary }> {
  const { email: typedEmail, password } = loginSchema.parse(input);
  const email = typedEmail.trim().toLowerCase();
  // The per-account backoff (issue 32 point 3): while the e-mail's wait runs, every password is
  // refused unchecked, for an account's e-mail or any other alike; the owner may recover at once.
  const waitMinutes = email === '' ? null : await loginWaitMinutes(deps, 'borrower', email);
  if (waitMinutes !== null) throw new UserError(loginBackoffMessage(waitMinutes));
  const [borrower] =
    email === ''
      ? []
      : await deps.db
          .select()
          .from(borrowers)
          .where(eq(sql`lower(${borrowers.email})`, email))
          .limit(1);
  const passwordOk = await verifyPassword(borrower?.passwordHash, password);
  // A locked account answers as a wrong password does, right password or not: the answer never
  // tells that the account exists (docs/security.md, issue 15 point 6). Its owner was told by
  // e-mail when it locked, with the recovery link that unlocks it.
  if (!borrower || borrower.lockedAt || !passwordOk) {
    if (borrower && !borrower.lockedAt) await recordFailedLogin(deps, borrower.id);
    if (email !== '') {
      const { started } = await recordWrongPassword(deps, 'borrower', email);
      if (started && borrower && !borrower.lockedAt) {
        const mail = loginBackoffEmail(
          deps.config.brandName,
          borrower.firstName,
          passwordRecoveryPage(deps.config),
        );
        await enqueueMessage(deps, deps.db, { channel: 'email', to: borrower.email, ...mail });
      }
    }
    throw new UserError(INVALID_CREDENTIALS_MESSAGE);
  }
  await clearLoginBackoff(deps, 'borrower', email);

  const sid = await deps.db.transaction(async (tx) => {
    if (borrower.failedLogins > 0) {
      await tx.update(borrowers).set({ failedLogins: 0 }).where(eq(borrowers.id, borrower.id));
      await writeBorrowerAudit(deps, tx, borrower.id, {
        action: 'login_failures_cleared',
        before: { failed_logins: borrower.failedLogins },
        after: { failed_logins: 0 },
      });
    }
    const session = await createSession(
      deps,
      { borrowerId: borrower.id, state: 'pending_code', ip: client.ip, userAgent: client.userAgent },
      tx,
    );
    return session.sid;
  });

  try {
    await sendLoginCode(deps, borrower.id, 'sms', client.ip);
  } catch (error) {
    // Inside the resend lock or past the hourly limit the code already sent stays valid, and
    // otp_login.php says how long to wait; the password step itself succeeded.
    if (!(error instanceof UserError)) throw error;
  }
  return { message: LOGIN_CODE_SENT_SMS_MESSAGE, sid, data: toAccountSummary(borrower) };
}

/** otp_login.php (SMS) and otp_mail.php (e-mail): the login code again, after the 60-second lock. */
export async function resendLoginCode(
  deps: Deps,
  session: SessionContext,
  channel: CodeChannel,
  ip: string,
): Promise<{ message: string }> {
  if (session.state === 'active') return { message: SESSION_ALREADY_VERIFIED_MESSAGE };
  await sendLoginCode(deps, session.borrowerId, channel, ip);
  return { message: channel === 'sms' ? LOGIN_CODE_SENT_SMS_MESSAGE : LOGIN_CODE_SENT_EMAIL_MESSAGE };
}

/**
 * otp_cmp_login.php: the right code ends the waiting session and answers a new `sid` for an active
 * one (the token sent before the code never becomes the session). Wrong codes are counted per
 * account across resends and channels: at `maxWrongLoginCodes` code entry is locked for the rest
 * of the window, the right code included.
 */
export async function confirmLoginCode(
  deps: Deps,
  session: SessionContext,
  input: { code: string },
  client: Client,
): Promise<{ message: string; sid?: string }> {
  if (session.state === 'active') return { message: SESSION_ALREADY_VERIFIED_MESSAGE };
  const { code } = parseOrRefuse(loginCodeSchema, input);
  const outcome = await checkLoginCode(deps, { purpose: 'login', borrowerId: session.borrowerId }, code);
  if (!outcome.ok) throw new UserError(outcome.message, { field: 'code' });
  const sid = await replacePendingSession(deps, session, client);
  return { message: LOGIN_CODE_CONFIRMED_MESSAGE, sid };
}
