import { notificationMessages } from '@prestamos-hn/contract';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { borrowers, notifications } from '../db/schema/index.ts';
import { UserError } from '../errors.ts';
import type { Deps } from './deps.ts';
import { enqueueMessage } from './outbox.ts';

/** How many notifications the list answers at most: the popover shows only the newest. */
export const NOTIFICATION_LIST_LIMIT = 50;

export interface NotificationView {
  id: number;
  title: string;
  body: string;
  createdAt: Date;
}

/** The borrower's notifications that are not deleted, newest first. */
export async function listNotifications(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
): Promise<NotificationView[]> {
  return deps.db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(and(eq(notifications.borrowerId, borrowerId), isNull(notifications.deletedAt)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
}

/**
 * The badge count: the borrower's notifications that are not deleted. One query on the partial index
 * `notifications_borrower_open_idx` (nothing is marked read: opening the popover does not, in the SPEC).
 */
export async function countNotifications(deps: Pick<Deps, 'db'>, borrowerId: number): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.borrowerId, borrowerId), isNull(notifications.deletedAt)));
  return row?.n ?? 0;
}

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
