import { createStore, del, get, set, update, values, type UseStore } from 'idb-keyval';

/**
 * Something the borrower sent without connection (decision 018), kept on the device in IndexedDB
 * until the server has it: a bank receipt with its photo, a chat message. Each belongs to the
 * borrower who made it (a shared phone), and carries what makes its resend harmless (the receipt's
 * reference, the message's `clientId`): the server stores it once however often it arrives.
 */
export interface OutboxEntry<T> {
  id: string;
  /** Who made it (the session's e-mail): only their session sends it. */
  owner: string;
  /** ISO 8601: entries leave oldest first. */
  createdAt: string;
  payload: T;
  /** The server refused it with this message: it is not sent again (the borrower may remove it). */
  error?: string;
}

/** What became of one entry's try. */
export type SendOutcome = 'sent' | 'retry-later' | { refused: string };

export interface Outbox<T> {
  /** The owner's entries, oldest first. */
  list(owner: string): Promise<OutboxEntry<T>[]>;
  add(entry: OutboxEntry<T>): Promise<void>;
  remove(id: string): Promise<void>;
  markFailed(id: string, error: string): Promise<void>;
  /** Called after every change, in this page or (BroadcastChannel) another tab. */
  subscribe(listener: () => void): () => void;
  /**
   * Sends the owner's waiting entries, one at a time, oldest first, until one must wait for the
   * network. One page flushes at a time (a Web Lock where the browser has them), and each entry is
   * read again just before it goes, so two tabs never send the same one twice; the server's
   * idempotency covers an answer lost on the way back. Resolves with the entries the server took.
   */
  flush(owner: string, send: (entry: OutboxEntry<T>) => Promise<SendOutcome>): Promise<OutboxEntry<T>[]>;
}

/** One owner's key: the e-mail of the session, or a fixed name without one. */
export function outboxOwner(email: string | null | undefined): string {
  return email?.trim().toLowerCase() || 'sin-sesion';
}

/** 16 random bytes as hex (crypto.randomUUID needs a secure context; this does not). */
export function newOutboxId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

const byAge = <T>(a: OutboxEntry<T>, b: OutboxEntry<T>) => a.createdAt.localeCompare(b.createdAt);

/** The outbox `name`, in an IndexedDB database of its own (idb-keyval keeps one store per database). */
export function createOutbox<T>(
  name: string,
  store: UseStore = createStore(`prestamos-hn-${name}`, 'outbox'),
): Outbox<T> {
  const listeners = new Set<() => void>();
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(`prestamos-hn-${name}`);
  const notifyHere = () => {
    for (const listener of [...listeners]) listener();
  };
  channel?.addEventListener('message', notifyHere);
  const changed = () => {
    notifyHere();
    channel?.postMessage('changed');
  };
  let flushing: Promise<OutboxEntry<T>[]> | undefined;
  let isAskedAgain = false;

  const outbox: Outbox<T> = {
    async list(owner) {
      const all = await values<OutboxEntry<T>>(store);
      return all.filter((entry) => entry.owner === owner).sort(byAge);
    },
    async add(entry) {
      await set(entry.id, entry, store);
      changed();
    },
    async remove(id) {
      await del(id, store);
      changed();
    },
    async markFailed(id, error) {
      await update<OutboxEntry<T> | undefined>(id, (entry) => entry && { ...entry, error }, store);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush(owner, send) {
      const run = async () => {
        const sent: OutboxEntry<T>[] = [];
        for (const waiting of await outbox.list(owner)) {
          if (waiting.error !== undefined) continue;
          // Another tab may have sent it (and removed it) meanwhile.
          const entry = await get<OutboxEntry<T>>(waiting.id, store);
          if (!entry || entry.error !== undefined) continue;
          const outcome = await send(entry);
          if (outcome === 'retry-later') break;
          if (outcome === 'sent') {
            await outbox.remove(entry.id);
            sent.push(entry);
          } else {
            await outbox.markFailed(entry.id, outcome.refused);
          }
        }
        return sent;
      };
      const locked = () =>
        typeof navigator !== 'undefined' && navigator.locks
          ? navigator.locks.request(`prestamos-hn-${name}`, run)
          : run();
      // Asked again while sending (a new entry): one more round once this one ends.
      if (flushing) {
        isAskedAgain = true;
        return flushing;
      }
      flushing = (async () => {
        const sent: OutboxEntry<T>[] = [];
        do {
          isAskedAgain = false;
          sent.push(...(await locked()));
        } while (isAskedAgain);
        return sent;
      })().finally(() => {
        flushing = undefined;
      });
      return flushing;
    },
  };
  return outbox;
}
