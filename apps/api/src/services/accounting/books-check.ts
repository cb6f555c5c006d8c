/**
 * The daily run's check of the books (decision 015): everything journaled first (`journalBacklog`),
 * then three equalities, each raising a staff alert (once per date and kind) when it fails: debits
 * equal credits; the loan portfolio account equals the outstanding principal of the disbursed loans;
 * the borrowers' money in the books equals what their wallets hold. Incrementally (decision 019):
 * each check adds what was journaled since the last one to its totals, and compares the outstanding
 * principal of the loans that changed since, loan by loan.
 */
import { LEDGER_ACCOUNT } from '@prestamos-hn/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { StaffAlertKind } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { raiseStaffAlert } from '../staff-alerts.ts';
import { booksAlertMessages } from './messages.ts';
import { journalBacklog } from './post-journal.ts';

export interface BooksCheck {
  /** Loans journaled by the sweep before the check. */
  loansJournaled: number;
  debitCents: number;
  creditCents: number;
  /** Balance (debits − credits) of 'Cartera de préstamos'. */
  portfolioCents: number;
  /** Uncovered principal of every disbursed loan's instalments. */
  outstandingPrincipalCents: number;
  /** 'Depósitos por aplicar' + 'Saldos a favor de clientes' (credits − debits). */
  walletBooksCents: number;
  /** The sum of every wallet ledger entry. */
  walletsCents: number;
  /** The alerts this check raised (a kind already raised for the date is not raised again). */
  alerts: StaffAlertKind[];
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * The figures the check compares, all-time (the instalments say what is owed now, not on a past
 * date). Outstanding principal: `amount − amount covered` of the instalments of loans that are
 * disbursed (a disbursement undone clears `disbursed_on`; voided schedules are left out with it).
 */
export async function booksFigures(deps: Pick<Deps, 'db'>) {
  const [row] = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select
        (select coalesce(sum(debit_cents), 0) from journal_lines) as debit_cents,
        (select coalesce(sum(credit_cents), 0) from journal_lines) as credit_cents,
        (select coalesce(sum(debit_cents - credit_cents), 0) from journal_lines
          where account_code = ${LEDGER_ACCOUNT.portfolio}) as portfolio_cents,
        (select coalesce(sum(i.amount_cents - i.amount_covered_cents), 0)
          from instalments i join loans l on l.id = i.loan_id
          where l.disbursed_on is not null and i.voided_at is null) as outstanding_principal_cents,
        (select coalesce(sum(credit_cents - debit_cents), 0) from journal_lines
          where account_code in (${LEDGER_ACCOUNT.unappliedReceipts}, ${LEDGER_ACCOUNT.creditBalances})) as wallet_books_cents,
        (select coalesce(sum(amount_cents), 0) from wallet_entries) as wallets_cents
    `),
  );
  return {
    debitCents: num(row?.debit_cents),
    creditCents: num(row?.credit_cents),
    portfolioCents: num(row?.portfolio_cents),
    outstandingPrincipalCents: num(row?.outstanding_principal_cents),
    walletBooksCents: num(row?.wallet_books_cents),
    walletsCents: num(row?.wallets_cents),
  };
}

/** The latest checkpoint of the books, or null before the first check (migration 0029). */
async function latestCheckpoint(db: Deps['db']) {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from books_checkpoints order by id desc limit 1`),
  );
  if (!row) return null;
  return {
    journalLineId: num(row.journal_line_id),
    walletEntryId: num(row.wallet_entry_id),
    debitCents: num(row.debit_cents),
    creditCents: num(row.credit_cents),
    portfolioCents: num(row.portfolio_cents),
    walletBooksCents: num(row.wallet_books_cents),
    walletsCents: num(row.wallets_cents),
  };
}
type Checkpoint = NonNullable<Awaited<ReturnType<typeof latestCheckpoint>>>;

const ZERO: Checkpoint = {
  journalLineId: 0,
  walletEntryId: 0,
  debitCents: 0,
  creditCents: 0,
  portfolioCents: 0,
  walletBooksCents: 0,
  walletsCents: 0,
};

/** How long the check waits for the money transactions in flight to commit (they take milliseconds). */
const BARRIER_WAIT_MS = 30_000;

/**
 * The highest journal line and wallet entry ids, once no transaction that inserts into either is
 * in flight: every insert takes the shared lock for its transaction (migration 0029), so with the
 * exclusive one held, every id at or below these is committed and visible, and every later one will
 * be above. A try in a loop, not a wait in the lock's queue: a queued exclusive request would hold
 * up every new payment behind it, and could join a deadlock with them.
 */
