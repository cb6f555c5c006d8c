/**
 * Reading the books ('Contabilidad', decision 015): the journal, an account's ledger with its running
 * balance, the trial balance on a day, and the journal as CSV for the accountant.
 */
import {
  accountBalanceCents,
  addDays,
  JOURNAL_EVENT_LABELS,
  LEDGER_ACCOUNTS,
  ledgerAccount,
  todayInTegucigalpa,
  type JournalEventKind,
  type LedgerAccount,
  type LedgerAccountCode,
} from '@prestamos-hn/domain';
import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { journalEntries, journalLines, staffAccounts } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { writeExportAudit } from '../audit.ts';
import { csvFile } from '../shared/csv.ts';
import { notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { accountingMessages } from './messages.ts';

export interface JournalQuery {
  from?: string;
  to?: string;
  loanId?: number;
  event?: JournalEventKind;
  page: number;
  pageSize: number;
}

const accountName = (code: string) => ledgerAccount(code)?.name ?? code;
const publicAccount = (a: LedgerAccount) => ({
  code: a.code,
  name: a.name,
  type: a.type,
  normalSide: a.normalSide,
});

function journalWhere(query: Omit<JournalQuery, 'page' | 'pageSize'>): SQL | undefined {
  return and(
    query.from ? gte(journalEntries.businessDate, query.from) : undefined,
    query.to ? lte(journalEntries.businessDate, query.to) : undefined,
    query.loanId ? eq(journalEntries.loanId, query.loanId) : undefined,
    query.event ? eq(journalEntries.eventKind, query.event) : undefined,
  );
}

/** Entries with their lines (each entry's lines in the order they were written). */
async function withLines(
  deps: Pick<Deps, 'db'>,
  entries: { entry: typeof journalEntries.$inferSelect; staffName: string | null }[],
) {
  const ids = entries.map((e) => e.entry.id);
  const lines =
    ids.length === 0
      ? []
      : await deps.db
          .select()
          .from(journalLines)
          .where(inArray(journalLines.entryId, ids))
          .orderBy(asc(journalLines.id));
  return entries.map(({ entry, staffName }) => ({
    id: entry.id,
    businessDate: entry.businessDate,
    eventKind: entry.eventKind,
    eventLabel: JOURNAL_EVENT_LABELS[entry.eventKind],
    loanId: entry.loanId,
    borrowerId: entry.borrowerId,
    walletEntryId: entry.walletEntryId,
    receiptId: entry.receiptId,
    staffName,
    description: entry.description,
    createdAt: entry.createdAt.toISOString(),
    lines: lines
      .filter((l) => l.entryId === entry.id)
      .map((l) => ({
        accountCode: l.accountCode,
        accountName: accountName(l.accountCode),
        debitCents: l.debitCents,
        creditCents: l.creditCents,
      })),
  }));
}

function refuseReversedRange(from: string | undefined, to: string | undefined) {
  if (from && to && from > to) throw new UserError(accountingMessages.dateRangeOrder, { field: 'from' });
}

/** The journal in date order (then as written), with its lines: one page of the filtered entries. */
export async function listJournal(deps: Pick<Deps, 'db'>, query: JournalQuery) {
  refuseReversedRange(query.from, query.to);
  const where = journalWhere(query);
  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: count() })
    .from(journalEntries)
    .where(where);
  const entries = await deps.db
    .select({ entry: journalEntries, staffName: staffAccounts.name })
    .from(journalEntries)
    .leftJoin(staffAccounts, eq(staffAccounts.id, journalEntries.staffId))
    .where(where)
    .orderBy(asc(journalEntries.businessDate), asc(journalEntries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: await withLines(deps, entries),
    total: Number(total),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * An account's ledger: its lines from `from` to `to` (inclusive, either open) in date order, each
 * with the balance after it on the account's normal side, starting from the balance before `from`.
 */
export async function getAccountLedger(
  deps: Pick<Deps, 'db'>,
  code: string,
  query: { from?: string; to?: string; page: number; pageSize: number },
) {
  const account = ledgerAccount(code);
  if (!account) throw notFound(accountingMessages.accountNotFound);
  refuseReversedRange(query.from, query.to);
  const sign = account.normalSide === 'debit' ? 1 : -1;
  const [opening] = query.from
    ? rowsOf<{ net: string | number }>(
        await deps.db.execute(sql`
          select coalesce(sum(l.debit_cents - l.credit_cents), 0) as net
          from journal_lines l join journal_entries e on e.id = l.entry_id
          where l.account_code = ${code} and e.business_date < ${query.from}::date
        `),
      )
    : [{ net: 0 }];
  const openingBalanceCents = sign * Number(opening?.net ?? 0);
  const range = sql.join(
    [
      sql`l.account_code = ${code}`,
      ...(query.from ? [sql`e.business_date >= ${query.from}::date`] : []),
      ...(query.to ? [sql`e.business_date <= ${query.to}::date`] : []),
    ],
    sql` and `,
  );
  const rows = rowsOf<{
    entry_id: number | string;
    business_date: string;
    event_kind: JournalEventKind;
    loan_id: number;
    description: string;
    debit_cents: number | string;
    credit_cents: number | string;
    running: number | string;
  }>(
    await deps.db.execute(sql`
      select * from (
        select e.id as entry_id, e.business_date::text as business_date, e.event_kind, e.loan_id,
          e.description, l.debit_cents, l.credit_cents,
          sum(l.debit_cents - l.credit_cents) over (order by e.business_date, e.id, l.id) as running,
          e.business_date as d, l.id as line_id
        from journal_lines l join journal_entries e on e.id = l.entry_id
        where ${range}
      ) ledger
      order by d, entry_id, line_id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
    `),
  );
  const [summary] = rowsOf<{ net: string | number; n: string | number }>(
    await deps.db.execute(sql`
      select coalesce(sum(l.debit_cents - l.credit_cents), 0) as net, count(*) as n
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where ${range}
    `),
  );
  return {
    account: publicAccount(account),
    from: query.from ?? null,
    to: query.to ?? null,
    openingBalanceCents,
    closingBalanceCents: openingBalanceCents + sign * Number(summary?.net ?? 0),
    items: rows.map((r) => ({
      entryId: Number(r.entry_id),
      businessDate: r.business_date,
      eventKind: r.event_kind,
      eventLabel: JOURNAL_EVENT_LABELS[r.event_kind],
      loanId: Number(r.loan_id),
      description: r.description,
      debitCents: Number(r.debit_cents),
      creditCents: Number(r.credit_cents),
      balanceCents: openingBalanceCents + sign * Number(r.running),
    })),
    total: Number(summary?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * The trial balance up to and including `date` (today in Tegucigalpa when absent): every account of
 * the chart with its debits, credits and balance, the totals, and whether debits equal credits.
 */
export async function getTrialBalance(deps: Pick<Deps, 'db' | 'clock'>, date?: string) {
  const asOf = date ?? todayInTegucigalpa(deps.clock.now());
  const rows = rowsOf<{ account_code: string; debit_cents: number | string; credit_cents: number | string }>(
    await deps.db.execute(sql`
      select l.account_code, sum(l.debit_cents) as debit_cents, sum(l.credit_cents) as credit_cents
      from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.business_date <= ${asOf}::date
      group by l.account_code
    `),
  );
  const accounts = LEDGER_ACCOUNTS.map((a) => {
    const row = rows.find((r) => r.account_code === a.code);
    const debitCents = Number(row?.debit_cents ?? 0);
    const creditCents = Number(row?.credit_cents ?? 0);
    return {
      ...publicAccount(a),
      debitCents,
      creditCents,
      balanceCents: accountBalanceCents(a.code as LedgerAccountCode, debitCents, creditCents),
    };
  });
  const totals = accounts.reduce(
    (t, a) => ({ debitCents: t.debitCents + a.debitCents, creditCents: t.creditCents + a.creditCents }),
    { debitCents: 0, creditCents: 0 },
  );
  return { date: asOf, accounts, totals, balanced: totals.debitCents === totals.creditCents };
}

/** The longest range the CSV covers. */
export const JOURNAL_EXPORT_MAX_DAYS = 366;

export const JOURNAL_CSV_HEADER = [
  'Fecha',
  'Asiento',
  'Evento',
  'Préstamo',
  'Cliente',
  'Cuenta',
  'Nombre de la cuenta',
  'Débito',
  'Crédito',
  'Descripción',
] as const;

/**
 * The journal from `from` to `to` (at most 366 days; by default the current month up to today, in
 * Tegucigalpa) as CSV for the accountant: one row per line, in date order, amounts in lempiras. The
 * export is audited with the range it covered.
 */
export async function exportJournal(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  query: { from?: string; to?: string },
) {
  const to = query.to ?? todayInTegucigalpa(deps.clock.now());
  const from = query.from ?? `${to.slice(0, 8)}01`;
  refuseReversedRange(from, to);
  if (addDays(from, JOURNAL_EXPORT_MAX_DAYS - 1) < to) {
    throw new UserError(accountingMessages.dateRangeTooLong, { field: 'to' });
  }
  const lines = await deps.db
    .select({ line: journalLines, entry: journalEntries })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(and(gte(journalEntries.businessDate, from), lte(journalEntries.businessDate, to)))
    .orderBy(asc(journalEntries.businessDate), asc(journalEntries.id), asc(journalLines.id));
  await writeExportAudit(deps, staff, 'journal', { filters: { from, to }, rows: lines.length });
  return csvFile(
    `libro-diario-${from}-a-${to}.csv`,
    JOURNAL_CSV_HEADER,
    lines.map(({ line, entry }) => [
      entry.businessDate,
      entry.id,
      JOURNAL_EVENT_LABELS[entry.eventKind],
      entry.loanId,
      entry.borrowerId,
      line.accountCode,
      accountName(line.accountCode),
      { cents: line.debitCents },
      { cents: line.creditCents },
      entry.description,
    ]),
  );
}
