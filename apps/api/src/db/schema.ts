import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Money columns hold integer centavos (`*_cents`); rates hold basis points (6000 = 60.00 %).
const cents = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('borrowers_person_code_key').on(t.personCode),
    uniqueIndex('borrowers_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('borrowers_mob_phone_key').on(t.mobPhone),
    check('borrowers_gender_check', sql`${t.gender} in ('M', 'F')`),
  ],
);

/**
 * Borrower sessions. Only the SHA-256 of the 256-bit `sid` is stored. A session created by the
 * password step waits for its login code (`pending_code`) and answers only the code calls.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_borrower_open_idx')
      .on(t.borrowerId)
      .where(sql`${t.endedAt} is null`),
    check('sessions_state_check', sql`${t.state} in ('pending_code', 'active')`),
  ],
);

/** Every SMS and e-mail leaves through this table; a dispatcher delivers pending rows. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_recipient_idx').on(t.recipient, t.id),
    check('outbox_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * One-time codes: 6 digits from a CSPRNG, of which only an HMAC-SHA256 keyed by purpose and target
 * is stored (a million codes are no secret to an offline search, so the hash alone does not protect
 * a code: its 5-minute life, single use and the 5 tries do). A registration code targets a phone, a
 * login code a borrower, a phone-change code a borrower and the new phone. Only the newest code of a target counts; `attempts` counts every try
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
      sql`${t.purpose} in ('registration', 'login', 'phone_change', 'staff_login')`,
    ),
    check('one_time_codes_channel_check', sql`${t.channel} in ('sms', 'email')`),
    check(
      'one_time_codes_target_check',
      sql`(${t.purpose} = 'registration' and ${t.phone} is not null) or (${t.purpose} = 'login' and ${t.borrowerId} is not null) or (${t.purpose} = 'phone_change' and ${t.borrowerId} is not null and ${t.phone} is not null) or (${t.purpose} = 'staff_login' and ${t.staffId} is not null)`,
    ),
  ],
);

/**
 * A phone whose registration code was confirmed. register.php needs one for its UsrTel, not yet
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
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
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

/**
 * What the app shows under the bell. Deleting one stamps `deleted_at` (nothing is read-marked: the
 * SPEC's popover only shows and deletes). One partial index answers the badge count and the list.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_borrower_open_idx')
      .on(t.borrowerId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
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
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
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

/** Who did what, when, with the before and after, written in the same transaction as the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorType, t.actorId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);

// ---- Reference data (seeded idempotently) ----

export const banks = pgTable('banks', {
  code: smallint('code').primaryKey(),
  name: text('name').notNull(),
  isMobileWallet: boolean('is_mobile_wallet').notNull().default(false),
});

/** The option lists `getFieldConstructor.php` answers (bank comes from `banks`). */
export const fieldOptions = pgTable(
  'field_options',
  {
    list: text('list').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.value] })],
);

export const departments = pgTable('departments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const municipalities = pgTable(
  'municipalities',
  {
    code: text('code').primaryKey(),
    departmentCode: text('department_code')
      .notNull()
      .references(() => departments.code),
    name: text('name').notNull(),
  },
  (t) => [index('municipalities_department_idx').on(t.departmentCode)],
);

export const loanPurposes = pgTable('loan_purposes', {
  id: smallint('id').primaryKey(),
  title: text('title').notNull(),
  active: boolean('active').notNull().default(true),
});

