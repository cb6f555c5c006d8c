/** The database schema, one file per area; lending tables get files of their own. */
export * from './accounts.ts';
export * from './outbox.ts';
export * from './notifications.ts';
export * from './audit.ts';
export * from './reference-data.ts';
export * from './profile.ts';
export * from './staff.ts';
export * from './one-time-codes.ts';
export * from './loans.ts';
export * from './chat.ts';
export * from './payments.ts';
export * from './servicing.ts';
export * from './rate-limits.ts';
export * from './reference-data-seeds.ts';
export * from './disbursements.ts';
export * from './books.ts';
export * from './reconciliation.ts';
