/** Borrower accounts, their sessions and the phone checks and e-mail tokens that guard them. */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { sessionColumns, sessionConstraints } from './session-columns.ts';

/** A borrower's account. Identity, e-mail and phone are unique so two sign-ups cannot both win. */
export const borrowers = pgTable(
  'borrowers',
  {
    id: serial('id').primaryKey(),
    personCode: text('person_code').notNull(),
    email: text('email').notNull(),
    mobPhone: text('mob_phone').notNull(),
    firstName: text('first_name').notNull(),
    secondName: text('second_name').notNull().default(''),
    firstSurname: text('first_surname').notNull(),
    secondSurname: text('second_surname').notNull().default(''),
    gender: text('gender').notNull(),
    birthday: text('birthday').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Wrong passwords in a row; the 100th locks the account until a password recovery. */
    failedLogins: integer('failed_logins').notNull().default(0),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** The version of the privacy terms ('privacy_terms' template) accepted at registration; null before versions. */
    privacyTermsVersion: integer('privacy_terms_version'),
    privacyTermsAcceptedAt: timestamp('privacy_terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('borrowers_person_code_key').on(t.personCode),
    uniqueIndex('borrowers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('borrowers_mob_phone_key').on(t.mobPhone),
    check('borrowers_gender_check', sql`${t.gender} in ('M', 'F')`),
  ],
);

/** The borrower a row belongs to, removed with the account (loans and money keep a plain reference). */
export function belongsToBorrower() {
  return integer('borrower_id')
    .notNull()
    .references(() => borrowers.id, { onDelete: 'cascade' });
}

/**
 * The borrower of a loan or of its money: a plain reference (no cascade), so the account is not
 * removed while such rows exist.
 */
export function borrowerReference() {
  return integer('borrower_id')
    .notNull()
    .references(() => borrowers.id);
}

/**
 * Borrower sessions. Only the SHA-256 of the 256-bit `sid` is stored. A session created by the
 * password step waits for its login code (`pending_code`) and answers only the code calls.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    borrowerId: belongsToBorrower(),
    ...sessionColumns(),
  },
  (t) => sessionConstraints('sessions', t, { name: 'borrower', column: t.borrowerId }),
);

/**
 * A phone whose registration code was confirmed. register.php needs one for its phone, not yet
 * consumed and not expired, and consumes it in the same transaction that creates the account.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    consumedByBorrowerId: integer('consumed_by_borrower_id').references(() => borrowers.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('phone_verifications_phone_idx').on(t.phone, t.id)],
);

/**
 * Tokens of e-mailed links (e-mail validation, password recovery): 256 random bits in the link,
 * only their SHA-256 here; single use, with an expiry, and bound to the address they were sent to.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose').notNull(),
    borrowerId: belongsToBorrower(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash),
    index('email_tokens_borrower_idx').on(t.borrowerId, t.purpose, t.id),
    check('email_tokens_purpose_check', sql`${t.purpose} in ('validate_email', 'recover_password')`),
  ],
);
