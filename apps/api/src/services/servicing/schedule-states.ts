import {
  INSTALMENT_STATUS,
  LATE_INSTALMENT_STATUSES,
  LOAN_STATUS,
  LONG_LATE_AFTER_DAYS,
  PAID_INSTALMENT_STATUSES,
  PAYABLE_LOAN_STATUSES,
} from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { sqlInt, sqlInts, sqlList } from '../../db/sql-literals.ts';

const payable = sqlList(PAYABLE_LOAN_STATUSES);
const paid = sqlList(PAID_INSTALMENT_STATUSES);
const late = sqlList(LATE_INSTALMENT_STATUSES);
const I = sqlInts(INSTALMENT_STATUS);
const L = sqlInts(LOAN_STATUS);

/**
 * What an instalment `i` still owes, in SQL: the domain's `instalmentRemainingCents` (late fee,
 * interest, fee and principal, minus what is covered).
 */
export const instalmentRemainingSql = sql.raw(
  '((i.late_fee_cents - i.late_fee_covered_cents) + (i.charge_cents - i.charge_covered_cents)' +
    ' + (i.administrator_fee_cents - i.administrator_fee_covered_cents) + (i.amount_cents - i.amount_covered_cents))',
);
const longLate = sqlInt(LONG_LATE_AFTER_DAYS);

/**
 * The instalments' step of the daily run, in one statement over every open instalment (not 1 Pagado
 * or 6 Ultimo Pago) of every loan being paid: each gets the status the domain's `scheduleStatuses`
 * gives on `businessDate` (the window function ranks a loan's uncovered instalments not yet past due:
 * the first is 5 Pago Actual, the second 2 Pago próximo), and one turning late is charged the loan's
 * late fee once (`late_fee_cents` still 0). Every change is written to `instalment_status_changes`
 * in the same statement, the schedule's history. Running it again on the same date changes nothing.
 */
export async function updateInstalmentStates(
  db: DbOrTx,
  businessDate: string,
  now: Date,
): Promise<{ changed: number; lateFees: number }> {
  const result = await db.execute(sql`
    with open_rows as (
      select i.id, i.loan_id, i.position, i.due_date, i.status as old_status, i.late_fee_cents,
        l.late_fee_cents as loan_late_fee, l.payments as last_position,
        ${instalmentRemainingSql} as remaining
      from instalments i
      join loans l on l.id = i.loan_id
      where i.status not in (${paid}) and l.status in (${payable})
    ),
    open as (
      select o.*,
        row_number() over (
          partition by o.loan_id, o.due_date >= ${businessDate}::date, o.remaining > 0 order by o.position
        ) as upcoming_rank
      from open_rows o
    ),
    target as (
      select o.*,
        case
          when o.remaining = 0 then case when o.position = o.last_position then ${I.lastPaid} else ${I.paid} end
          when ${businessDate}::date - o.due_date > ${longLate} then ${I.longLate}
          when o.due_date < ${businessDate}::date then ${I.late}
          when o.upcoming_rank = 1 then ${I.current}
          when o.upcoming_rank = 2 then ${I.next}
          else ${I.pending}
        end as new_status
      from open o
    ),
    due as (
      select t.id, t.loan_id, t.old_status, t.new_status,
        case
          when t.new_status in (${late}) and t.late_fee_cents = 0 and t.loan_late_fee > 0 then t.loan_late_fee
          else 0
        end as fee
      from target t
    ),
    changed as (
      update instalments i
      set status = due.new_status, late_fee_cents = i.late_fee_cents + due.fee, updated_at = ${now}::timestamptz
      from due
      where i.id = due.id and (due.new_status <> due.old_status or due.fee > 0)
      returning i.id, i.loan_id, due.old_status, due.new_status, due.fee
    )
    insert into instalment_status_changes
      (instalment_id, loan_id, business_date, from_status, to_status, late_fee_cents, created_at)
    select id, loan_id, ${businessDate}::date, old_status, new_status, fee, ${now}::timestamptz from changed
    returning late_fee_cents
  `);
  const rows = rowsOf<{ late_fee_cents: number | string }>(result);
  return { changed: rows.length, lateFees: rows.filter((r) => Number(r.late_fee_cents) > 0).length };
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
): Promise<{ late: number; caughtUp: number }> {
  const result = await db.execute(sql`
    with late_loans as (
      select distinct loan_id from instalments where status in (${late})
    ),
    to_late as (
      update loans l set status = ${L.late}, updated_at = ${now}::timestamptz
      where l.status = ${L.paying} and l.id in (select loan_id from late_loans)
      returning l.id
    ),
    to_paying as (
      update loans l set status = ${L.paying}, updated_at = ${now}::timestamptz
      where l.status = ${L.late} and l.id not in (select loan_id from late_loans)
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
