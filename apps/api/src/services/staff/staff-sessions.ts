import type { StaffRole } from '@prestamos-hn/domain';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts, staffSessions } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { hashSessionToken, newSessionToken } from '../sessions.ts';
import { notLoggedIn } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';

export type StaffSessionState = 'pending_code' | 'active';

export interface StaffSession {
  id: number;
  state: StaffSessionState;
  staff: StaffMember;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const LAST_SEEN_RESOLUTION_MS = 60_000;
/** A session waiting for its code lives as long as the code. */
export const PENDING_SESSION_MS = 5 * 60_000;

/**
 * The CSRF token of a session (synchronizer token): HMAC-SHA256 of a fixed label keyed by the
 * session's own secret token, so nothing more is stored and it changes with every session. The
 * cookie is httpOnly: a page of another site can neither read the cookie nor compute this.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('prestamos-hn:backoffice:csrf').digest('base64url');
}

export function isCsrfTokenValid(sessionToken: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 100) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export async function createStaffSession(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  input: { staffId: number; ip?: string; userAgent?: string },
): Promise<string> {
  const token = newSessionToken();
  const now = deps.clock.now();
  await db.insert(staffSessions).values({
    tokenHash: hashSessionToken(token),
    staffId: input.staffId,
    state: 'pending_code',
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SESSION_MS),
  });
  return token;
}

/**
 * The open session for a cookie's token, refusing (401) one that is unknown, ended, past its
 * absolute expiry, idle longer than the setting (30 minutes), of a disabled account, or in the
 * wrong state. A valid active session's idle timer restarts (at most once a minute).
 */
export async function resolveStaffSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  token: unknown,
  state: StaffSessionState,
): Promise<StaffSession> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw notLoggedIn();
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ session: staffSessions, staff: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashSessionToken(token)), isNull(staffSessions.endedAt)))
    .limit(1);
  if (!row) throw notLoggedIn();
  const { session, staff } = row;
  const idleDeadline = session.lastSeenAt.getTime() + deps.config.backoffice.idleMs;
  const expired = now.getTime() >= session.expiresAt.getTime() || now.getTime() >= idleDeadline;
  if (expired || staff.disabledAt) {
    await endStaffSession(deps, session.id, expired ? 'expired' : 'disabled');
    throw notLoggedIn();
  }
  if (session.state !== state) throw notLoggedIn();
  if (state === 'active' && now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await deps.db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.id));
  }
  return {
    id: session.id,
    state: session.state as StaffSessionState,
    staff: {
      id: staff.id,
      email: staff.email,
      name: staff.name,
      role: staff.role as StaffRole,
      mustChangePassword: staff.passwordChangeRequiredAt !== null,
    },
  };
}

/**
 * The code was right: the waiting session becomes active under a NEW token (the pending token,
 * which travelled before the second factor, never becomes a full session).
 */
export async function activateStaffSession(
  deps: Pick<Deps, 'clock' | 'config'>,
  db: DbOrTx,
  sessionId: number,
): Promise<string> {
  const token = newSessionToken();
  const now = deps.clock.now();
  await db
    .update(staffSessions)
    .set({
      tokenHash: hashSessionToken(token),
      state: 'active',
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + deps.config.backoffice.absoluteMs),
    })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)));
  return token;
}

/**
 * Whether an active staff session is still open (not ended, not idle, not past its absolute expiry,
 * its account enabled), without counting the check as activity: the inbox's live channel asks this
 * on every heartbeat, and an open stream alone must not keep a session alive.
 */
export async function isStaffSessionOpen(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  sessionId: number,
): Promise<boolean> {
  const now = deps.clock.now().getTime();
  const [row] = await deps.db
    .select({ session: staffSessions, disabledAt: staffAccounts.disabledAt })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)))
    .limit(1);
  return (
    row !== undefined &&
    row.disabledAt === null &&
    row.session.state === 'active' &&
    now < row.session.expiresAt.getTime() &&
    now < row.session.lastSeenAt.getTime() + deps.config.backoffice.idleMs
  );
}

export async function endStaffSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  sessionId: number,
  reason: string,
): Promise<void> {
  await deps.db
    .update(staffSessions)
    .set({ endedAt: deps.clock.now(), endReason: reason })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.endedAt)));
}

/** Ends every open session of a staff member (account disabled). Returns how many. */
export async function endAllStaffSessions(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  staffId: number,
  reason: string,
): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: deps.clock.now(), endReason: reason })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  return ended.length;
}
