import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** Messages of the notification calls that the SPEC does not word. */
export const notificationMessages = {
  invalidCode: 'El código de la notificación no es válido.',
  notFound: 'No encontramos esa notificación.',
} as const;

/** A notification as the popover reads it (SPEC section 3). */
export const notificationItem = z.object({
  NotCod: z.number().int(),
  NotTit: z.string(),
  NotDsc: z.string(),
  /** When it was created, ISO 8601 in UTC (e.g. `2026-11-22T15:00:00.000Z`). */
  NotFch: z.string(),
  /**
   * 1 once the borrower opened the list showing it (readNotifications.php), 0 while unread. Not in
   * the SPEC (issue 35 added it); optional so a client may ignore it.
   */
  NotLei: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

/** A positive integer id, as a number or a numeric string (old clients send either). */
const notificationCode = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/)
        .transform(Number),
    ],
    { error: notificationMessages.invalidCode },
  )
  .pipe(
    z
      .number()
      .int(notificationMessages.invalidCode)
      .positive(notificationMessages.invalidCode)
      .max(Number.MAX_SAFE_INTEGER, notificationMessages.invalidCode),
  );

export const notificationCalls = {
  /** The caller's notifications that are not deleted, newest first (the app lists them all, up to 500). */
  getNotification: defineEndpoint({
    file: 'getNotification.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.array(notificationItem),
  }),
  /** Deletes one of the caller's notifications; the app then reloads the list. */
  delNotification: defineEndpoint({
    file: 'delNotification.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ NotCod: notificationCode }),
    payload: z.object({ message: z.string() }),
  }),
  /** The badge: how many unread notifications the caller has that are not deleted. Polled every 10 s. */
  getNotificationNum: defineEndpoint({
    file: 'getNotificationNum.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({ NotNum: z.number().int().nonnegative() }),
  }),
  /**
   * Not in the SPEC (issue 35): the app opened the list, whose newest notification is `NotCod`; marks
   * read the caller's own notifications up to that one (a newer one, not shown yet, stays unread).
   * Answers the new badge count.
   */
  readNotifications: defineEndpoint({
    file: 'readNotifications.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ NotCod: notificationCode }),
    payload: z.object({ NotNum: z.number().int().nonnegative() }),
  }),
};
