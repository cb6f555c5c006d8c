import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

/** The streams a route has open, each by its `end`. */
export type OpenStreams = Set<(reason?: 'shutdown') => void>;

/**
 * How long a client waits before it connects again when the server ends its stream to shut down
 * (the SSE `retry:` field): long enough for the load balancer to send it to another instance.
 */
export const SHUTDOWN_RETRY_MS = 2_000;

/**
 * Open streams would keep the server from closing: this set's streams are ended first, each with a
 * `retry:` hint so that EventSource reconnects (to another instance) in `SHUTDOWN_RETRY_MS`.
 */
export function endStreamsOnClose(app: FastifyInstance): OpenStreams {
  const open: OpenStreams = new Set();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end('shutdown');
  });
  return open;
}

/** Streams open in this process, by channel ('chat', 'inbox'): the live connections of /metrics. */
const openByChannel = new Map<string, number>();

/** How many live streams this process has open, per channel (metrics.ts). */
export function openStreamCounts(): ReadonlyMap<string, number> {
  return openByChannel;
}

export interface EventStreamOptions {
  /** What the log calls the channel ('chat', 'inbox'). */
  channel: string;
  log: FastifyBaseLogger;
  open: OpenStreams;
  heartbeatMs: number;
  /** Asked at each heartbeat: the stream ends once the session has ended. */
  isSessionOpen: () => Promise<boolean>;
  /** Runs once, when the stream ends. */
  onEnd?: () => void;
}

export interface EventStream {
  readonly closed: boolean;
  /** Writes one event (`id:` when given), unless the stream has ended. */
  send(event: string, data: unknown, id?: number): void;
  /**
   * Subscribes the stream to its source; the subscription ends with the stream. False when the
   * stream ended meanwhile or the subscription failed (logged, and the stream ended).
   */
  listen(subscribe: () => Promise<() => void>): Promise<boolean>;
  end(reason?: 'shutdown'): void;
}

/**
 * Turns a reply into a server-sent event stream: the headers and a first comment once `listen` has
 * subscribed, then a heartbeat comment (which keeps proxies and phones from closing a quiet stream)
 * every `heartbeatMs` while the session is open. It ends when the session has ended, the client
 * leaves or the server stops.
 */
export function startEventStream(reply: FastifyReply, options: EventStreamOptions): EventStream {
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
  // The first comment (which also sends the headers) waits for the subscription in `listen`: a
  // client that sees the stream open hears of every event from then on. On PostgreSQL the first
  // LISTEN of a process opens a connection, and a message posted meanwhile was otherwise missed.

  let closed = false;
  let unsubscribe: (() => void) | undefined;
  openByChannel.set(options.channel, (openByChannel.get(options.channel) ?? 0) + 1);
  const end = (reason?: 'shutdown') => {
    if (closed) return;
    closed = true;
    openByChannel.set(options.channel, (openByChannel.get(options.channel) ?? 1) - 1);
    clearInterval(heartbeat);
    unsubscribe?.();
    options.open.delete(end);
    options.onEnd?.();
    if (reason === 'shutdown' && !raw.writableEnded) {
      raw.write(`retry: ${SHUTDOWN_RETRY_MS}\n: el servidor se reinicia, vuelve a conectar\n\n`);
    }
    raw.end();
  };
  const heartbeat = setInterval(() => {
    void options.isSessionOpen().then(
      (isOpen) => (isOpen ? raw.write(': ping\n\n') : end()),
      () => end(),
    );
  }, options.heartbeatMs);
  options.open.add(end);
  raw.on('close', () => end());

  return {
    get closed() {
      return closed;
    },
    send(event, data, id) {
      if (closed) return;
      raw.write(`${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    async listen(subscribe) {
      try {
        unsubscribe = await subscribe();
      } catch (error) {
        options.log.error({ err: error }, `${options.channel} live channel could not listen`);
        end();
        return false;
      }
      if (closed) {
        unsubscribe();
        return false;
      }
      raw.write(': conectado\n\n');
      return true;
    },
    end,
  };
}
