/**
 * Journaling (issue 31, point 6; docs/decisions/015-books.md): every movement of money becomes one
 * balanced journal entry, in the transaction of the event that moved it. The rules are the
 * domain's (`packages/domain/src/books.ts`); this file reads what a loan has not yet journaled and
 * writes it.
 */
import {
  isBalanced,
  isLoanPayable,
  journalLinesForDisbursement,
  journalLinesForReclassification,
  journalLinesForWalletEntry,
  LEDGER_ACCOUNT,
  mirrorLines,
  todayInTegucigalpa,
  type JournalEventKind,
  type JournalLine,
  type LedgerAccountCode,
} from '@prestamos-hn/domain';
import { and, asc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client.ts';
import { journalEntries, journalLines, loans, walletEntries } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { journalDescriptions } from './messages.ts';

type LoanRow = Pick<
  typeof loans.$inferSelect,
  | 'id'
  | 'borrowerId'
  | 'status'
  | 'amountCents'
  | 'disbursedOn'
  | 'disbursedAt'
  | 'disbursementReference'
  | 'disbursedByStaffId'
>;
type WalletEntryRow = typeof walletEntries.$inferSelect;

/** What a journal entry's row says besides its lines. */
interface EntryHeader {
  businessDate: string;
  eventKind: JournalEventKind;
  walletEntryId?: number | null;
  sourceKey?: string | null;
  receiptId?: number | null;
  staffId?: number | null;
  description: string;
}

/** A disbursement's key: the loan and the moment it was recorded, so a re-disbursement is another one. */
const disbursementKey = (loanId: number, disbursedAt: Date) =>
  `disbursement:${loanId}:${disbursedAt.getTime()}`;
const DISBURSEMENT_PREFIX = 'disbursement:';
const REVERSAL_PREFIX = 'disbursement-reversal:';
const reversalKeyOf = (key: string) => REVERSAL_PREFIX + key.slice(DISBURSEMENT_PREFIX.length);

/**
 * The one function that writes journal entries: refuses lines that do not balance (the database
 * refuses them too, at commit), then the entry and its lines, every line on the loan's account.
 */
async function writeEntry(
  tx: Tx,
  loan: LoanRow,
  header: EntryHeader,
  lines: readonly JournalLine[],
  now: Date,
): Promise<number> {
  if (lines.length < 2 || !isBalanced(lines)) {
    throw new Error(`Journal entry for loan ${loan.id} (${header.eventKind}) does not balance`);
  }
  const [entry] = await tx
    .insert(journalEntries)
    .values({ ...header, loanId: loan.id, borrowerId: loan.borrowerId, createdAt: now })
    .returning({ id: journalEntries.id });
  await tx.insert(journalLines).values(
    lines.map((l) => ({
      entryId: entry!.id,
      accountCode: l.account,
      debitCents: l.debitCents,
      creditCents: l.creditCents,
      loanId: loan.id,
    })),
  );
  return entry!.id;
}

/** The lines of the journal entry a wallet entry was journaled with (empty when it was not). */
async function linesOfWalletEntry(tx: Tx, walletEntryId: number): Promise<JournalLine[]> {
  const rows = await tx
    .select({
      account: journalLines.accountCode,
      debitCents: journalLines.debitCents,
      creditCents: journalLines.creditCents,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(eq(journalEntries.walletEntryId, walletEntryId))
    .orderBy(asc(journalLines.id));
  return rows.map((r) => ({ ...r, account: r.account as LedgerAccountCode }));
}

/**
 * The disbursement side: the loan's current disbursement journaled once (Dr Cartera / Cr Bancos on
 * its date), and every journaled disbursement the loan no longer has (a reversal took it back to 5)
 * reversed with the mirror of its lines.
 */
async function journalDisbursements(tx: Tx, loan: LoanRow, now: Date, today: string): Promise<void> {
  const posted = await tx
    .select({ id: journalEntries.id, kind: journalEntries.eventKind, key: journalEntries.sourceKey })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.loanId, loan.id),
        inArray(journalEntries.eventKind, ['disbursement', 'disbursement_reversal']),
      ),
    )
    .orderBy(asc(journalEntries.id));
  const current = loan.disbursedAt ? disbursementKey(loan.id, loan.disbursedAt) : null;
  const reversed = new Set(posted.filter((p) => p.kind === 'disbursement_reversal').map((p) => p.key));
  for (const entry of posted) {
    if (entry.kind !== 'disbursement' || entry.key === current || reversed.has(reversalKeyOf(entry.key!))) {
      continue;
    }
    const lines = await tx
      .select({
        account: journalLines.accountCode,
        debitCents: journalLines.debitCents,
        creditCents: journalLines.creditCents,
      })
      .from(journalLines)
      .where(eq(journalLines.entryId, entry.id))
      .orderBy(asc(journalLines.id));
    await writeEntry(
      tx,
      loan,
      {
        businessDate: today,
        eventKind: 'disbursement_reversal',
        sourceKey: reversalKeyOf(entry.key!),
        description: journalDescriptions.disbursementReversal(loan.id),
      },
      mirrorLines(lines.map((l) => ({ ...l, account: l.account as LedgerAccountCode }))),
      now,
    );
  }
  if (current && loan.disbursedOn && !posted.some((p) => p.key === current)) {
    await writeEntry(
      tx,
      loan,
      {
        businessDate: loan.disbursedOn,
        eventKind: 'disbursement',
        sourceKey: current,
        staffId: loan.disbursedByStaffId,
        description: journalDescriptions.disbursement(loan.id, loan.disbursementReference),
      },
      journalLinesForDisbursement(loan.amountCents),
      now,
    );
  }
}

