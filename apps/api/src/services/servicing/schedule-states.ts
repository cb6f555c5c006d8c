import {
  CALCULATOR_RATE_DIVISORS,
  INSTALMENT_STATUS,
  LATE_INSTALMENT_STATUSES,
  LOAN_STATUS,
  LONG_LATE_AFTER_DAYS,
  PAID_INSTALMENT_STATUSES,
  parseDecimal,
  PAYABLE_LOAN_STATUSES,
  PERIOD_DAYS,
  PERIODS,
} from '@prestamos-hn/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../db/client.ts';
import { withJoinMethodsOff } from '../../db/planner.ts';
import { sqlInt, sqlInts, sqlList } from '../../db/sql-literals.ts';
import { inScope, type ServicingScope } from './run-scope.ts';

const payable = sqlList(PAYABLE_LOAN_STATUSES);
const paid = sqlList(PAID_INSTALMENT_STATUSES);
const late = sqlList(LATE_INSTALMENT_STATUSES);
const I = sqlInts(INSTALMENT_STATUS);
const L = sqlInts(LOAN_STATUS);

/**
 * What an instalment `i` still owes, in SQL: the domain's `instalmentRemainingCents` (late fee,
 * default interest, interest, fee and principal, minus what is covered).
 */
export const instalmentRemainingSql = sql.raw(
  '((i.late_fee_cents - i.late_fee_covered_cents) + (i.penalty_fee_cents - i.penalty_covered_cents)' +
    ' + (i.charge_cents - i.charge_covered_cents)' +
    ' + (i.administrator_fee_cents - i.administrator_fee_covered_cents) + (i.amount_cents - i.amount_covered_cents))',
);
const longLate = sqlInt(LONG_LATE_AFTER_DAYS);

/**
 * One day of default interest, as SQL over a loan `l` and an unpaid principal: the domain's
 * `defaultInterestForDay(principal, defaultDailyRate(l.annual_rate_bp / 100, l.period_type))`,
 * exactly: principal × rate_bp × divisor_den / (10000 × divisor_num × period_days), rounded half-up
 * in integer arithmetic (`div` of numerics truncates, as BigInt division does).
 */
function defaultInterestSql(principal: SQL): SQL {
  const cases = PERIODS.map((period) => {
    const divisor = parseDecimal(CALCULATOR_RATE_DIVISORS[period]);
    const numerator = sql.raw(`${divisor.den}`);
    const denominator = sql.raw(`${10_000n * divisor.num * BigInt(PERIOD_DAYS[period])}`);
    return sql`when ${period} then div(2 * ${principal}::numeric * l.annual_rate_bp * ${numerator} + ${denominator}, 2 * ${denominator}::numeric)`;
  });
  return sql`(case l.period_type ${sql.join(cases, sql` `)} end)::bigint`;
}

/**
 * The late fee the run of `businessDate` charges an open instalment, in SQL: the domain's
 * `lateFeeToCharge`. The loan's fee, once the instalment is in arrears (past due and short by more
 * than the tolerance) more than the loan's grace days, if it was never charged one (its fee is 0 and
 * the charges ledger has none: a waived fee is not charged again). Over the columns each statement
 * has: the states step's ranked rows, or an instalment `i` of a loan `l` (`chargesTodaySql`).
 */
function lateFeeSql(
  businessDate: string,
  row: { id: SQL; dueDate: SQL; inArrears: SQL; graceDays: SQL; feeCents: SQL; loanFee: SQL },
): SQL {
  return sql`case
    when ${row.inArrears} and ${businessDate}::date - ${row.dueDate} > ${row.graceDays}
      and ${row.feeCents} = 0 and ${row.loanFee} > 0
      -- Looked up last, only for the rows that would otherwise be charged.
      and not exists (select 1 from loan_charges c where c.instalment_id = ${row.id} and c.kind = 'late_fee')
    then ${row.loanFee}
    else 0
  end`;
}

/**
 * The day of default interest the run of `businessDate` charges an open instalment `i` of a loan `l`
 * whose maturity is past its grace days (`matured`), in SQL: the domain's `defaultInterestToCharge`
 * (decision 014, point 7), unless that date's day is already charged.
 */
function defaultInterestTodaySql(businessDate: string, matured: SQL): SQL {
  return sql`case
    when i.amount_cents <= i.amount_covered_cents or ${instalmentRemainingSql} <= l.arrears_tolerance_cents then 0
    when not ${matured} then 0
    when exists (
      select 1 from loan_charges c
      where c.instalment_id = i.id and c.kind = 'default_interest' and c.business_date = ${businessDate}::date
    ) then 0
    else ${defaultInterestSql(sql.raw('(i.amount_cents - i.amount_covered_cents)'))}
  end`;
}

