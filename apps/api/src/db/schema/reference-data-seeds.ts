/** Which version of the shipped reference data the database holds (db/seed.ts). */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per seeding: the SHA-256 of everything the seed writes (geography, banks, option lists,
 * the first catalogue and templates). A start whose data hashes to a row already here writes
 * nothing; new data (a new release's CSV, a new bank) is seeded once by the first start that ships it.
 */
export const referenceDataSeeds = pgTable('reference_data_seeds', {
  hash: text('hash').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
