/** Reference data, seeded idempotently: banks, option lists, geography, products, price lists, purposes, contract templates. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { cents, createdAt } from './columns.ts';
import { staffAccounts } from './staff.ts';

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

/** A price list's amount and term windows; a loan keeps its own copy of them. */
export const amountAndTermWindowColumns = () => ({
  minAmountCents: cents('min_amount_cents').notNull(),
  maxAmountCents: cents('max_amount_cents').notNull(),
  minDays: smallint('min_days').notNull(),
  maxDays: smallint('max_days').notNull(),
});

/** A price list's annual rate and administrative fee; a loan keeps its own copy of them. */
export const rateAndFeeColumns = () => ({
  annualRateBp: integer('annual_rate_bp').notNull(),
  feeType: text('fee_type').notNull(),
  /** Centavos for a fixed fee, basis points of the amount for a percentage. */
  feeValue: integer('fee_value').notNull(),
});

/**
 * A price list's arrears terms beside the late fee (decision 014, point 2); a loan keeps its own
 * copy. `grace_days`: days after a due date before the late fee is charged. `arrears_tolerance_cents`:
 * an instalment short by no more than this is neither late nor charged.
 */
export const graceAndToleranceColumns = () => ({
  graceDays: smallint('grace_days').notNull().default(1),
  arrearsToleranceCents: cents('arrears_tolerance_cents').notNull().default(100),
});

/** One price list per product: amount and term windows, annual rate, administrative fee. */
export const priceLists = pgTable(
  'price_lists',
  {
    productId: smallint('product_id')
      .primaryKey()
      .references(() => products.id),
    ...amountAndTermWindowColumns(),
    ...rateAndFeeColumns(),
    /** Charged once on an instalment the day it turns late (centavos; docs/decisions/013-servicing.md). */
    lateFeeCents: cents('late_fee_cents').notNull().default(0),
    ...graceAndToleranceColumns(),
  },
  (t) => [
    check('price_lists_late_fee_check', sql`${t.lateFeeCents} >= 0`),
    check(
      'price_lists_arrears_check',
      sql`${t.graceDays} between 0 and 60 and ${t.arrearsToleranceCents} between 0 and 100000`,
    ),
    check(
      'price_lists_amounts_check',
      sql`${t.minAmountCents} > 0 and ${t.minAmountCents} <= ${t.maxAmountCents}`,
    ),
    check('price_lists_days_check', sql`${t.minDays} > 0 and ${t.minDays} <= ${t.maxDays}`),
    check('price_lists_fee_type_check', sql`${t.feeType} in ('fixed', 'percent')`),
  ],
);

/**
 * The kinds of documents a borrower accepts: the loan's contract and promissory note, and the privacy
 * terms of the registration. Their text lives in `document_template_versions`.
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    kind: text('kind').primaryKey(),
  },
  (t) => [
    check(
      'document_templates_kind_check',
      sql`${t.kind} in ('contract', 'promissory_note', 'privacy_terms')`,
    ),
  ],
);

/**
 * Every version of each template, never edited: an admin's save adds the next version and the
 * newest is the current one. A loan's accepted documents name the version they were rendered from.
 */
export const documentTemplateVersions = pgTable(
  'document_template_versions',
  {
    kind: text('kind')
      .notNull()
      .references(() => documentTemplates.kind),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML with `{{placeholders}}`. */
    body: text('body').notNull(),
    /** Null for the seeded versions. */
    createdByStaffId: integer('created_by_staff_id').references(() => staffAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.version] }),
    check('document_template_versions_version_check', sql`${t.version} >= 1`),
  ],
);