async function highestCommittedIds(db: Deps['db']): Promise<{ line: number; wallet: number }> {
  const deadline = Date.now() + BARRIER_WAIT_MS;
  for (;;) {
    const ids = await db.transaction(async (tx: Tx) => {
      const [lock] = rowsOf<{ held: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('books:barrier')) as held`),
      );
      if (!lock?.held) return null;
      const [row] = rowsOf<{ line: unknown; wallet: unknown }>(
        await tx.execute(sql`
          select (select coalesce(max(id), 0) from journal_lines) as line,
            (select coalesce(max(id), 0) from wallet_entries) as wallet
        `),
      );
      return { line: num(row?.line), wallet: num(row?.wallet) };
    });
    if (ids) return ids;
    if (Date.now() > deadline) throw new Error('the books check found no moment without money in flight');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One loan's outstanding principal minus its portfolio balance, in SQL, for `loan_id` of `s` (0: no loan). */
const loanDifferenceSql = sql`
  coalesce((
    select sum(i.amount_cents - i.amount_covered_cents)
    from instalments i join loans l on l.id = i.loan_id
    where i.loan_id = s.loan_id and l.disbursed_on is not null and i.voided_at is null
  ), 0) - coalesce(case when s.loan_id = 0 then (
    select sum(j.debit_cents - j.credit_cents) from journal_lines j
    where j.loan_id is null and j.account_code = ${LEDGER_ACCOUNT.portfolio}
  ) else (
    select sum(j.debit_cents - j.credit_cents) from journal_lines j
    where j.loan_id = s.loan_id and j.account_code = ${LEDGER_ACCOUNT.portfolio}
  ) end, 0)`;

/**
 * Compares, loan by loan, the outstanding principal with the portfolio balance of the loans that
 * may have changed since `from` (the loans marked in `books_dirty_loans` and those with portfolio
 * lines after `from.journalLineId`; null: every loan), and keeps the loans that differ in
 * `books_loan_differences`. Each loan's two sides are read in one statement, so a payment committed
 * meanwhile is on both or on neither. Clears the marks it saw.
 */
async function compareLoans(tx: Tx, from: Checkpoint | null, upTo: number): Promise<void> {
  const [seen] = rowsOf<{ mark: unknown }>(
    await tx.execute(sql`select coalesce(max(mark), 0) as mark from books_dirty_loans`),
  );
  const seenMark = num(seen?.mark);
  if (from) {
    await tx.execute(sql`
      create temporary table books_scope on commit drop as
      select loan_id from books_dirty_loans where mark <= ${seenMark}
      union
      select coalesce(loan_id, 0) from journal_lines
      where id > ${from.journalLineId} and id <= ${upTo} and account_code = ${LEDGER_ACCOUNT.portfolio}
    `);
    await tx.execute(sql`
      with compared as (
        select s.loan_id, ${loanDifferenceSql} as difference from books_scope s
      ),
      agreed as (
        delete from books_loan_differences d using compared c
        where d.loan_id = c.loan_id and c.difference = 0
      )
      insert into books_loan_differences (loan_id, difference_cents)
      select loan_id, difference from compared where difference <> 0
      on conflict (loan_id) do update set difference_cents = excluded.difference_cents
    `);
    await tx.execute(sql`drop table books_scope`);
  } else {
    await tx.execute(sql`delete from books_loan_differences`);
    await tx.execute(sql`
      insert into books_loan_differences (loan_id, difference_cents)
      select coalesce(o.loan_id, p.loan_id), coalesce(o.cents, 0) - coalesce(p.cents, 0)
      from (
        select i.loan_id, sum(i.amount_cents - i.amount_covered_cents) as cents
        from instalments i join loans l on l.id = i.loan_id
        where l.disbursed_on is not null and i.voided_at is null
        group by i.loan_id
      ) o
      full join (
        select coalesce(loan_id, 0) as loan_id, sum(debit_cents - credit_cents) as cents
        from journal_lines where account_code = ${LEDGER_ACCOUNT.portfolio}
        group by 1
      ) p on p.loan_id = o.loan_id
      where coalesce(o.cents, 0) <> coalesce(p.cents, 0)
    `);
  }
  await tx.execute(sql`delete from books_dirty_loans where mark <= ${seenMark}`);
}

/**
 * The figures of `businessDate`'s check, incrementally: the previous checkpoint's totals plus the
 * journal lines and wallet entries after it, up to the highest committed ids, and the outstanding
 * principal as the portfolio plus the differences of the loans that disagree. Writes the new
 * checkpoint. `from` null (no checkpoint yet, or `full`): everything counted again.
 */
async function advanceFigures(deps: Pick<Deps, 'db'>, businessDate: string, from: Checkpoint | null) {
  const upTo = await highestCommittedIds(deps.db);
  const base = from ?? ZERO;
  return deps.db.transaction(async (tx) => {
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select j.*, (select coalesce(sum(amount_cents), 0) from wallet_entries
            where id > ${base.walletEntryId} and id <= ${upTo.wallet}) as wallets_cents
        from (
          -- One pass over the lines since the checkpoint.
          select coalesce(sum(debit_cents), 0) as debit_cents, coalesce(sum(credit_cents), 0) as credit_cents,
            coalesce(sum(debit_cents - credit_cents) filter (
              where account_code = ${LEDGER_ACCOUNT.portfolio}), 0) as portfolio_cents,
            coalesce(sum(credit_cents - debit_cents) filter (
              where account_code in (${LEDGER_ACCOUNT.unappliedReceipts}, ${LEDGER_ACCOUNT.creditBalances})), 0) as wallet_books_cents
          from journal_lines where id > ${base.journalLineId} and id <= ${upTo.line}
        ) j
      `),
    );
    const next: Checkpoint = {
      journalLineId: upTo.line,
      walletEntryId: upTo.wallet,
      debitCents: base.debitCents + num(row?.debit_cents),
      creditCents: base.creditCents + num(row?.credit_cents),
      portfolioCents: base.portfolioCents + num(row?.portfolio_cents),
      walletBooksCents: base.walletBooksCents + num(row?.wallet_books_cents),
      walletsCents: base.walletsCents + num(row?.wallets_cents),
    };
    await compareLoans(tx, from, upTo.line);
    const [differences] = rowsOf<{ cents: unknown }>(
      await tx.execute(sql`select coalesce(sum(difference_cents), 0) as cents from books_loan_differences`),
    );
    await tx.execute(sql`
      insert into books_checkpoints (business_date, journal_line_id, wallet_entry_id, debit_cents,
        credit_cents, portfolio_cents, wallet_books_cents, wallets_cents)
      values (${businessDate}, ${next.journalLineId}, ${next.walletEntryId}, ${next.debitCents},
        ${next.creditCents}, ${next.portfolioCents}, ${next.walletBooksCents}, ${next.walletsCents})
    `);
    return {
      debitCents: next.debitCents,
      creditCents: next.creditCents,
      portfolioCents: next.portfolioCents,
      outstandingPrincipalCents: next.portfolioCents + num(differences?.cents),
      walletBooksCents: next.walletBooksCents,
      walletsCents: next.walletsCents,
    };
  });
}

