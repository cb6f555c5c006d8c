/** Back-office staff (issue 6): accounts, sessions and profile reviews. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { sessionColumns, sessionConstraints } from './session-columns.ts';
import { belongsToBorrower } from './accounts.ts';

/**
 * Staff accounts, separate from borrowers: e-mail + argon2id password + an e-mailed login code.
 * `role` decides what each route allows (the role table, packages/domain/src/staff.ts). A disabled
 * account cannot log in and its sessions are ended. Wrong passwords in a row lock the account for a
 * while.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Set when an admin forces a reset (or the account is made with an initial password someone else
     * chose): until the staff member sets a new password, their session reaches only the session,
     * logout and password rows. Cleared by the change. A forced reset also makes the old password
     * unusable: the new one is set through the e-mailed link (staffPasswordLinks).
     */
    passwordChangeRequiredAt: timestamp('password_change_required_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_key').on(sql`lower(${t.email})`),
    check(
      'staff_accounts_role_check',
      sql`${t.role} in ('admin', 'analyst', 'cashier', 'supervisor', 'support')`,
    ),
  ],
);

/**
 * Staff sessions (cookie `bo_session`), apart from borrower sessions: a borrower's `sid` is never
 * looked up here. Only the SHA-256 of the 256-bit token is stored. The password step makes a
 * 'pending_code' session; the right code activates it under a new token.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    ...sessionColumns(),
  },
  (t) => sessionConstraints('staff_sessions', t, { name: 'staff', column: t.staffId }),
);

/**
 * Links e-mailed to a staff member to set a new password without the old one (issue 32 point 3):
 * after an admin's forced reset, which makes the old password unusable ('reset'), and when wrong
 * passwords from elsewhere slow the account down ('unlock'). 256 random bits in the link (the
 * back-office's `#/login?clave=…`), only their SHA-256 here; single use, with an expiry; a new link
 * retires the open ones.
 */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_password_links_token_hash_key').on(t.tokenHash),
    index('staff_password_links_staff_idx').on(t.staffId, t.id),
    check('staff_password_links_reason_check', sql`${t.reason} in ('reset', 'unlock')`),
  ],
);

/**
 * Analysts' decisions on profiles sent for review. One decision per submission: `submitted_at` is
 * the profile's `sent_for_review_at` it decided, unique per borrower, so two analysts cannot both
 * decide one submission even past the conditional UPDATE. `failed_items` holds the checkboxes of
 * a return: `{documents: {frontId, backId, utilityBill, selfie}, references: {personal, labour}}`.
 */
export const profileReviews = pgTable(
  'profile_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: belongsToBorrower(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    decision: text('decision').notNull(),
    errorCode: smallint('errores_perfil'),
    failedItems: jsonb('failed_items').notNull().default({}),
    note: text('note').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('profile_reviews_submission_key').on(t.borrowerId, t.submittedAt),
    index('profile_reviews_decided_idx').on(t.decidedAt),
    check('profile_reviews_decision_check', sql`${t.decision} in ('approve', 'return')`),
    check(
      'profile_reviews_code_check',
      sql`(${t.decision} = 'approve' and ${t.errorCode} is null) or (${t.decision} = 'return' and ${t.errorCode} between 0 and 5)`,
    ),
  ],
);