export const products = pgTable(
  'products',
  {
    id: smallint('id').primaryKey(),
    periodType: text('period_type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('products_period_check', sql`${t.periodType} in ('semanal', 'quincenal', 'mensual')`)],
);

/** One price list per product: amount and term windows, annual rate, administrative fee. */
export const priceLists = pgTable(
  'price_lists',
  {
    productId: smallint('product_id')
      .primaryKey()
      .references(() => products.id),
    minAmountCents: cents('min_amount_cents').notNull(),
    maxAmountCents: cents('max_amount_cents').notNull(),
    minDays: smallint('min_days').notNull(),
    maxDays: smallint('max_days').notNull(),
    annualRateBp: integer('annual_rate_bp').notNull(),
    feeType: text('fee_type').notNull(),
    /** Centavos for a fixed fee, basis points of the amount for a percentage. */
    feeValue: integer('fee_value').notNull(),
  },
  (t) => [
    check(
      'price_lists_amounts_check',
      sql`${t.minAmountCents} > 0 and ${t.minAmountCents} <= ${t.maxAmountCents}`,
    ),
    check('price_lists_days_check', sql`${t.minDays} > 0 and ${t.minDays} <= ${t.maxDays}`),
    check('price_lists_fee_type_check', sql`${t.feeType} in ('fixed', 'percent')`),
  ],
);

export const documentTemplates = pgTable(
  'document_templates',
  {
    kind: text('kind').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('document_templates_kind_check', sql`${t.kind} in ('contract', 'promissory_note')`)],
);

// ---- Profile (issue 5) ----

/**
 * The profile of SPEC section 3, 1:1 with `borrowers` (names, e-mail and phone stay there). Text
 * fields not yet answered are ''; income is integer centavos; dates are 'YYYY-MM-DD' text. `status`
 * '1' (approved) and `sent_for_review_at` (datasend 'CMP') lock every change.
 */
export const profiles = pgTable(
  'profiles',
  {
    borrowerId: integer('borrower_id')
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    incomeStatus: text('income_status').notNull().default(''),
    businessType: text('business_type').notNull().default(''),
    incomeCents: cents('income_cents'),
    maritalStatus: text('marital_status').notNull().default(''),
    homeStatus: text('home_status').notNull().default(''),
    dependents: smallint('dependents'),
    dependentsWho: text('dependents_who').notNull().default(''),
    education: text('education').notNull().default(''),
    region: text('region').notNull().default(''),
    county: text('county').notNull().default(''),
    city: text('city').notNull().default(''),
    house: text('house').notNull().default(''),
    addressReference: text('address_reference').notNull().default(''),
    workplace: text('workplace').notNull().default(''),
    workplacePosition: text('workplace_position').notNull().default(''),
    workRegion: text('work_region').notNull().default(''),
    workCounty: text('work_county').notNull().default(''),
    workCity: text('work_city').notNull().default(''),
    workplaceAddress: text('workplace_address').notNull().default(''),
    workExperience: text('work_experience').notNull().default(''),
    refTipoPer: text('ref_tipo_per').notNull().default(''),
    refNomPer: text('ref_nom_per').notNull().default(''),
    refTelPer: text('ref_tel_per').notNull().default(''),
    refCorreoPer: text('ref_correo_per').notNull().default(''),
    refTipoLab: text('ref_tipo_lab').notNull().default(''),
    refNomLab: text('ref_nom_lab').notNull().default(''),
    refTelLab: text('ref_tel_lab').notNull().default(''),
    refCorreoLab: text('ref_correo_lab').notNull().default(''),
    status: text('status').notNull().default('0'),
    /** Review outcome 0-5 (set by staff), null before any review. */
    errorCode: smallint('errores_perfil'),
    /** The date of the last change or decision, 'YYYY-MM-DD'. */
    modified: text('modified'),
    stage2CompletedAt: timestamp('stage2_completed_at', { withTimezone: true }),
    sentForReviewAt: timestamp('sent_for_review_at', { withTimezone: true }),
    phoneChangedAt: timestamp('phone_changed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_status_check', sql`${t.status} in ('0', '1')`),
    check('profiles_errores_check', sql`${t.errorCode} between 0 and 5`),
    check('profiles_income_check', sql`${t.incomeCents} >= 0`),
    check('profiles_dependents_check', sql`${t.dependents} between 0 and 10`),
  ],
);

/**
 * Bank accounts of a borrower. One current account per borrower, and a (bank, number) is current
 * for one borrower only: both are partial unique indexes, so two requests cannot both win.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    bankCode: smallint('bank_code')
      .notNull()
      .references(() => banks.code),
    accountNumber: text('account_number').notNull(),
    current: boolean('current').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_accounts_one_current_key')
      .on(t.borrowerId)
      .where(sql`${t.current}`),
    uniqueIndex('bank_accounts_number_current_key')
      .on(t.bankCode, t.accountNumber)
      .where(sql`${t.current}`),
    index('bank_accounts_borrower_idx').on(t.borrowerId, t.id),
  ],
);

/**
 * Uploaded documents (18 selfie, 19 front ID, 20 back ID, 21 utility bill). The bytes live in the
 * file storage under a server-made key; a replaced file keeps its row with `replaced_at`.
 */
export const borrowerFiles = pgTable(
  'borrower_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('borrower_files_storage_key_key').on(t.storageKey),
    uniqueIndex('borrower_files_current_key')
      .on(t.borrowerId, t.type)
      .where(sql`${t.replacedAt} is null`),
    check('borrower_files_type_check', sql`${t.type} between 18 and 21`),
  ],
);

/** The virtual wallet ("Deposito por aplicar"): a balance in centavos; no row means 0. */
export const wallets = pgTable(
  'wallets',
  {
    borrowerId: integer('borrower_id')
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    balanceCents: cents('balance_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_check', sql`${t.balanceCents} >= 0`)],
);

/** Neighbourhoods and places per municipality for the cascading lists (`ubs`), from hn-lugares.csv. */
export const localities = pgTable(
  'localities',
  {
    municipalityCode: text('municipality_code')
      .notNull()
      .references(() => municipalities.code),
    /** Stable within its municipality: the place name as a slug. */
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.municipalityCode, t.code] })],
);

// ---- Back-office (issue 6) ----

/**
 * Staff accounts, separate from borrowers: e-mail + argon2id password + an e-mailed login code.
 * `role` decides what each route allows (services/staff/permissions.ts). A disabled account cannot
 * log in and its sessions are ended. Wrong passwords in a row lock the account for a while.
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_accounts_email_key').on(sql`lower(${t.email})`),
    check('staff_accounts_role_check', sql`${t.role} in ('admin', 'analyst', 'cashier', 'support')`),
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
    state: text('state').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash),
    index('staff_sessions_staff_open_idx')
      .on(t.staffId)
      .where(sql`${t.endedAt} is null`),
    check('staff_sessions_state_check', sql`${t.state} in ('pending_code', 'active')`),
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
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
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
