/** The one-time codes of both kinds of account: a borrower's (or a phone's) and a staff member's. */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { borrowers } from './accounts.ts';
import { staffAccounts } from './staff.ts';

/**
 * One-time codes: 6 digits from a CSPRNG, of which only an HMAC-SHA256 keyed by purpose and target
 * is stored (a million codes are no secret to an offline search, so the hash alone does not protect
 * a code: its 5-minute life, single use and the 5 tries do). A registration code targets a phone, a
 * login code a borrower, a phone-change code a borrower and the new phone, a bank-account-change code a borrower (its hash
 * is keyed by the new account, so it confirms only that one). Only the newest code of a target counts; `attempts` counts every try
 * (a try is reserved before the comparison, so parallel guesses cannot exceed the limit) and a
 * resend carries it over, so resending never buys more guesses.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purpose: text('purpose').notNull(),
    phone: text('phone'),
    borrowerId: integer('borrower_id').references(() => borrowers.id, { onDelete: 'cascade' }),
    /** A staff login code (purpose 'staff_login') targets a staff account. */
    staffId: integer('staff_id').references(() => staffAccounts.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    /**
     * Who asked, as a per-IP limit counts clients (`rateLimitKeyOfIp`): an IPv4 address, or an
     * IPv6 address's /64 (issue 32 point 2): the registration codes per IP and hour compare it.
     */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_codes_phone_idx').on(t.purpose, t.phone, t.id),
    index('one_time_codes_borrower_idx').on(t.purpose, t.borrowerId, t.id),
    index('one_time_codes_ip_idx').on(t.ip, t.createdAt),
    index('one_time_codes_staff_idx').on(t.purpose, t.staffId, t.id),
    check(
      'one_time_codes_purpose_check',
      sql`${t.purpose} in ('registration', 'login', 'phone_change', 'bank_account_change', 'staff_login')`,
    ),
    check('one_time_codes_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check(
      'one_time_codes_target_check',
      sql`(${t.purpose} = 'registration' and ${t.phone} is not null) or (${t.purpose} = 'login' and ${t.borrowerId} is not null) or (${t.purpose} = 'phone_change' and ${t.borrowerId} is not null and ${t.phone} is not null) or (${t.purpose} = 'bank_account_change' and ${t.borrowerId} is not null) or (${t.purpose} = 'staff_login' and ${t.staffId} is not null)`,
    ),
  ],
);
