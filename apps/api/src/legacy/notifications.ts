import {
  deleteNotification,
  markNotificationsRead,
  openNotificationCount,
  openNotificationList,
  type NotificationView,
} from '../services/notifications.ts';
import { resolveSessionWith } from '../services/sessions.ts';
import type { HandlerTable, OneStatementTable } from './handler.ts';

/** The app reloads the list after a delete and does not show this; it is there for other clients. */
const DELETED_MESSAGE = 'Notificación eliminada.';

const toWire = (n: NotificationView) => ({
  NotCod: n.id,
  NotTit: n.title,
  NotDsc: n.body,
  NotFch: n.createdAt,
  NotLei: n.read ? (1 as const) : (0 as const),
});

export const notificationHandlers = {
  delNotification: async ({ deps, session, input }) => {
    await deleteNotification(deps, { borrowerId: session.borrowerId, notificationId: input.NotCod });
    return { message: DELETED_MESSAGE };
  },
  readNotifications: async ({ deps, session, input }) => ({
    NotNum: await markNotificationsRead(deps, { borrowerId: session.borrowerId, upTo: input.NotCod }),
  }),
} satisfies HandlerTable<'delNotification' | 'readNotifications'>;

/** The badge (polled every 10 s by every open app) and the list: one statement each with the session check. */
export const notificationOneStatementHandlers = {
  getNotification: async ({ deps, sid, parseInput }) => {
    const { value } = await resolveSessionWith(deps, sid, openNotificationList);
    parseInput();
    return value.map(toWire);
  },
  getNotificationNum: async ({ deps, sid, parseInput }) => {
    const { value } = await resolveSessionWith(deps, sid, openNotificationCount);
    parseInput();
    return { NotNum: value };
  },
} satisfies OneStatementTable<'getNotification' | 'getNotificationNum'>;
