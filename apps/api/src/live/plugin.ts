import { CHAT_EVENTS_PATH, CHAT_MESSAGE_EVENT, chatMessages } from '@prestamos-hn/contract';
import type { FastifyPluginAsync } from 'fastify';
import {
  findConversationOf,
  latestMessageId,
  selectMessages,
  toBorrowerMessage,
} from '../services/chat/messages.ts';
import { redeemChatTicket } from '../services/chat/tickets.ts';
import type { ChatHub } from '../services/chat/live.ts';
import type { Deps } from '../services/deps.ts';
import { isSessionOpen } from '../services/sessions.ts';
import { endStreamsOnClose, startEventStream } from './event-stream.ts';

/** A comment line this often keeps proxies and phones from closing a quiet stream; the session is checked then too. */
export const CHAT_HEARTBEAT_MS = 25_000;
/** Open streams per borrower and API instance (a phone and a computer, a few tabs). */
export const CHAT_STREAMS_PER_BORROWER = 5;
const SEND_BATCH = 100;

export interface LivePluginOptions {
  deps: Deps;
  hub: ChatHub;
  heartbeatMs?: number;
}

const idPattern = /^\d{1,15}$/;

/**
 * The chat's live channel: `GET /api/app/chat/events?ticket=…&after=…`, server-sent events with
 * every new message of the borrower's conversation (`event: message`, `id:` the message id, `data:`
 * the message as getChatMessages.php gives it). The ticket comes from getChatTicket.php: usable once
 * within 60 s, so the `sid` never travels in a URL; an unknown, expired or used ticket is HTTP 401.
 * `after` (the newest message the app has) sends what came since first. New messages arrive through
 * the hub (PostgreSQL LISTEN/NOTIFY, so a message stored by any API instance reaches every stream).
 * A heartbeat comment every 25 s; the stream ends when the session ends, the client leaves or the
 * server stops.
 */
export const livePlugin: FastifyPluginAsync<LivePluginOptions> = async (app, { deps, hub, heartbeatMs }) => {
  const open = endStreamsOnClose(app);

  app.get<{ Querystring: { ticket?: string; after?: string } }>(
    `/api/app${CHAT_EVENTS_PATH}`,
    async (request, reply) => {
      const refuse = (statusCode: number, message: string) =>
        reply
          .code(statusCode)
          .header('cache-control', 'no-store')
          .send({ status: 'ER', payload: { message } });

      const access = await redeemChatTicket(deps, request.query.ticket);
      if (!access || !(await isSessionOpen(deps, access.sessionId))) {
        return refuse(401, chatMessages.ticketRefused);
      }
      const { borrowerId, sessionId } = access;
      if (hub.count(borrowerId) >= CHAT_STREAMS_PER_BORROWER) {
        return refuse(429, chatMessages.tooManyLiveConnections);
      }
      const after = request.query.after;
      let lastSentId =
        after !== undefined && idPattern.test(after)
          ? Number(after)
          : await currentLatestId(deps, borrowerId);

      const stream = startEventStream(reply, {
        channel: 'chat',
        log: request.log,
        open,
        heartbeatMs: heartbeatMs ?? CHAT_HEARTBEAT_MS,
        isSessionOpen: () => isSessionOpen(deps, sessionId),
      });

      let sending = false;
      let again = false;
      const send = async () => {
        if (stream.closed) return;
        if (sending) {
          again = true;
          return;
        }
        sending = true;
        try {
          do {
            again = false;
            const conversation = await findConversationOf(deps.db, borrowerId);
            if (!conversation) break;
            const rows = await selectMessages(deps.db, conversation.id, {
              after: lastSentId,
              limit: SEND_BATCH,
            });
            for (const row of rows) {
              if (stream.closed) return;
              stream.send(CHAT_MESSAGE_EVENT, toBorrowerMessage(deps, row), row.id);
              lastSentId = row.id;
            }
            if (rows.length === SEND_BATCH) again = true;
          } while (again && !stream.closed);
        } catch (error) {
          request.log.error({ err: error }, 'chat live channel could not send');
        } finally {
          sending = false;
        }
      };

      // What came between `after` (or the start) and the subscription.
      if (await stream.listen(() => hub.subscribe(borrowerId, () => void send()))) void send();
    },
  );

  app.addHook('onClose', async () => {
    await hub.close();
  });
};

async function currentLatestId(deps: Deps, borrowerId: number): Promise<number> {
  const conversation = await findConversationOf(deps.db, borrowerId);
  return conversation ? latestMessageId(deps.db, conversation.id) : 0;
}