function describeWalletEntry(loan: LoanRow, entry: WalletEntryRow, reversedKind: string | null): string {
  switch (entry.kind) {
    case 'credit':
      return journalDescriptions.credit(loan.id, entry.receiptId);
    case 'debit':
      return journalDescriptions.debit(loan.id);
    case 'release':
      return journalDescriptions.release(loan.id);
    case 'refund':
      return journalDescriptions.refund(loan.id, entry.reference);
    case 'transfer':
      return entry.amountCents < 0
        ? journalDescriptions.transferOut(loan.id, entry.relatedLoanId)
        : journalDescriptions.transferIn(loan.id, entry.relatedLoanId);
    case 'reversal':
      return journalDescriptions.reversal(loan.id, reversedKind ?? '', entry.reversesEntryId!);
  }
}

/** Every wallet entry of the loan not yet journaled, oldest first, one entry each. */
async function journalWalletEntries(tx: Tx, loan: LoanRow, now: Date): Promise<void> {
  const pending = await tx
    .select()
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.loanId, loan.id),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(journalEntries)
            .where(eq(journalEntries.walletEntryId, walletEntries.id)),
        ),
      ),
    )
    .orderBy(asc(walletEntries.id));
  for (const entry of pending) {
    let reversedLines: JournalLine[] | undefined;
    let reversedKind: string | null = null;
    if (entry.kind === 'reversal') {
      reversedLines = await linesOfWalletEntry(tx, entry.reversesEntryId!);
      const [reversed] = await tx
        .select({ kind: walletEntries.kind })
        .from(walletEntries)
        .where(eq(walletEntries.id, entry.reversesEntryId!));
      reversedKind = reversed?.kind ?? null;
    }
    const lines = journalLinesForWalletEntry(
      { kind: entry.kind, amountCents: entry.amountCents, allocation: entry.allocation },
      reversedLines,
    );
    await writeEntry(
      tx,
      loan,
      {
        businessDate: entry.businessDate,
        eventKind: entry.kind,
        walletEntryId: entry.id,
        receiptId: entry.receiptId,
        staffId: entry.staffId,
        description: describeWalletEntry(loan, entry, reversedKind),
      },
      lines,
      now,
    );
  }
}

/**
 * The loan's money where its state says: 'Depósitos por aplicar' while the loan is being paid (3, 8,
 * 9-11), 'Saldos a favor de clientes' otherwise (paid, or no longer disbursed).
 */
