import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { SessionError } from '../errors.ts';
import type { Deps } from './deps.ts';

export type SessionState = 'pending_code' | 'active';

export interface SessionContext {
  id: number;
  borrowerId: number;
  state: SessionState;
}

/** 256 random bits, base64url: the `sid` the app keeps. Only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

const SID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A session waiting for its login code lives this long: past it, the password step starts again. */
export const PENDING_SESSION_MS = 10 * 60_000;
const LAST_SEEN_RESOLUTION_MS = 60_000;

export async function createSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { borrowerId: number; state: SessionState; ip?: string; userAgent?: string },
  db: DbOrTx = deps.db,
): Promise<{ sid: string; session: SessionContext }> {
  const sid = newSessionToken();
  const now = deps.clock.now();
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashSessionToken(sid),
      borrowerId: input.borrowerId,
      state: input.state,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(
        now.getTime() +
          (input.state === 'pending_code' ? PENDING_SESSION_MS : deps.config.session.absoluteMs),
      ),
    })
    .returning({ id: sessions.id });
  return { sid, session: { id: row!.id, borrowerId: input.borrowerId, state: input.state } };
}

/**
 * Finds the open session for `sid`, refusing one that is unknown, ended, past its absolute expiry,
 * idle for too long, or still waiting for its login code when the call needs an active one.
 * A valid session's idle timer restarts.
 */
export async function resolveSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  sid: unknown,
  opts: { allowPending: boolean },
): Promise<SessionContext> {
  if (typeof sid !== 'string' || !SID_PATTERN.test(sid)) throw new SessionError('missing or malformed sid');
  const now = deps.clock.now();
  const [row] = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashSessionToken(sid)), isNull(sessions.endedAt)))
    .limit(1);
  if (!row) throw new SessionError('unknown or ended session');

  const idleDeadline = row.lastSeenAt.getTime() + deps.config.session.idleMs;
  if (now.getTime() >= row.expiresAt.getTime() || now.getTime() >= idleDeadline) {
    await deps.db
      .update(sessions)
      .set({ endedAt: now, endReason: 'expired' })
      .where(and(eq(sessions.id, row.id), isNull(sessions.endedAt)));
    throw new SessionError('expired session');
  }
  const state = row.state as SessionState;
  if (state === 'pending_code' && !opts.allowPending) throw new SessionError('session waiting for its code');

  // The idle timer restarts at most once a minute: a poll every few seconds then costs one read, not
  // a write per call (the idle expiry is counted in minutes anyway).
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  return { id: row.id, borrowerId: row.borrowerId, state };
}

/**
 * Whether a session may still make session calls (active, not ended, within its idle and absolute
 * expiry), without restarting its idle timer: the chat's live channel checks it while it is open.
 */
export async function isSessionOpen(deps: Pick<Deps, 'db' | 'clock' | 'config'>, sessionId: number) {
  const now = deps.clock.now().getTime();
  const [row] = await deps.db
    .select({ state: sessions.state, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .limit(1);
  return (
    row !== undefined &&
    row.state === 'active' &&
    now < row.expiresAt.getTime() &&
    now < row.lastSeenAt.getTime() + deps.config.session.idleMs
  );
}

/**
 * The login code was confirmed: the session may now make every session call, and its absolute
 * expiry is counted from now (a pending session lives only `PENDING_SESSION_MS`).
 */
export async function activateSession(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  sessionId: number,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(sessions)
    .set({
      state: 'active',
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + deps.config.session.absoluteMs),
    })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

export async function endSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  sessionId: number,
  reason: string,
): Promise<void> {
  await deps.db
    .update(sessions)
    .set({ endedAt: deps.clock.now(), endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a borrower (password change, recovery, account lock). */
export async function endAllSessions(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  borrowerId: number,
  reason: string,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: deps.clock.now(), endReason: reason })
    .where(and(eq(sessions.borrowerId, borrowerId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
