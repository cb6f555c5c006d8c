import { eq, sql } from 'drizzle-orm';
import { staffAccounts } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { clearLoginBackoff, loginWaitMinutes, recordWrongPassword } from '../login-backoff.ts';
import { accountPolicy } from '../shared/account-policy.ts';
import { checkLoginCode, sendCode } from '../one-time-codes.ts';
import { verifyPassword } from '../shared/passwords.ts';
import { Refusal, staffMessages } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { sendStaffPasswordLink } from './password-links.ts';
import {
  activateStaffSession,
  createStaffSession,
  endAllStaffSessions,
  endStaffSession,
  type StaffSession,
} from './staff-sessions.ts';

type Client = { ip: string; userAgent?: string };

/** Wrong passwords in a row that lock a staff account, and for how long. */
export const STAFF_MAX_FAILED_LOGINS = 10;
export const STAFF_LOCK_MS = 15 * 60_000;

export const staffLoginCodeEmail = (brand: string, code: string) => ({
  subject: `Tu código para ingresar al back-office de ${brand}`,
  body: `Hola:\n\nTu código para ingresar al back-office de ${brand} es ${code}.\nVence en 5 minutos. No lo compartas con nadie.\n\nSi no intentaste ingresar, avisa de inmediato a un administrador.\n\n${brand}`,
});

const invalidCredentials = () => new Refusal('unauthenticated', staffMessages.invalidCredentials);

/**
 * The password step. An unknown e-mail, a disabled account and a wrong password get the same answer
 * after the same work (one argon2id verification). On success: a session waiting for its code, and
 * a 6-digit code e-mailed through the outbox, in one transaction (the code service's resend lock
 * and hourly limit apply). Returns the pending session's token.
 */
export async function logInStaff(
  deps: Deps,
  input: { email: string; password: string },
  client: Client,
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  // The per-account backoff (issue 32 point 3), as for borrowers: while the e-mail's wait runs,
  // every password is refused unchecked, for a staff e-mail or any other alike; the owner got a link
  // that sets a new password and lets them in at once.
  const waitMinutes = await loginWaitMinutes(deps, 'staff', email);
  if (waitMinutes !== null) throw new UserError(staffMessages.loginBackoff(waitMinutes));
  const [staff] = await deps.db
    .select()
    .from(staffAccounts)
    .where(eq(sql`lower(${staffAccounts.email})`, email))
    .limit(1);
  const usable = staff && !staff.disabledAt ? staff : undefined;
  const passwordOk = await verifyPassword(usable?.passwordHash, input.password);
  if (!usable || !passwordOk) {
    const { started } = await recordWrongPassword(deps, 'staff', email);
    if (started && usable) {
      await deps.db.transaction((tx) => sendStaffPasswordLink(deps, tx, usable, 'unlock'));
    }
  }
  if (!usable) throw invalidCredentials();
  const now = deps.clock.now();
  // A locked account answers as a wrong password does, right password or not (issue 32 point 3):
  // the answer never says the account exists or is locked.
  if (usable.lockedUntil && usable.lockedUntil.getTime() > now.getTime()) throw invalidCredentials();

  if (!passwordOk) {
    await deps.db.transaction(async (tx) => {
      const failed = usable.failedLogins + 1;
      const locks = failed >= STAFF_MAX_FAILED_LOGINS;
      await tx
        .update(staffAccounts)
        .set(
          locks
            ? { failedLogins: 0, lockedUntil: new Date(now.getTime() + STAFF_LOCK_MS) }
            : { failedLogins: sql`${staffAccounts.failedLogins} + 1` },
        )
        .where(eq(staffAccounts.id, usable.id));
      // A locked account keeps no session open (whoever guessed the password may already be in).
      const endedSessions = locks ? await endAllStaffSessions(deps, tx, usable.id, 'locked') : 0;
      await writeAudit(deps, tx, {
        actor: { type: 'system' },
        action: locks ? 'staff.locked' : 'staff.login_failed',
        entity: 'staff',
        entityId: usable.id,
        before: { failed_logins: usable.failedLogins },
        after: { failed_logins: locks ? 0 : failed, locked: locks, ip: client.ip, endedSessions },
      });
    });
    throw invalidCredentials();
  }

  await clearLoginBackoff(deps, 'staff', email);
  return deps.db.transaction(async (tx) => {
    if (usable.failedLogins > 0 || usable.lockedUntil) {
      await tx
        .update(staffAccounts)
        .set({ failedLogins: 0, lockedUntil: null })
        .where(eq(staffAccounts.id, usable.id));
    }
    const token = await createStaffSession(deps, tx, {
      staffId: usable.id,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    // Inside the resend lock (60 s) or past the hourly limit this refuses with the code service's
    // message ('Espera N segundos…'), and no pending session is made.
    await sendCode(deps, tx, {
      target: { purpose: 'staff_login', staffId: usable.id },
      channel: 'email',
      resendLockMs: accountPolicy.loginResendLockMs,
      ip: client.ip,
      to: usable.email,
      message: (code) => staffLoginCodeEmail(deps.config.brandName, code),
    });
    return token;
  });
}

/**
 * The code step: the newest staff login code, with the code service's 5 tries and 5 minutes. The
 * right code makes the session active under a new token and writes the audit row of the login.
 */
export async function confirmStaffCode(
  deps: Deps,
  session: StaffSession,
  code: string,
  client: Client,
): Promise<{ token: string; staff: StaffMember }> {
  const outcome = await checkLoginCode(deps, { purpose: 'staff_login', staffId: session.staff.id }, code);
  if (!outcome.ok) throw new UserError(outcome.message, { field: 'code' });
  const token = await deps.db.transaction(async (tx) => {
    const active = await activateStaffSession(deps, tx, session.id);
    await writeAudit(deps, tx, {
      actor: { type: 'staff', id: session.staff.id },
      action: 'staff.login',
      entity: 'staff',
      entityId: session.staff.id,
      after: { ip: client.ip, userAgent: client.userAgent?.slice(0, 300) ?? null },
    });
    return active;
  });
  return { token, staff: session.staff };
}

export async function logOutStaff(deps: Deps, session: StaffSession): Promise<void> {
  await endStaffSession(deps, session.id, 'logout');
}

export function toStaffView(staff: StaffMember) {
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    mustChangePassword: staff.mustChangePassword,
  };
}
