import { bigint, timestamp } from 'drizzle-orm/pg-core';

// Money columns hold integer centavos (`*_cents`); rates hold basis points (6000 = 60.00 %).
export const cents = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** When the row last changed: set on insert, and by the services on each update. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