async function reclassify(tx: Tx, loan: LoanRow, now: Date, today: string): Promise<void> {
  const balances = await tx
    .select({
      account: journalLines.accountCode,
      cents: sql<number>`coalesce(sum(${journalLines.creditCents} - ${journalLines.debitCents}), 0)`.mapWith(
        Number,
      ),
    })
    .from(journalLines)
    .where(
      and(
        eq(journalLines.loanId, loan.id),
        inArray(journalLines.accountCode, [LEDGER_ACCOUNT.unappliedReceipts, LEDGER_ACCOUNT.creditBalances]),
      ),
    )
    .groupBy(journalLines.accountCode);
  const of = (account: string) => balances.find((b) => b.account === account)?.cents ?? 0;
  const owes = isLoanPayable(loan.status);
  const lines = journalLinesForReclassification(
    {
      unappliedCents: of(LEDGER_ACCOUNT.unappliedReceipts),
      creditBalanceCents: of(LEDGER_ACCOUNT.creditBalances),
    },
    owes,
  );
  if (lines.length === 0) return;
  await writeEntry(
    tx,
    loan,
    {
      businessDate: today,
      eventKind: 'reclassification',
      description: owes
        ? journalDescriptions.toUnapplied(loan.id)
        : journalDescriptions.toCreditBalance(loan.id),
    },
    lines,
    now,
  );
}

/**
 * Journals everything of one loan not yet in the books, inside the caller's transaction and after
 * the event's own writes: its disbursement (once per disbursement), the reversal of a journaled
 * disbursement it no longer has, every wallet ledger entry not yet journaled (oldest first), and the
 * reclassification of its money between 'Depósitos por aplicar' and 'Saldos a favor de clientes'.
 * Idempotent: a second call writes nothing. The loan's row is locked first (`FOR NO KEY UPDATE`,
 * which the money events hold already), so two journalings of one loan queue.
 */
export async function postJournal(deps: Pick<Deps, 'clock'>, tx: Tx, loanId: number): Promise<void> {
  const [loan] = await tx
    .select({
      id: loans.id,
      borrowerId: loans.borrowerId,
      status: loans.status,
      amountCents: loans.amountCents,
      disbursedOn: loans.disbursedOn,
      disbursedAt: loans.disbursedAt,
      disbursementReference: loans.disbursementReference,
      disbursedByStaffId: loans.disbursedByStaffId,
    })
    .from(loans)
    .where(eq(loans.id, loanId))
    .for('no key update');
  if (!loan) return;
  const now = deps.clock.now();
  const today = todayInTegucigalpa(now);
  await journalDisbursements(tx, loan, now, today);
  await journalWalletEntries(tx, loan, now);
  await reclassify(tx, loan, now, today);
}

/** A disbursement's key in SQL, as `disbursementKey` writes it. */
const SQL_DISBURSEMENT_KEY = sql.raw(
  `'${DISBURSEMENT_PREFIX}' || l.id || ':' || (extract(epoch from date_trunc('milliseconds', l.disbursed_at)) * 1000)::bigint`,
);

/**
 * The loans with something not yet journaled: a wallet entry, a disbursement, a disbursement undone.
 * `among`, a query of loan ids, limits the search to those loans (the daily check's ordinary day).
 */
export async function loansWithUnjournaledMoney(db: DbOrTx, among?: SQL): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select l.id from loans l
      where ${among ? sql`l.id in (${among}) and ` : sql``}(exists (
          select 1 from wallet_entries w
          where w.loan_id = l.id
            and not exists (select 1 from journal_entries j where j.wallet_entry_id = w.id))
        or (l.disbursed_at is not null
          and not exists (select 1 from journal_entries j where j.source_key = ${SQL_DISBURSEMENT_KEY}))
        or exists (
          select 1 from journal_entries j
          where j.loan_id = l.id and j.event_kind = 'disbursement'
            and j.source_key is distinct from (case when l.disbursed_at is null then null else ${SQL_DISBURSEMENT_KEY} end)
            and not exists (
              select 1 from journal_entries r
              where r.source_key = ${REVERSAL_PREFIX} || substr(j.source_key, ${DISBURSEMENT_PREFIX.length + 1}))))
      order by l.id
    `),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Journals every loan with money not yet in the books, each in its own transaction: the loan book
 * that existed before the books (decision 015: the first start after migration 0019), and anything a
 * money event failed to journal. The daily run calls it before checking the books, among the loans
 * with money moved since the last check; the server's start, on every loan. A second call finds
 * nothing. Returns the loans journaled.
 */
export async function journalBacklog(deps: Pick<Deps, 'db' | 'clock'>, among?: SQL): Promise<number[]> {
  const loanIds = await loansWithUnjournaledMoney(deps.db, among);
  for (const loanId of loanIds) {
    await deps.db.transaction((tx) => postJournal(deps, tx, loanId));
  }
  return loanIds;
}