/**
 * Whether a loan `l` is more than its grace days past its maturity on `businessDate`, in SQL: the
 * maturity is its last live instalment's due date (position = payments, unique among the live ones:
 * one index lookup per loan). Default interest runs from then on (decision 014, point 7).
 */
function pastMaturitySql(businessDate: string): SQL {
  return sql`(${businessDate}::date - (
    select m.due_date from instalments m where m.loan_id = l.id and m.position = l.payments and m.voided_at is null
  ) > l.grace_days)`;
}

/**
 * What the states step of `businessDate` charges an open instalment `i` of a loan `l` being paid, in
 * SQL: its late fee and its day of default interest (0 once charged). The reminders, which run beside
 * that step and read the book as it was before it (daily-run.ts), add it to what the instalment owes,
 * so that a reminder states the amount the borrower's plan shows that day.
 */
export function chargesTodaySql(businessDate: string): SQL {
  const lateFee = lateFeeSql(businessDate, {
    id: sql`i.id`,
    dueDate: sql`i.due_date`,
    inArrears: sql`(i.due_date < ${businessDate}::date and ${instalmentRemainingSql} > l.arrears_tolerance_cents)`,
    graceDays: sql`l.grace_days`,
    feeCents: sql`i.late_fee_cents`,
    loanFee: sql`l.late_fee_cents`,
  });
  return sql`(${lateFee} + ${defaultInterestTodaySql(businessDate, pastMaturitySql(businessDate))})`;
}

/**
 * The instalments' step of the daily run, in one statement over every open instalment (not 1 Pagado
 * or 6 Ultimo Pago) of every loan being paid: each gets the status the domain's `scheduleStatuses`
 * gives on `businessDate` with the loan's arrears tolerance (past due and short by more than it:
 * late; the window function ranks a loan's other uncovered instalments: the first is 5 Pago Actual,
 * the second 2 Pago próximo), and one more than the loan's grace days late, short by more than the
 * tolerance and never charged before, is charged the loan's late fee (`lateFeeToCharge`). Every
 * change is written to `instalment_status_changes`, and every fee to the charges ledger
 * (`loan_charges`), in the same statement. Running it again on the same date changes nothing.
 *
 * Races (decision 014, point 9): a validation may cover an instalment while this statement runs.
 * The update is conditional on the row being the version it read (`xmin`): a row changed since by a
 * validation (or by a run of another date) is left as that transaction wrote it, never marked late
 * or charged from a stale reading. The fee is written to the ledger only for rows actually updated,
 * and the ledger's unique index (one late fee per instalment) stops a second fee whatever happens.
 */
export async function updateInstalmentStates(
  db: DbOrTx,
  businessDate: string,
  now: Date,
  scope: ServicingScope = 'book',
): Promise<{ changed: number; lateFees: number }> {
  // Its own transaction (a savepoint inside the run's): the changes' table lives until its end.
  return db.transaction((tx) => updateInstalmentStatesIn(tx, businessDate, now, scope));
}

