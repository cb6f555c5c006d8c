/**
 * The daily run's check of the books (decision 015): everything journaled first (`journalBacklog`),
 * then three equalities, each raising a staff alert (once per date and kind) when it fails: debits
 * equal credits; the loan portfolio account equals the outstanding principal of the disbursed loans;
 * the borrowers' money in the books equals what their wallets hold.
 */
import { LEDGER_ACCOUNT } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
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

/** The daily run's last step for `businessDate`: journal what is missing, compare, alert. */
export async function checkBooks(deps: Deps, businessDate: string): Promise<BooksCheck> {
  const journaled = await journalBacklog(deps);
  const figures = await booksFigures(deps);
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
