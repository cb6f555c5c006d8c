/**
 * Which loans a daily run looks at (decision 019). A first run, a run after a gap of more than
 * `INCREMENTAL_GAP_DAYS` or a run asked for in full looks at the whole book ('book'). Any other
 * date looks at the loans that can change on it ('marked'): those marked in `servicing_dirty_loans`
 * since the run last saw them (anything that wrote their instalments, status or terms: migration
 * 0027's triggers), those with an open instalment whose due date crosses a threshold between the
 * newest date done and this one (the domain's `dueDatesCrossingThresholds`), and those whose last
 * due date, paid or not, crosses one (the loan matures: default interest). Any other loan is as
 * the last run left it, which is what a run over the whole book would leave it as on this date too:
 * its amounts have not changed and none of its due dates passes a threshold.
 *
 * The scope lives in temporary tables of the run's transaction (`on commit drop`), so that the
 * statements join it instead of carrying hundreds of thousands of ids.
 */
import {
  daysBetween,
  dueDatesCrossingThresholds,
  LONG_LATE_AFTER_DAYS,
  PAID_INSTALMENT_STATUSES,
  PAYABLE_LOAN_STATUSES,
} from '@prestamos-hn/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { sqlList } from '../../db/sql-literals.ts';

export type ServicingScope = 'book' | 'marked';

/** A longer gap since the newest date done runs over the whole book (a catch-up runs day by day). */
export const INCREMENTAL_GAP_DAYS = 31;

const paid = sqlList(PAID_INSTALMENT_STATUSES);
const payable = sqlList(PAYABLE_LOAN_STATUSES);

/** ` and <column> in <the scope>`, nothing for the whole book. */
export function inScope(scope: ServicingScope, column: string): SQL {
  return scope === 'book' ? sql`` : sql` and ${sql.raw(column)} in (select loan_id from servicing_scope)`;
}

/**
 * The run's own statements on instalments and loans are not marks (they leave a loan as the date
 * makes it): migration 0027's triggers skip them while this transaction-local setting is on.
 */
export async function setRunWriting(tx: Tx, on: boolean): Promise<void> {
  await tx.execute(sql`select set_config('prestamos.servicing_run', ${on ? 'on' : 'off'}, true)`);
}

/**
 * Chooses the scope of `businessDate`'s states step and builds it, in `tx`: the marks as they are
 * now (`servicing_seen_marks`, cleared by `clearSeenMarks` when the step ends) and, for a 'marked'
 * run, `servicing_scope`. `previousDate` is the newest date done before this one (null: none).
 */
export async function prepareRunScope(
  tx: Tx,
  businessDate: string,
  previousDate: string | null,
  options: { full?: boolean } = {},
): Promise<{ scope: ServicingScope; loans: number | null }> {
  await tx.execute(sql`
    create temporary table servicing_seen_marks on commit drop as
    select loan_id, mark from servicing_dirty_loans
  `);
  const incremental =
    !options.full &&
    previousDate !== null &&
    previousDate < businessDate &&
    daysBetween(previousDate, businessDate) <= INCREMENTAL_GAP_DAYS;
  if (!incremental) return { scope: 'book', loans: null };

  const graceDays = rowsOf<{ grace_days: number }>(
    await tx.execute(sql`select distinct grace_days from loans where status in (${payable})`),
  ).map((r) => Number(r.grace_days));
  const ranges = dueDatesCrossingThresholds(previousDate, businessDate, [
    0,
    LONG_LATE_AFTER_DAYS,
    ...graceDays,
  ]);
  const crossing = sql.join(
    ranges.map((r) => sql`i.due_date between ${r.from}::date and ${r.to}::date`),
    sql` or `,
  );
  await tx.execute(sql`create temporary table servicing_scope (loan_id integer primary key) on commit drop`);
  await tx.execute(sql`
    insert into servicing_scope (loan_id)
    select loan_id from servicing_seen_marks
    union
    select i.loan_id from instalments i
    join loans l on l.id = i.loan_id
    where (${crossing}) and i.voided_at is null
      -- An open instalment changes status or is charged its fee; a last one, paid or not, makes the
      -- loan mature (its grace days passed), from when default interest runs on what is still owed.
      and (i.status not in (${paid}) or i.position = l.payments)
  `);
  // Without statistics the planner would guess the scope's size; it decides how the steps join it.
  await tx.execute(sql`analyze servicing_scope`);
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from servicing_scope`));
  return { scope: 'marked', loans: Number(row?.n ?? 0) };
}

/**
 * Clears the marks the run saw (every loan marked then was in its scope, or the scope was the
 * book). A mark renewed since (a payment while the run went on) has another `mark` and stays.
 */
export async function clearSeenMarks(tx: Tx): Promise<void> {
  await tx.execute(sql`
    delete from servicing_dirty_loans d using servicing_seen_marks s
    where d.loan_id = s.loan_id and d.mark = s.mark
  `);
}
