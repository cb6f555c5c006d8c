import { countNotifications, deleteNotification, listNotifications } from '../services/notifications.ts';
import type { HandlerTable } from './handler.ts';

/** The app reloads the list after a delete and does not show this; it is there for other clients. */
const DELETED_MESSAGE = 'Notificación eliminada.';

export const notificationHandlers = {
  getNotification: async ({ deps, session }) =>
    (await listNotifications(deps, session.borrowerId)).map((n) => ({
      NotCod: n.id,
      NotTit: n.title,
      NotDsc: n.body,
      NotFch: n.createdAt.toISOString(),
    })),
  delNotification: async ({ deps, session, input }) => {
    await deleteNotification(deps, { borrowerId: session.borrowerId, notificationId: input.NotCod });
    return { message: DELETED_MESSAGE };
  },
  getNotificationNum: async ({ deps, session }) => ({
    NotNum: await countNotifications(deps, session.borrowerId),
  }),
} satisfies HandlerTable<'getNotification' | 'delNotification' | 'getNotificationNum'>;
