/** What the borrower `sessions` and the back-office `staff_sessions` tables share. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * A session's life after its owner column: 'pending_code' from the password step, 'active' once the
 * code is right; idle expiry from `last_seen_at`, absolute expiry at `expires_at`, and `ended_at`
 * with its reason at logout, password change or revocation.
 */
export const sessionColumns = () => ({
  state: text('state').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  endReason: text('end_reason'),
});

/**
 * A session table's constraints, named after the table: one row per token hash, an index on the
 * owner's open sessions (`<table>_<ownerName>_open_idx`) and the state check.
 */
export const sessionConstraints = (
  table: string,
  t: { tokenHash: AnyPgColumn; state: AnyPgColumn; endedAt: AnyPgColumn },
  owner: { name: string; column: AnyPgColumn },
) => [
  uniqueIndex(`${table}_token_hash_key`).on(t.tokenHash),
  index(`${table}_${owner.name}_open_idx`)
    .on(owner.column)
    .where(sql`${t.endedAt} is null`),
  check(`${table}_state_check`, sql`${t.state} in ('pending_code', 'active')`),
];
