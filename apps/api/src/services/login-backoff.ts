import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema/index.ts';
import type { Deps } from './deps.ts';
import { hitRateLimit, minutesLeft, readRateLimit } from './rate-limits.ts';

/**
 * Per-account backoff of wrong passwords (issue 32 point 3): wrong passwords from many addresses
 * slow down one account's log-in without locking its owner out. Counted per typed e-mail (its
 * SHA-256, lowercased), whether an account has it or not, so the answers never tell which e-mails
 * are accounts. The first LOGIN_FREE_FAILURES wrong passwords in a day cost nothing; each one after
 * opens a wait that doubles (1, 2, 4 … minutes, at most LOGIN_MAX_WAIT_MS) during which every
 * password for that e-mail is refused unchecked, the right one included. The owner gets in at once
 * through the recovery link (borrowers: e-mailed when the backoff starts), which clears it; a right
 * password outside a wait clears it too. Kept in `rate_limit_counters`, shared by every instance.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_MAX_WAIT_MS = 60 * 60_000;
/** Wrong passwords are counted over this window (then the count starts again). */
export const LOGIN_FAILURE_WINDOW_MS = 24 * 60 * 60_000;

export type LoginAudience = 'borrower' | 'staff';

function keys(audience: LoginAudience, email: string) {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const base = `login-backoff:${audience}:${hash}`;
  return { failures: `${base}:failures`, wait: `${base}:wait` };
}

/** The wait after the `failures`-th wrong password in the window (0 while they are free). */
export function loginWaitMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_WAIT_MS, 60_000 * 2 ** (failures - LOGIN_FREE_FAILURES));
}

/** Whole minutes (at least 1) until the e-mail's wait ends, or null when it may try now. */
export async function loginWaitMinutes(
  deps: Pick<Deps, 'db' | 'clock'>,
  audience: LoginAudience,
  email: string,
): Promise<number | null> {
  const wait = await readRateLimit(deps, keys(audience, email).wait);
  if (!wait) return null;
  return minutesLeft(deps, wait.resetsAt);
}

/**
 * Counts a wrong password for the e-mail and opens its wait once past the free ones. `started` is
 * true for the failure that starts the backoff (the moment to tell the owner, once).
 */
export async function recordWrongPassword(
  deps: Pick<Deps, 'db' | 'clock'>,
  audience: LoginAudience,
  email: string,
): Promise<{ failures: number; started: boolean }> {
  const k = keys(audience, email);
  const { hits } = await hitRateLimit(deps, k.failures, LOGIN_FAILURE_WINDOW_MS);
  const waitMs = loginWaitMs(hits);
  if (waitMs > 0) await hitRateLimit(deps, k.wait, waitMs);
  return { failures: hits, started: hits === LOGIN_FREE_FAILURES };
}

/** The owner got in (a right password, a recovery): the e-mail's count and wait are gone. */
export async function clearLoginBackoff(
  deps: Pick<Deps, 'db'>,
  audience: LoginAudience,
  email: string,
): Promise<void> {
  const k = keys(audience, email);
  await deps.db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, [k.failures, k.wait]));
}
