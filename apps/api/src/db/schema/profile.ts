/** The borrower's profile (issue 5): answers, bank accounts, documents (the wallet is the ledger in payments.ts). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
import { cents, createdAt, updatedAt } from './columns.ts';
import { belongsToBorrower, borrowers } from './accounts.ts';
import { banks } from './reference-data.ts';

/** getProfile's fields when the profile was sent for review, and the current file id of each document type. */
export interface SentSnapshot {
  profile: Record<string, string | number | null>;
  files: Record<string, number>;
}

/**
 * The profile of SPEC section 3, 1:1 with `borrowers` (names, e-mail and phone stay there). Text
 * fields not yet answered are ''; income is integer centavos; dates are 'YYYY-MM-DD' text. `status`
 * '1' (approved) locks every change; `sent_for_review_at` (datasend 'CMP') keeps it in the review
 * queue, still editable (SPEC section 4: editable while status is '0').
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
    /**
     * 1, plus 1 for every change of the profile, its documents or its review state (`bumpRevision`).
     * An analyst's decision names the revision the review screen showed (issue 35 point 9).
     */
    revision: integer('revision').notNull().default(1),
    /** The profile as it was sent for review (`SentSnapshot`), so staff see what changed since. */
    sentSnapshot: jsonb('sent_snapshot').$type<SentSnapshot>(),
    updatedAt: updatedAt(),
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
    borrowerId: belongsToBorrower(),
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
    borrowerId: belongsToBorrower(),
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
