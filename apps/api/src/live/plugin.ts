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
  const open = new Set<() => void>();

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

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and similar proxies would otherwise hold the events back.
        'x-accel-buffering': 'no',
      });
      raw.write(': conectado\n\n');

      let closed = false;
      let sending = false;
      let again = false;
      const send = async () => {
        if (closed) return;
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
              if (closed) return;
              const message = toBorrowerMessage(deps, row);
              raw.write(`id: ${row.id}\nevent: ${CHAT_MESSAGE_EVENT}\ndata: ${JSON.stringify(message)}\n\n`);
              lastSentId = row.id;
            }
            if (rows.length === SEND_BATCH) again = true;
          } while (again && !closed);
        } catch (error) {
          request.log.error({ err: error }, 'chat live channel could not send');
        } finally {
          sending = false;
        }
      };

      const end = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe?.();
        open.delete(end);
        raw.end();
      };
      let unsubscribe: (() => void) | undefined;
      const heartbeat = setInterval(() => {
        void isSessionOpen(deps, sessionId).then(
          (isOpen) => (isOpen ? raw.write(': ping\n\n') : end()),
          () => end(),
        );
      }, heartbeatMs ?? CHAT_HEARTBEAT_MS);
      open.add(end);
      raw.on('close', end);
      try {
        unsubscribe = await hub.subscribe(borrowerId, () => void send());
      } catch (error) {
        request.log.error({ err: error }, 'chat live channel could not listen');
        end();
        return;
      }
      if (closed) unsubscribe();
      // What came between `after` (or the start) and the subscription.
      else void send();
    },
  );

  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
};

async function currentLatestId(deps: Deps, borrowerId: number): Promise<number> {
  const conversation = await findConversationOf(deps.db, borrowerId);
  return conversation ? latestMessageId(deps.db, conversation.id) : 0;
}
