import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a listener of a PostgreSQL notification channel is told: each payload, and (PostgreSQL only)
 * that the listening connection was lost and made again, so notifications may have been missed.
 */
export interface NotificationHandler {
  onPayload(payload: string): void;
  onReconnect?(): void;
}

/**
 * Listens to a channel (LISTEN/NOTIFY) until the returned function is called. `NOTIFY` (or
 * `pg_notify`) inside a transaction is delivered when it commits, to every listener of every process
 * on the same database: this is how several API instances share events.
 */
export type Listen = (channel: string, handler: NotificationHandler) => Promise<() => Promise<void>>;

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

function assertChannel(channel: string): void {
  if (!CHANNEL_PATTERN.test(channel)) throw new RangeError(`Not a channel name: ${channel}`);
}

/** PGlite: the embedded database's own listen (one process, so every listener is in it). */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, handler) => {
    assertChannel(channel);
    const unlisten = await client.listen(channel, (payload) => handler.onPayload(payload));
    return () => unlisten();
  };
}

const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/**
 * PostgreSQL: one dedicated connection per process (LISTEN needs a connection of its own, outside
 * the pool), shared by every listener; when it drops it is made again with growing delays, the
 * channels are listened to again and every handler's `onReconnect` runs.
 */
export function createPgListener(
  connectionString: string,
  warn: (message: string) => void = (message) => console.warn(message),
): { listen: Listen; close(): Promise<void> } {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  const quote = (channel: string) => `"${channel}"`;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const set = handlers.get(message.channel);
      if (!set) return;
      for (const handler of set) handler.onPayload(message.payload ?? '');
    });
    const lost = (reason: string) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('end');
      void next.end().catch(() => undefined);
      if (closed) return;
      warn(`PostgreSQL listening connection lost (${reason}); connecting again`);
      scheduleReconnect();
    };
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('ended'));
    await next.connect();
    for (const channel of handlers.keys()) await next.query(`listen ${quote(channel)}`);
    return next;
  }

  function scheduleReconnect(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void ensureClient()
        .then(() => {
          attempt = 0;
          for (const set of handlers.values()) for (const handler of set) handler.onReconnect?.();
        })
        .catch((error: unknown) => {
          warn(`PostgreSQL listening connection failed: ${error instanceof Error ? error.message : error}`);
          if (!closed && !retryTimer) scheduleReconnect();
        });
    }, delay);
    retryTimer.unref();
  }

  function ensureClient(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect().then(
      (made) => {
        connecting = null;
        if (closed) {
          void made.end();
          throw new Error('listener closed');
        }
        client = made;
        return made;
      },
      (error: unknown) => {
        connecting = null;
        throw error;
      },
    );
    return connecting;
  }

  const listen: Listen = async (channel, handler) => {
    assertChannel(channel);
    let set = handlers.get(channel);
    const isNewChannel = !set;
    if (!set) {
      set = new Set();
      handlers.set(channel, set);
    }
    set.add(handler);
    const connected = await ensureClient();
    // A connection made just now listens already; LISTEN twice is harmless.
    if (isNewChannel) await connected.query(`listen ${quote(channel)}`);
    return async () => {
      const current = handlers.get(channel);
      if (!current?.delete(handler) || current.size > 0) return;
      handlers.delete(channel);
      await client?.query(`unlisten ${quote(channel)}`).catch(() => undefined);
    };
  };

  return {
    listen,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      handlers.clear();
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