async function updateInstalmentStatesIn(
  db: Tx,
  businessDate: string,
  now: Date,
  scope: ServicingScope,
): Promise<{ changed: number; lateFees: number }> {
  // The loans being paid (of the scope, on an ordinary day) with the terms the statuses depend on,
  // first, in a table of their own: the instalments are then joined to one small hash (a join to
  // the scope and another to every loan cost 10 of the 23 s at 1,000,000 borrowers).
  await db.execute(sql`
    create temporary table servicing_loans on commit drop as
    select l.id as loan_id, l.late_fee_cents as loan_late_fee, l.grace_days,
      l.arrears_tolerance_cents as tolerance, l.payments as last_position
    from loans l
    where l.status in (${payable})${inScope(scope, 'l.id')}
  `);
  await db.execute(sql`analyze servicing_loans`);
  // The changes first, in a table of their own: how many there are (a few thousand on an ordinary
  // day, hundreds of thousands on a first run) decides how the update finds its rows. Only the
  // columns the statuses need are carried: every open row of the loans is sorted by loan to rank.
  await db.execute(sql`
    create temporary table servicing_due on commit drop as
    with open_rows as (
      select i.id, i.ctid as row_ctid, i.xmin as row_xmin, i.loan_id, i.position, i.due_date,
        i.status as old_status, i.late_fee_cents, s.loan_late_fee, s.grace_days, s.tolerance,
        s.last_position, ${instalmentRemainingSql} as remaining
      from instalments i join servicing_loans s on s.loan_id = i.loan_id
      where i.status not in (${paid}) and i.voided_at is null
    ),
    classified as (
      select o.*, (o.due_date < ${businessDate}::date and o.remaining > o.tolerance) as in_arrears
      from open_rows o
    ),
    open as (
      select o.*,
        row_number() over (
          partition by o.loan_id, o.in_arrears, o.remaining > 0 order by o.position
        ) as upcoming_rank
      from classified o
    ),
    target as (
      select o.*,
        case
          when o.remaining = 0 then case when o.position = o.last_position then ${I.lastPaid} else ${I.paid} end
          when o.in_arrears and ${businessDate}::date - o.due_date > ${longLate} then ${I.longLate}
          when o.in_arrears then ${I.late}
          when o.upcoming_rank = 1 then ${I.current}
          when o.upcoming_rank = 2 then ${I.next}
          else ${I.pending}
        end as new_status
      from open o
    ),
    due as (
      select t.id, t.row_ctid, t.row_xmin, t.loan_id, t.old_status, t.new_status,
        ${lateFeeSql(businessDate, {
          id: sql`t.id`,
          dueDate: sql`t.due_date`,
          inArrears: sql`t.in_arrears`,
          graceDays: sql`t.grace_days`,
          feeCents: sql`t.late_fee_cents`,
          loanFee: sql`t.loan_late_fee`,
        })} as fee
      from target t
    )
    select id, row_ctid, row_xmin, loan_id, old_status, new_status, fee
    from due where new_status <> old_status or fee > 0
  `);
  await db.execute(sql`analyze servicing_due`);
  // The loans to which this statement gave a late instalment (it holds those rows until the run
  // commits, so they stay late): with the loans marked, the only ones whose 3 ↔ 8 can change on an
  // ordinary day (updateLoanStates).
  await db.execute(sql`drop table if exists servicing_turned_late`);
  await db.execute(
    sql`create temporary table servicing_turned_late (loan_id integer primary key) on commit drop`,
  );
  // Each change by the row's address (ctid) as read, and only if it is still that version (xmin):
  // the changes are a small part of the book, but the planner, which cannot tell how many rows
  // match, would hash every instalment to find them. A row a validation changed meanwhile has
  // another address and another xmin, and is left as the validation wrote it.
  const result = await withJoinMethodsOff(db, ['enable_hashjoin', 'enable_mergejoin'], () =>
    db.execute(sql`
      with changed as (
        update instalments i
        set status = due.new_status, late_fee_cents = i.late_fee_cents + due.fee, updated_at = ${now}::timestamptz
        from servicing_due due
        where i.ctid = due.row_ctid and i.xmin = due.row_xmin
        returning i.id, i.loan_id, due.old_status, due.new_status, due.fee
      ),
      charged as (
        insert into loan_charges (loan_id, instalment_id, kind, component, amount_cents, business_date, created_at)
        select loan_id, id, 'late_fee', 'lateFee', fee, ${businessDate}::date, ${now}::timestamptz
        from changed where fee > 0
        returning id
      ),
      turned_late as (
        insert into servicing_turned_late (loan_id)
        select distinct loan_id from changed where new_status in (${late})
        returning loan_id
      )
      insert into instalment_status_changes
        (instalment_id, loan_id, business_date, from_status, to_status, late_fee_cents, created_at)
      select id, loan_id, ${businessDate}::date, old_status, new_status, fee, ${now}::timestamptz from changed
      returning late_fee_cents
    `),
  );
  await db.execute(sql`drop table servicing_due, servicing_loans`);
  const rows = rowsOf<{ late_fee_cents: number | string }>(result);
  return { changed: rows.length, lateFees: rows.filter((r) => Number(r.late_fee_cents) > 0).length };
}

/**
 * Default interest after maturity (decision 014, point 7): for every loan being paid more than its
 * grace days past its last due date, every open instalment short by more than the tolerance with
 * principal still owed is charged one day of interest at the loan's rate on that principal
 * (`defaultInterestToCharge`), into its `penalty_fee_cents`, with its charges-ledger row. One day
 * per instalment and date is a unique index: a run repeated, or two runs at once, never charge a
 * day twice. As for the fees, the update is conditional on the row read (`xmin`).
 */
