import { JOURNAL_EVENT_KINDS } from '@prestamos-hn/domain';
import { z } from 'zod';
import { binaryResponse, defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { idField, isoDate, isoInstant, pageFields, paged } from './fields.ts';

const cents = z.number().int();

/** A calendar day in a query, empty meaning none. */
const dateField = (message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.iso.date({ error: message }).optional());

const eventMessage = `Evento inválido: ${JOURNAL_EVENT_KINDS.join(', ')}.`;

/** The journal's filters: a date range (inclusive), a loan, an event. */
export const journalQuery = z.object({
  from: dateField('Fecha «desde» inválida: usa AAAA-MM-DD.'),
  to: dateField('Fecha «hasta» inválida: usa AAAA-MM-DD.'),
  loanId: z.preprocess((v) => (v === '' ? undefined : v), idField('Número de préstamo inválido.').optional()),
  event: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(JOURNAL_EVENT_KINDS, { error: eventMessage }).optional(),
  ),
  ...pageFields,
});

/** The CSV's range (at most 366 days, checked by the service): by default this month up to today. */
export const journalExportQuery = z.object({
  from: dateField('Fecha «desde» inválida: usa AAAA-MM-DD.'),
  to: dateField('Fecha «hasta» inválida: usa AAAA-MM-DD.'),
});

export const trialBalanceQuery = z.object({
  /** Up to and including this Tegucigalpa day; today when absent. */
  date: dateField('Fecha inválida: usa AAAA-MM-DD.'),
});

const accountParams = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Código de cuenta inválido: cuatro dígitos.'),
});

export const ledgerQuery = z.object({
  from: dateField('Fecha «desde» inválida: usa AAAA-MM-DD.'),
  to: dateField('Fecha «hasta» inválida: usa AAAA-MM-DD.'),
  ...pageFields,
});

/** An account of the chart, as the domain's `LEDGER_ACCOUNTS` describes it. */
export const ledgerAccountItem = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['asset', 'liability', 'income']),
  normalSide: z.enum(['debit', 'credit']),
});

/** A journal entry with its lines (services/accounting/books-read.ts). */
export const journalEntryItem = z.object({
  id: z.number().int(),
  businessDate: isoDate,
  eventKind: z.enum(JOURNAL_EVENT_KINDS),
  eventLabel: z.string(),
  loanId: z.number().int(),
  borrowerId: z.number().int(),
  walletEntryId: z.number().int().nullable(),
  receiptId: z.number().int().nullable(),
  /** The staff member behind the event, by name (null for the system's). */
  staffName: z.string().nullable(),
  description: z.string(),
  createdAt: isoInstant,
  lines: z.array(
    z.object({
      accountCode: z.string(),
      accountName: z.string(),
      debitCents: cents,
      creditCents: cents,
    }),
  ),
});

/** An account's ledger: its lines in date order with the running balance on its normal side. */
export const accountLedger = z.object({
  account: ledgerAccountItem,
  from: isoDate.nullable(),
  to: isoDate.nullable(),
  /** The balance before `from` (0 without one). */
  openingBalanceCents: cents,
  /** The balance at `to` (at the last line without one). */
  closingBalanceCents: cents,
  items: z.array(
    z.object({
      entryId: z.number().int(),
      businessDate: isoDate,
      eventKind: z.enum(JOURNAL_EVENT_KINDS),
      eventLabel: z.string(),
      loanId: z.number().int(),
      description: z.string(),
      debitCents: cents,
      creditCents: cents,
      /** The account's balance after this line. */
      balanceCents: cents,
    }),
  ),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** The trial balance on a day: every account's debits, credits and balance up to and including it. */
export const trialBalance = z.object({
  date: isoDate,
  accounts: z.array(
    ledgerAccountItem.extend({
      debitCents: cents,
      creditCents: cents,
      /** On the account's normal side (debits − credits for assets, credits − debits otherwise). */
      balanceCents: cents,
    }),
  ),
  totals: z.object({ debitCents: cents, creditCents: cents }),
  /** Debits equal credits. */
  balanced: z.boolean(),
});

/** An alert the system raised for staff (the daily run's check of the books). */
export const staffAlertItem = z.object({
  id: z.number().int(),
  businessDate: isoDate,
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  createdAt: isoInstant,
});

/** The books ('Contabilidad', decision 015): the journal, an account's ledger, the trial balance, the CSV. */
export const staffAccountingRows = {
  listJournal: defineStaffEndpoint({
    method: 'GET',
    path: '/accounting/journal',
    access: 'accounting.read',
    summary: 'The journal in date order, with its lines, filtered by date range, loan and event',
    query: journalQuery,
    response: jsonResponse(paged(journalEntryItem)),
  }),
  exportJournal: defineStaffEndpoint({
    method: 'GET',
    path: '/accounting/journal.csv',
    access: 'accounting.read',
    summary:
      'The journal of a date range as CSV, one row per line (UTF-8 with BOM, amounts in lempiras, Spanish headers)',
    query: journalExportQuery,
    response: binaryResponse(['text/csv; charset=utf-8']),
  }),
  getAccountLedger: defineStaffEndpoint({
    method: 'GET',
    path: '/accounting/accounts/:code/ledger',
    access: 'accounting.read',
    summary: "An account's lines in date order with the running balance, for a date range",
    params: accountParams,
    query: ledgerQuery,
    response: jsonResponse(accountLedger),
  }),
  getTrialBalance: defineStaffEndpoint({
    method: 'GET',
    path: '/accounting/trial-balance',
    access: 'accounting.read',
    summary:
      'Debits, credits and balance per account up to and including a date (today by default), totals and whether they balance',
    query: trialBalanceQuery,
    response: jsonResponse(trialBalance),
  }),
  listStaffAlerts: defineStaffEndpoint({
    method: 'GET',
    path: '/alerts',
    access: 'accounting.read',
    summary: 'Alerts the system raised for staff in the last 30 days (the books’ daily check), newest first',
    response: jsonResponse(z.object({ items: z.array(staffAlertItem) })),
  }),
};
