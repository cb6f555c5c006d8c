import {
  deleteNotification,
  markNotificationsRead,
  openNotificationCount,
  openNotificationWireList,
} from '../services/notifications.ts';
import { resolveSessionWith } from '../services/sessions.ts';
import type { PayloadOf } from '@prestamos-hn/contract';
import { JsonText } from './envelope.ts';
import type { HandlerTable, OneStatementTable } from './handler.ts';

/** The app reloads the list after a delete and does not show this; it is there for other clients. */
const DELETED_MESSAGE = 'Notificación eliminada.';

export const notificationHandlers = {
  delNotification: async ({ deps, session, input }) => {
    await deleteNotification(deps, { borrowerId: session.borrowerId, notificationId: input.NotCod });
    return { message: DELETED_MESSAGE };
  },
  readNotifications: async ({ deps, session, input }) => ({
    NotNum: await markNotificationsRead(deps, { borrowerId: session.borrowerId, upTo: input.NotCod }),
  }),
} satisfies HandlerTable<'delNotification' | 'readNotifications'>;

/**
 * The badge (polled every 10 s by every open app) and the list: one statement each with the session
 * check; the list's JSON is the database's text (openNotificationWireList).
 */
export const notificationOneStatementHandlers = {
  getNotification: async ({ deps, sid, parseInput }) => {
    const { value } = await resolveSessionWith(deps, sid, openNotificationWireList);
    parseInput();
    return new JsonText<PayloadOf<'getNotification'>>(value);
  },
  getNotificationNum: async ({ deps, sid, parseInput }) => {
    const { value } = await resolveSessionWith(deps, sid, openNotificationCount);
    parseInput();
    return { NotNum: value };
  },
} satisfies OneStatementTable<'getNotification' | 'getNotificationNum'>;