export async function chargeDefaultInterest(
  db: DbOrTx,
  businessDate: string,
  now: Date,
  scope: ServicingScope = 'book',
): Promise<{ charged: number }> {
  return db.transaction(async (tx) => {
    // The matured loans first, in a table of their own (few, even in a large book): the planner
    // then reaches their instalments by loan, instead of reading every open instalment.
    await tx.execute(sql`
      create temporary table servicing_matured on commit drop as
      select l.id as loan_id
      from ${scope === 'book' ? sql`loans l` : sql`servicing_scope s join loans l on l.id = s.loan_id`}
      where l.status in (${payable}) and ${pastMaturitySql(businessDate)}
    `);
    await tx.execute(sql`analyze servicing_matured`);
    await tx.execute(sql`
      create temporary table servicing_owed on commit drop as
      select i.ctid as row_ctid, i.xmin as row_xmin, ${defaultInterestTodaySql(businessDate, sql`true`)} as interest
      from servicing_matured m
      join instalments i on i.loan_id = m.loan_id
      join loans l on l.id = i.loan_id
      where i.status not in (${paid}) and i.amount_cents > i.amount_covered_cents and i.voided_at is null
    `);
    await tx.execute(sql`analyze servicing_owed`);
    const result = await tx.execute(sql`
      with changed as (
        update instalments i
        set penalty_fee_cents = i.penalty_fee_cents + o.interest, updated_at = ${now}::timestamptz
        from servicing_owed o
        where i.ctid = o.row_ctid and i.xmin = o.row_xmin and o.interest > 0
        returning i.id, i.loan_id, o.interest
      )
      insert into loan_charges (loan_id, instalment_id, kind, component, amount_cents, business_date, created_at)
      select loan_id, id, 'default_interest', 'penalty', interest, ${businessDate}::date, ${now}::timestamptz
      from changed
      returning id
    `);
    await tx.execute(sql`drop table servicing_matured, servicing_owed`);
    return { charged: rowsOf(result).length };
  });
}

/**
 * The loans' step, after the instalments': 3 Pagando with a late instalment becomes 8 Atrasado, 8
 * with none goes back to 3 (9-11, set by collections staff, stay). One statement, with an audit row
 * (actor 'system') per loan changed.
 */
export async function updateLoanStates(
  db: DbOrTx,
  businessDate: string,
  now: Date,
  scope: ServicingScope = 'book',
): Promise<{ late: number; caughtUp: number }> {
  // Conditional on the loan row read (`xmin`), as the instalments' step: a validation touches its
  // loan row, so a loan just caught up by one is never moved back to 8 from a stale reading. The
  // whole book reads the late instalments once. An ordinary day reads only the loans whose 3 ↔ 8
  // can change: those to which today's states step gave a late instalment (`servicing_turned_late`:
  // late, nothing to ask) and those marked since the last run (a payment, a change of terms or of
  // status), each asked by its own index; any other loan's instalments neither became late nor
  // stopped being late since the run that last set its status. (Asking all 290,000 loans of an
  // ordinary day at 1,000,000 borrowers took longer than hashing every late instalment of the book.)
  const read =
    scope === 'book'
      ? sql`
        select l.id, l.xmin as row_xmin, l.status,
          l.id in (select loan_id from instalments where status in (${late}) and voided_at is null) as any_late
        from loans l where l.status in (${L.paying}, ${L.late})`
      : sql`
        select l.id, l.xmin as row_xmin, l.status,
          t.loan_id is not null or exists (
            select 1 from instalments i
            where i.loan_id = l.id and i.status in (${late}) and i.voided_at is null offset 0
          ) as any_late
        from loans l left join servicing_turned_late t on t.loan_id = l.id
        where l.status in (${L.paying}, ${L.late})
          and (t.loan_id is not null or l.id in (select loan_id from servicing_seen_marks))`;
  const result = await db.execute(sql`
    with read as (${read}),
    to_late as (
      update loans l set status = ${L.late}, updated_at = ${now}::timestamptz
      from read r
      where l.id = r.id and l.xmin = r.row_xmin and r.status = ${L.paying} and r.any_late
      returning l.id
    ),
    to_paying as (
      update loans l set status = ${L.paying}, updated_at = ${now}::timestamptz
      from read r
      where l.id = r.id and l.xmin = r.row_xmin and r.status = ${L.late} and not r.any_late
      returning l.id
    ),
    moved as (
      select id, ${L.paying} as from_status, ${L.late} as to_status, 'loan.late' as action from to_late
      union all
      select id, ${L.late}, ${L.paying}, 'loan.caught_up' from to_paying
    )
    insert into audit_log (actor_type, actor_id, action, entity, entity_id, before, after, at)
    select 'system', null, action, 'loan', id::text, jsonb_build_object('status', from_status),
      jsonb_build_object('status', to_status, 'businessDate', ${businessDate}::text), ${now}::timestamptz
    from moved
    returning action
  `);
  const rows = rowsOf<{ action: string }>(result);
  return {
    late: rows.filter((r) => r.action === 'loan.late').length,
    caughtUp: rows.filter((r) => r.action === 'loan.caught_up').length,
  };
}
