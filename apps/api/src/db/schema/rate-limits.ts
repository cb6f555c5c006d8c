/** Request counters of the rate limits, shared by every API instance on this database. */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per limited thing (a route and a client IP, an account's bank checks...) and its current
 * window: `hits` requests since the window began, which ends at `resets_at`. Upserted atomically
 * (`services/rate-limits.ts`); rows whose window ended are deleted by the hourly sweep.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_resets_at_idx').on(t.resetsAt)],
);
