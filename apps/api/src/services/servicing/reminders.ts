import {
  PAID_INSTALMENT_STATUSES,
  PAYABLE_LOAN_STATUSES,
  reminderDueDate,
  type ReminderEvent,
} from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { withJoinMethodsOff } from '../../db/planner.ts';
import { sqlList } from '../../db/sql-literals.ts';
import type { Deps } from '../deps.ts';
import { notificationEmail, notificationSms } from '../notifications.ts';
import { reminderTexts } from './messages.ts';
import { chargesTodaySql, instalmentRemainingSql } from './schedule-states.ts';

const payable = sqlList(PAYABLE_LOAN_STATUSES);
const paid = sqlList(PAID_INSTALMENT_STATUSES);

/** A text column of the statement's `message` rows with `{cuota}`, `{monto}` and `{fecha}` filled in. */
const filledIn = (column: 'title' | 'body' | 'sms' | 'email_body') =>
  sql.raw(
    `replace(replace(replace(m.${column}, '{cuota}', m.cuota), '{monto}', m.monto), '{fecha}', m.fecha)`,
  );

/**
 * The reminders' step, for `events` (`remindersToSend`: all on the day itself, none for a past day
 * run late): every uncovered instalment of a loan being paid whose due date is 3 days
 * after `businessDate`, on it, or 1, 7 or 30 days before it gets that event's reminder under the
 * bell and by SMS (and by e-mail when the address is confirmed). One statement: the event is claimed
 * in `instalment_reminders` (its primary key is instalment and event, so no event is ever sent twice,
 * whichever run or server gets there first) and only the claimed ones become notifications and
 * outbox rows. The texts come from `reminderTexts` through the same SMS and e-mail wrappers every
 * notification uses, with the instalment's numbers filled in by the statement. The step runs beside
 * the states step (daily-run.ts), so the amount counts what that step charges the instalment on the
 * date (`chargesTodaySql`) whether or not it has done so yet, and a covered instalment it has not yet
 * marked paid is not reminded.
 */
export async function sendReminders(
  deps: Pick<Deps, 'config'>,
  db: DbOrTx,
  businessDate: string,
  now: Date,
  events: readonly ReminderEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  const brand = deps.config.brandName;
  const eventRows = events.map((event) => {
    const { title, body } = reminderTexts[event];
    const email = notificationEmail(brand, title, body);
    return sql`(${event}, ${reminderDueDate(event, businessDate)}::date, ${title}, ${body}, ${notificationSms(brand, title, body)}, ${email.subject}, ${email.body})`;
  });
  // The claimed events are matched to their texts by hashing the claims: a merge join sorted the
  // 460,000 texts of an ordinary day at 1,000,000 borrowers on disk.
  const result = await withJoinMethodsOff(db, ['enable_mergejoin'], () =>
    db.execute(sql`
    with event (name, due_date, title, body, sms, email_subject, email_body) as (
      values ${sql.join(eventRows, sql`, `)}
    ),
    due as (
      select i.id, l.borrower_id, e.name, e.title, e.body, e.sms, e.email_subject, e.email_body,
        i.position::text as cuota, to_char(i.due_date, 'DD/MM/YYYY') as fecha,
        to_char((${instalmentRemainingSql} + ${chargesTodaySql(businessDate)}) / 100.0, 'FM999,999,999,990.00') as monto
      from event e
      join instalments i on i.due_date = e.due_date and i.status not in (${paid}) and i.voided_at is null
      join loans l on l.id = i.loan_id and l.status in (${payable})
      -- Covered, though the states step beside this one has not yet marked it paid.
      where ${instalmentRemainingSql} > 0 and (e.name not like 'late-%' or (
        -- Decision 014: no 'atrasada' reminder for a shortfall within the tolerance, nor while a
        -- receipt the borrower sent on or before the due date waits for a cashier (or for the
        -- second approval of a cashier's validation: still under review to the borrower).
        ${instalmentRemainingSql} > l.arrears_tolerance_cents
        and not exists (
          select 1 from receipts r
          where r.loan_id = l.id and r.state in ('pending', 'awaiting_approval')
            and (r.sent_at at time zone 'UTC' - interval '6 hours')::date <= i.due_date
        )
      ))
    ),
    claimed as (
      insert into instalment_reminders (instalment_id, event, business_date, sent_at)
      select id, name, ${businessDate}::date, ${now}::timestamptz from due
      on conflict do nothing
      returning instalment_id, event
    ),
    message as (
      select d.*, b.mob_phone, b.email, b.email_confirmed_at
      from due d
      join borrowers b on b.id = d.borrower_id
      where (d.id, d.name) in (select instalment_id, event from claimed)
    ),
    filled as (
      select m.borrower_id, m.mob_phone, m.email, m.email_confirmed_at, m.email_subject,
        ${filledIn('title')} as title, ${filledIn('body')} as body, ${filledIn('sms')} as sms,
        ${filledIn('email_body')} as email_body
      from message m
    ),
    noted as (
      insert into notifications (borrower_id, title, body, created_at)
      select borrower_id, title, body, ${now}::timestamptz from filled
      returning id
    ),
    queued as (
      insert into outbox (channel, recipient, subject, body, created_at, next_attempt_at)
      select 'sms', lower(trim(mob_phone)), null, sms, ${now}::timestamptz, ${now}::timestamptz from filled
      union all
      select 'email', lower(trim(email)), email_subject, email_body, ${now}::timestamptz, ${now}::timestamptz
      from filled where email_confirmed_at is not null
      returning id
    )
    select (select count(*) from noted)::int as sent, (select count(*) from queued)::int as queued
  `),
  );
  const [row] = rowsOf<{ sent: number }>(result);
  return Number(row?.sent ?? 0);
}
