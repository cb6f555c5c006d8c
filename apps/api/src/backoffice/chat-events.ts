import {
  STAFF_CHAT_EVENTS_PATH,
  STAFF_CHAT_MESSAGE_EVENT,
  STAFF_CHAT_REFRESH_EVENT,
} from '@prestamos-hn/contract';
import { can } from '@prestamos-hn/domain';
import type { FastifyInstance } from 'fastify';
import { endStreamsOnClose, startEventStream } from '../live/event-stream.ts';
import type { ChatHub } from '../services/chat/live.ts';
import { visibleConversationOfBorrower } from '../services/chat/staff-chat.ts';
import type { Deps } from '../services/deps.ts';
import { forbidden, passwordChangeRequired } from '../services/shared/refusals.ts';
import { isStaffSessionOpen, resolveStaffSession } from '../services/staff/staff-sessions.ts';
import { errorReply } from './errors.ts';
import { readStaffCookie, SESSION_COOKIE } from './route.ts';

/** A comment line this often keeps proxies from closing a quiet stream; the session is checked then too. */
export const STAFF_CHAT_HEARTBEAT_MS = 25_000;
/** Open inbox streams per staff member and API instance (a few tabs). */
export const STAFF_CHAT_STREAMS_PER_MEMBER = 5;

export const staffChatTooManyStreams =
  'Tienes la bandeja del chat abierta en demasiadas pestañas. Cierra alguna e intenta de nuevo.';

/**
 * The inbox's live channel: `GET /api/backoffice/chats/events`, server-sent events for the staff
 * member of the `bo_session` cookie (the same httpOnly, SameSite=Strict cookie as every staff row,
 * so only the back-office's own origin opens it and nothing secret is in the URL). It needs
 * `chat.own`. Each message stored in a conversation the caller may see (support and admins: all;
 * analysts and cashiers: the borrowers they worked on) is an event `chat` with
 * `{conversationId, messageId}` only: the inbox then reads the list or the conversation through
 * its rows, so every read of a conversation stays one audited call. `refresh` means the server's
 * database connection was remade and messages may have been missed. Fed by the same LISTEN/NOTIFY
 * hub as the borrower's channel. A heartbeat every 25 s, which also ends the stream once the
 * session has ended; the inbox polls when the stream fails.
 *
 * A plain route beside the table's rows: the staff table describes JSON and file answers, not
 * streams (docs/decisions/012-help-chat.md).
 */
export function addStaffChatEvents(
  app: FastifyInstance,
  deps: Deps,
  hub: ChatHub,
  heartbeatMs = STAFF_CHAT_HEARTBEAT_MS,
): void {
  const open = endStreamsOnClose(app);
  const perMember = new Map<number, number>();

  const config = { rateLimit: { max: deps.config.rateLimits.staffPerMinute, timeWindow: 60_000 } };
  app.get(STAFF_CHAT_EVENTS_PATH, { config }, async (request, reply) => {
    let session;
    try {
      session = await resolveStaffSession(deps, readStaffCookie(request, deps, SESSION_COOKIE), 'active');
      if (session.staff.mustChangePassword) throw passwordChangeRequired();
      if (!can(session.staff.role, 'chat.own')) throw forbidden();
    } catch (error) {
      const answer = errorReply(error, request.log);
      return reply.code(answer.statusCode).header('cache-control', 'no-store').send(answer.body);
    }
    if ((perMember.get(session.staff.id) ?? 0) >= STAFF_CHAT_STREAMS_PER_MEMBER) {
      return reply
        .code(429)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'rate_limited', message: staffChatTooManyStreams } });
    }
    const { staff } = session;
    const sessionId = session.id;

    const stream = startEventStream(reply, {
      channel: 'inbox',
      log: request.log,
      open,
      heartbeatMs,
      isSessionOpen: () => isStaffSessionOpen(deps, sessionId),
      onEnd: () => {
        const left = (perMember.get(staff.id) ?? 1) - 1;
        if (left > 0) perMember.set(staff.id, left);
        else perMember.delete(staff.id);
      },
    });
    perMember.set(staff.id, (perMember.get(staff.id) ?? 0) + 1);

    await stream.listen(() =>
      hub.watchAll((note) => {
        if (!note) return stream.send(STAFF_CHAT_REFRESH_EVENT, {});
        void visibleConversationOfBorrower(deps, staff, note.borrowerId).then(
          (conversationId) => {
            if (conversationId !== null) {
              stream.send(
                STAFF_CHAT_MESSAGE_EVENT,
                { conversationId, messageId: note.messageId },
                note.messageId,
              );
            }
          },
          (error: unknown) =>
            request.log.error({ err: error }, 'inbox live channel could not check a message'),
        );
      }),
    );
  });
}