/** The loans with money moved since `from`: new wallet entries, or marked for the check. */
const movedSince = (from: Checkpoint): SQL => sql`
  select loan_id from wallet_entries where id > ${from.walletEntryId} and loan_id is not null
  union
  select loan_id from books_dirty_loans`;

/**
 * The daily run's last step for `businessDate`: journal what is missing, compare, alert. `full`
 * (the run's `--full`) counts everything again, as the first check does.
 */
export async function checkBooks(
  deps: Deps,
  businessDate: string,
  options: { full?: boolean } = {},
): Promise<BooksCheck> {
  const from = options.full ? null : await latestCheckpoint(deps.db);
  const journaled = await journalBacklog(deps, from ? movedSince(from) : undefined);
  const figures = await advanceFigures(deps, businessDate, from);
  const alerts: StaffAlertKind[] = [];
  const raise = async (kind: StaffAlertKind, message: string) => {
    const raised = await raiseStaffAlert(deps, { businessDate, kind, message, details: { ...figures } });
    if (raised) alerts.push(kind);
  };
  if (figures.debitCents !== figures.creditCents) {
    await raise('books_unbalanced', booksAlertMessages.unbalanced(figures.debitCents, figures.creditCents));
  }
  if (figures.portfolioCents !== figures.outstandingPrincipalCents) {
    await raise(
      'books_portfolio',
      booksAlertMessages.portfolio(figures.portfolioCents, figures.outstandingPrincipalCents),
    );
  }
  if (figures.walletBooksCents !== figures.walletsCents) {
    await raise('books_wallets', booksAlertMessages.wallets(figures.walletBooksCents, figures.walletsCents));
  }
  if (alerts.length > 0) deps.log.warn({ businessDate, ...figures, alerts }, 'the books do not agree');
  return { loansJournaled: journaled.length, ...figures, alerts };
}
