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
  const resetsAt = new Date(deps.clock.now().getTime() + windowMs);
  const [row] = await addHits(deps, [{ key, hits: 1, resetsAt }]);
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

/**
 * Whole minutes (at least 1) until a window that ends at `resetsAt` is over: the wait a refusal
 * tells a person about.
 */
export function minutesLeft(deps: Pick<Deps, 'clock'>, resetsAt: Date): number {
  return Math.max(1, Math.ceil((resetsAt.getTime() - deps.clock.now().getTime()) / 60_000));
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

/** How often an instance adds its new route hits to the shared counters (and learns the others'). */
export const RATE_LIMIT_SHARE_MS = 1_000;
/** Counters added to the database in one statement at most. */
const SHARE_BATCH = 500;

interface RouteWindow {
  /** The shared count (every instance's hits) when this instance last added its own. */
  shared: number;
  /** Hits here since, not yet added. */
  unshared: number;
  /** Hits being added now (the statement is under way). */
  sending: number;
  resetsAt: number;
}

/**
 * The per-route limits (@fastify/rate-limit: every API route, per client IP) counted in memory and
 * shared through `rate_limit_counters` in batches. A request costs no database round trip: the
 * instance counts it at once against what it knows (the shared count at its last exchange plus its
 * own hits since), and every RATE_LIMIT_SHARE_MS it adds its new hits to the database in one
 * statement and reads back every instance's totals. One instance alone enforces its limit exactly;
 * N instances on one database let a client through by at most what the others counted in the last
 * second. The limits where one more try matters (log-in per account, password and bank checks,
 * codes per phone) do not go through here: they count in the database on each call (`hitRateLimit`).
 */
export class SharedRouteCounters {
  private readonly windows = new Map<string, RouteWindow>();
  private timer: NodeJS.Timeout | undefined;
  private sharing: Promise<void> = Promise.resolve();

  private readonly deps: Pick<Deps, 'db' | 'clock' | 'log'>;

  constructor(deps: Pick<Deps, 'db' | 'clock' | 'log'>) {
    this.deps = deps;
  }

  /** Counts one hit on `key` and answers the count in its window and the milliseconds left. */
  hit(key: string, windowMs: number): { current: number; ttl: number } {
    const now = this.deps.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      window = { shared: 0, unshared: 0, sending: 0, resetsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.unshared += 1;
    this.timer ??= setTimeout(() => void this.share(), RATE_LIMIT_SHARE_MS).unref();
    return { current: window.shared + window.sending + window.unshared, ttl: window.resetsAt - now };
  }

  /** Adds the hits not yet shared to the database and takes back the totals (also at close). */
  share(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.sharing = this.sharing.then(() => this.sendUnshared());
    return this.sharing;
  }

  private async sendUnshared(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const batch: { key: string; window: RouteWindow; hits: number }[] = [];
    for (const [key, window] of this.windows) {
      if (window.unshared > 0) {
        batch.push({ key, window, hits: window.unshared });
        window.sending = window.unshared;
        window.unshared = 0;
      } else if (window.resetsAt <= now) {
        this.windows.delete(key);
      }
    }
    for (let i = 0; i < batch.length; i += SHARE_BATCH) {
      const part = batch.slice(i, i + SHARE_BATCH);
      try {
        const totals = await addHits(
          this.deps,
          part.map(({ key, window, hits }) => ({ key, hits, resetsAt: new Date(window.resetsAt) })),
        );
        const byKey = new Map(totals.map((row) => [row.key, row]));
        for (const { key, window } of part) {
          const total = byKey.get(key);
          window.sending = 0;
          if (total && this.windows.get(key) === window) {
            window.shared = total.hits;
            window.resetsAt = total.resetsAt.getTime();
          }
        }
      } catch (error) {
        // Counted here all the same; they are added at the next exchange.
        for (const { window } of part) {
          window.unshared += window.sending;
          window.sending = 0;
        }
        this.deps.log.error({ err: error }, 'rate limits: could not share the counters');
      }
    }
  }

  /** A store class for @fastify/rate-limit over these counters (`route:` keys). */
  store() {
    const hit = (key: string, windowMs: number) => this.hit(key, windowMs);
    return class SharedRouteCountersStore {
      incr(key: string, callback: StoreCallback, timeWindow: number): void {
        callback(null, hit(`route:${key}`, timeWindow));
      }

      child(): SharedRouteCountersStore {
        return new SharedRouteCountersStore();
      }
    };
  }
}

/**
 * Adds hits to many counters in one statement: a counter whose window ended starts again with these
 * hits and the window given. Answers every counter's total and end.
 */
async function addHits(
  deps: Pick<Deps, 'db' | 'clock'>,
  hits: { key: string; hits: number; resetsAt: Date }[],
): Promise<{ key: string; hits: number; resetsAt: Date }[]> {
  const nowParam = sql`${deps.clock.now().toISOString()}::timestamptz`;
  return deps.db
    .insert(rateLimitCounters)
    .values(hits)
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.resetsAt} <= ${nowParam} then excluded.hits else ${rateLimitCounters.hits} + excluded.hits end`,
        resetsAt: sql`case when ${rateLimitCounters.resetsAt} <= ${nowParam} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
      },
    })
    .returning({
      key: rateLimitCounters.key,
      hits: rateLimitCounters.hits,
      resetsAt: rateLimitCounters.resetsAt,
    });
}

/**
 * A borrower's current-password checks outside the login (password change, phone change): at most
 * RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR per account, whatever IPs they come from.
 */
export function limitPasswordChecks(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  borrowerId: number,
): Promise<void> {
  return limitPasswordChecksOf(deps, `borrower:${borrowerId}`);
}

/**
 * A staff member's current-password checks outside the login (their own password change): the same
 * RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR per account (issue 32 point 3). A stolen session cookie cannot
 * be turned into the password by guessing it there.
 */
export function limitStaffPasswordChecks(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  staffId: number,
): Promise<void> {
  return limitPasswordChecksOf(deps, `staff:${staffId}`);
}

/** RATE_LIMIT_PASSWORD_CHECKS_PER_HOUR on one account's current-password checks (`borrower:N`, `staff:N`). */
function limitPasswordChecksOf(deps: Pick<Deps, 'db' | 'clock' | 'config'>, account: string): Promise<void> {
  return enforceRateLimit(deps, `password-check:${account}`, {
    max: deps.config.rateLimits.passwordChecksPerHour,
    windowMs: 3_600_000,
  });
}
