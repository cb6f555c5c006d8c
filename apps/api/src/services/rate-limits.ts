import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema/index.ts';
import { RateLimitError } from '../errors.ts';
import type { Deps } from './deps.ts';

/**
 * Rate-limit counters in the database in use (table `rate_limit_counters`), so that every API
 * instance on one PostgreSQL counts against one limit. A fixed window per key: the first hit opens
 * it for `windowMs`, later hits add one until it ends, then the next hit opens a new one. One
 * statement (`insert ... on conflict do update ... returning`): PostgreSQL locks the row, so two
 * instances hitting the same key at once never both see the same count.
 */
export async function hitRateLimit(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: string,
  windowMs: number,
): Promise<{ hits: number; resetsAt: Date }> {
  const now = deps.clock.now();
  const resetsAt = new Date(now.getTime() + windowMs);
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const [row] = await deps.db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetsAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.resetsAt} <= ${nowParam} then 1 else ${rateLimitCounters.hits} + 1 end`,
        resetsAt: sql`case when ${rateLimitCounters.resetsAt} <= ${nowParam} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, resetsAt: rateLimitCounters.resetsAt });
  return row!;
}

/** The live window of `key` (its hits and end), without counting a hit; undefined when none. */
export async function readRateLimit(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: string,
): Promise<{ hits: number; resetsAt: Date } | undefined> {
  const [row] = await deps.db
    .select({ hits: rateLimitCounters.hits, resetsAt: rateLimitCounters.resetsAt })
    .from(rateLimitCounters)
    .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetsAt, deps.clock.now())));
  return row;
}

/** Counts one hit on `key` and refuses it (RateLimitError, HTTP 429) past `max` in the window. */
export async function enforceRateLimit(
  deps: Pick<Deps, 'db' | 'clock'>,
  key: string,
  limit: { max: number; windowMs: number },
): Promise<void> {
  const { hits } = await hitRateLimit(deps, key, limit.windowMs);
  if (hits > limit.max) throw new RateLimitError();
}

/** Deletes the counters whose window ended (the hourly sweep); returns how many. */
export async function sweepRateLimits(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const gone = await deps.db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.resetsAt, deps.clock.now()))
    .returning({ key: rateLimitCounters.key });
  return gone.length;
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on our database. The key it is given already names the route and
 * the client (app.ts, keyGenerator), so every route's limiter (`child`) shares the one table.
 */
export function databaseRateLimitStore(deps: Pick<Deps, 'db' | 'clock'>) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      hitRateLimit(deps, `route:${key}`, timeWindow).then(
        ({ hits, resetsAt }) =>
          callback(null, {
            current: hits,
            ttl: Math.max(0, resetsAt.getTime() - deps.clock.now().getTime()),
          }),
        (error: unknown) => callback(error as Error),
      );
    }

    child(): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}

/**
 * A borrower's current-password checks outside the login (password change, phone change): at most
 * RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR per account, whatever IPs they come from.
 */
export function limitPasswordChecks(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  borrowerId: number,
): Promise<void> {
  return enforceRateLimit(deps, `password-check:borrower:${borrowerId}`, {
    max: deps.config.rateLimits.passwordChecksPerHour,
    windowMs: 3_600_000,
  });
}
