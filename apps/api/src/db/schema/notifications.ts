/** What a borrower is told in the app, and where they were when they asked for a loan. */
import { sql } from 'drizzle-orm';
import { bigserial, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { belongsToBorrower } from './accounts.ts';

/**
 * What the app shows under the bell. Deleting one stamps `deleted_at`; opening the list stamps
 * `read_at` on those it showed (issue 35, readNotifications.php). One partial index answers the list,
 * another the badge, which counts the unread ones only.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: belongsToBorrower(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When the borrower opened the list showing it; null while unread (migration 0024). */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_borrower_open_idx')
      .on(t.borrowerId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('notifications_borrower_unread_idx')
      .on(t.borrowerId)
      .where(sql`${t.deletedAt} is null and ${t.readAt} is null`),
  ],
);

/**
 * Every location the app posts, with the IP the server saw. Coordinates are rounded to 4 decimals
 * (about 11 m): enough for a city. The newest row per borrower is the last known location.
 */
export const borrowerLocations = pgTable(
  'borrower_locations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: belongsToBorrower(),
    latitude: numeric('latitude', { precision: 7, scale: 4, mode: 'number' }).notNull(),
    longitude: numeric('longitude', { precision: 8, scale: 4, mode: 'number' }).notNull(),
    /** Null outside Honduras. */
    city: text('city'),
    municipalityCode: text('municipality_code'),
    ip: text('ip').notNull(),
    browser: text('browser').notNull(),
    os: text('os').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('borrower_locations_latest_idx').on(t.borrowerId, t.createdAt.desc(), t.id.desc())],
);
