import { notificationMessages } from '@prestamos-hn/contract';
import { and, count, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { borrowers, notifications } from '../db/schema/index.ts';
import { sqlInt } from '../db/sql-literals.ts';
import { UserError } from '../errors.ts';
import type { Deps } from './deps.ts';
import { enqueueMessage } from './outbox.ts';
import type { SessionRead } from './sessions.ts';

/**
 * How many notifications the list answers at most. The app lists every one (issue 35): a borrower
 * gets a few per instalment, so this bounds the answer without cutting a real list short.
 */
export const NOTIFICATION_LIST_LIMIT = 500;

/** The session's borrower, qualified: inside a subquery a bare column would name the inner table's. */
const sessionBorrower = sql.raw('"sessions"."borrower_id"');

/**
 * The badge count as the read of the session's own statement (resolveSessionWith): the unread ones
 * that are not deleted (issue 35), on the partial index notifications_borrower_unread_idx, for
 * getNotificationNum.php, which every open app polls.
 */
export const openNotificationCount: SessionRead<number> = {
  name: 'session_unread_notification_count',
  // A count on a partial index costs little next to its statement: one in flight, the rest wait for
  // the next (bench: 1.19x the reference with one, 1.03x with two, on the 2-core machine).
  statementsInFlight: 1,
  value: sql<number>`(select count(*)::int from notifications n where n.borrower_id = ${sessionBorrower} and n.deleted_at is null and n.read_at is null)`,
};

/**
 * getNotification.php's answer as the read of the session's own statement (resolveSessionWith): the
 * newest NOTIFICATION_LIST_LIMIT that are not deleted, newest first, as the JSON text of the wire's
 * list, written by the database (row_to_json, compact: the bytes JSON.stringify writes), so that the
 * server sends it without parsing it into objects and writing it again. `NotFch` is the instant as
 * Date.toISOString writes it (UTC, milliseconds); `NotLei` 1 once read, else 0.
 */
export const openNotificationWireList: SessionRead<string> = {
  name: 'session_notification_wire_list',
  // 120 rows made into JSON cost more than their statement: three at once keep the database's cores
  // busy (bench: 1.37x the reference with three, 1.12x with one, on the 2-core machine).
  statementsInFlight: 3,
  value: sql<string>`(select '[' || coalesce(string_agg(row_to_json(w)::text, ',' order by n.created_at desc, n.id desc), '') || ']' from (select id, title, body, created_at, read_at from notifications where borrower_id = ${sessionBorrower} and deleted_at is null order by created_at desc, id desc limit ${sqlInt(NOTIFICATION_LIST_LIMIT)}) n, lateral (select n.id as "NotCod", n.title as "NotTit", n.body as "NotDsc", to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "NotFch", case when n.read_at is null then 0 else 1 end as "NotLei") w)`,
};

/**
 * Deletes (stamps `deleted_at`) one of the borrower's own notifications. Someone else's, an unknown
 * or an already deleted one is refused the same way, so ids of other borrowers reveal nothing.
 */
export async function deleteNotification(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { borrowerId: number; notificationId: number },
): Promise<void> {
  const deleted = await deps.db
    .update(notifications)
    .set({ deletedAt: deps.clock.now() })
    .where(
      and(
        eq(notifications.id, input.notificationId),
        eq(notifications.borrowerId, input.borrowerId),
        isNull(notifications.deletedAt),
      ),
    )
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw new UserError(notificationMessages.notFound);
}

/**
 * The borrower opened the list, whose newest notification is `upTo`: stamps `read_at` on their own
 * open, unread notifications with an id up to that one (ids grow with time, so one created after the
 * list was read stays unread). Someone else's ids mark nothing. Returns the new badge count.
 */
export async function markNotificationsRead(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { borrowerId: number; upTo: number },
): Promise<number> {
  const open = and(
    eq(notifications.borrowerId, input.borrowerId),
    isNull(notifications.deletedAt),
    isNull(notifications.readAt),
  );
  await deps.db
    .update(notifications)
    .set({ readAt: deps.clock.now() })
    .where(and(open, lte(notifications.id, input.upTo)));
  const [row] = await deps.db.select({ n: count() }).from(notifications).where(open);
  return row!.n;
}

export type NotificationChannel = 'sms' | 'email' | 'none';

export interface NotifyInput {
  borrowerId: number;
  /** Short, e.g. 'Tu perfil fue aprobado'. */
  title: string;
  body: string;
  /** Also send it by SMS or e-mail through the outbox; default 'none' (only under the bell). */
  channel?: NotificationChannel;
}

/** `Título. Texto`, without doubling a title's own closing mark. */
function joinTitle(title: string, body: string): string {
  const t = title.trim();
  return /[.!?…:]$/.test(t) ? `${t} ${body.trim()}` : `${t}. ${body.trim()}`;
}

export const notificationSms = (brand: string, title: string, body: string): string =>
  `${brand}: ${joinTitle(title, body)}`;

export const notificationEmail = (brand: string, title: string, body: string) => ({
  subject: `${title.trim()} - ${brand}`,
  body: `Hola:\n\n${body.trim()}\n\nTambién puedes verlo en la app, en tus notificaciones.\n\n${brand}`,
});

/**
 * Creates a notification for an event that concerns the borrower (profile approved or returned,
 * loan and payment events) and, in the same transaction, queues its SMS or e-mail: both are kept
 * or neither. Pass the transaction of the change that caused it. Returns the notification's id.
 */
export async function notifyBorrower(
  deps: Pick<Deps, 'clock' | 'config'>,
  tx: DbOrTx,
  input: NotifyInput,
): Promise<number> {
  const [row] = await tx
    .insert(notifications)
    .values({
      borrowerId: input.borrowerId,
      title: input.title,
      body: input.body,
      createdAt: deps.clock.now(),
    })
    .returning({ id: notifications.id });

  const channel = input.channel ?? 'none';
  if (channel !== 'none') {
    const [borrower] = await tx
      .select({ mobPhone: borrowers.mobPhone, email: borrowers.email })
      .from(borrowers)
      .where(eq(borrowers.id, input.borrowerId))
      .limit(1);
    if (!borrower) throw new Error(`borrower ${input.borrowerId} not found`);
    const brand = deps.config.brandName;
    if (channel === 'sms') {
      await enqueueMessage(deps, tx, {
        channel: 'sms',
        to: borrower.mobPhone,
        body: notificationSms(brand, input.title, input.body),
      });
    } else {
      await enqueueMessage(deps, tx, {
        channel: 'email',
        to: borrower.email,
        ...notificationEmail(brand, input.title, input.body),
      });
    }
  }
  return row!.id;
}
