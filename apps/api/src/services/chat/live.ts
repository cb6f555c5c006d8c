import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { Listen } from '../../db/listen.ts';
import type { Logger } from '../../logger.ts';

/** The PostgreSQL notification channel of new chat messages. */
export const CHAT_CHANNEL = 'chat_messages';

/**
 * Tells every API instance that the borrower's conversation has a new message. Call it in the
 * transaction that stores the message: PostgreSQL (and PGlite) deliver it when that commits, never
 * before and never for a rolled-back message. The payload is only ids; listeners read the message.
 */
export async function announceChatMessage(tx: DbOrTx, borrowerId: number, messageId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify({ borrowerId, messageId })})`);
}

/** A signal that a borrower's conversation may have new messages: read them from the database. */
export type ChatSignal = () => void;

/**
 * What the staff's inbox streams hear: each new message's borrower and id, or null when the
 * PostgreSQL connection was remade (something may have been missed: read the inbox again).
 */
export type ChatWatcher = (note: { borrowerId: number; messageId: number } | null) => void;

/**
 * The live channel's fan-out inside one API instance: one LISTEN on `chat_messages` for the process,
 * the open streams of this instance by borrower, and the staff's inbox streams (which hear of all). A notification (from this instance or any other
 * on the same database) signals that borrower's streams; a lost and remade PostgreSQL connection
 * signals every stream, so none misses a message.
 */
export interface ChatHub {
  subscribe(borrowerId: number, signal: ChatSignal): Promise<() => void>;
  /** Every new message of every conversation (the staff's inbox streams); answers the unsubscribe. */
  watchAll(watcher: ChatWatcher): Promise<() => void>;
  /** How many streams of this borrower are open in this instance. */
  count(borrowerId: number): number;
  /** How many inbox streams are open in this instance. */
  watcherCount(): number;
  close(): Promise<void>;
}

export function createChatHub(listen: Listen, log: Pick<Logger, 'warn'>): ChatHub {
  const streams = new Map<number, Set<ChatSignal>>();
  const watchers = new Set<ChatWatcher>();
  let listening: Promise<() => Promise<void>> | null = null;

  const signalAll = (set: Iterable<ChatSignal>) => {
    for (const signal of set) signal();
  };

  const onPayload = (payload: string) => {
    let borrowerId: unknown;
    let messageId: unknown;
    try {
      ({ borrowerId, messageId } = JSON.parse(payload) as { borrowerId?: unknown; messageId?: unknown });
    } catch {
      log.warn({ payload: payload.slice(0, 100) }, 'unreadable chat notification');
      return;
    }
    if (typeof borrowerId !== 'number') return;
    const set = streams.get(borrowerId);
    if (set) signalAll([...set]);
    if (typeof messageId === 'number')
      for (const watcher of [...watchers]) watcher({ borrowerId, messageId });
  };

  const startListening = async () => {
    listening ??= listen(CHAT_CHANNEL, {
      onPayload,
      onReconnect: () => {
        for (const set of streams.values()) signalAll([...set]);
        for (const watcher of [...watchers]) watcher(null);
      },
    }).catch((error: unknown) => {
      listening = null;
      throw error;
    });
    await listening;
  };

  return {
    async subscribe(borrowerId, signal) {
      await startListening();
      let set = streams.get(borrowerId);
      if (!set) {
        set = new Set();
        streams.set(borrowerId, set);
      }
      set.add(signal);
      return () => {
        const current = streams.get(borrowerId);
        if (!current) return;
        current.delete(signal);
        if (current.size === 0) streams.delete(borrowerId);
      };
    },
    async watchAll(watcher) {
      await startListening();
      watchers.add(watcher);
      return () => {
        watchers.delete(watcher);
      };
    },
    count: (borrowerId) => streams.get(borrowerId)?.size ?? 0,
    watcherCount: () => watchers.size,
    async close() {
      streams.clear();
      watchers.clear();
      const unlisten = await listening?.catch(() => null);
      listening = null;
      await unlisten?.();
    },
  };
}
