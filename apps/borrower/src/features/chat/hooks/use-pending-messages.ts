import { transportMessages, type ChatMessageItem } from '@prestamos-hn/contract';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { LegacyCallError, SessionExpiredError } from '../../../lib/api-errors';
import { handleSessionExpired } from '../../../lib/query-client';
import { sendChatMessage } from '../api/post-chat-message';
import { createPendingStore, pendingStorageKey, type PendingMessage } from '../utils/pending-queue';

/** While messages wait, the queue is tried again this often (besides when the browser says it is online). */
const RETRY_EVERY_MS = 10_000;

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The borrower's outgoing messages: each is queued on the device first (so nothing typed is lost
 * without connection or on a reload), then sent one at a time, oldest first. A message the server
 * stored leaves the queue (after `onSent` has the stored one); one it refused stays with the reason and
 * is not sent again; one that met no network waits for the connection to return (the `online` event,
 * or a new try every 10 s). A retry after a lost answer has the same `clientId`, so it is stored once.
 */
export function usePendingMessages({
  owner,
  onSent,
}: {
  owner: string | null;
  onSent: (message: ChatMessageItem) => void;
}) {
  const store = useMemo(() => createPendingStore(pendingStorageKey(owner), localStorageOrNull()), [owner]);
  const pending = useSyncExternalStore(store.subscribe, store.list);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const isFlushing = useRef(false);
  const onSentRef = useRef(onSent);
  useEffect(() => {
    onSentRef.current = onSent;
  });

  const flush = useCallback(async () => {
    if (isFlushing.current) return;
    isFlushing.current = true;
    const tried = new Set<string>();
    try {
      for (;;) {
        const next = store.list().find((message) => message.error === undefined);
        if (!next || !navigator.onLine || tried.has(next.clientId)) break;
        tried.add(next.clientId);
        setSendingId(next.clientId);
        try {
          onSentRef.current(await sendChatMessage(next));
          store.remove(next.clientId);
        } catch (error) {
          if (error instanceof SessionExpiredError) {
            handleSessionExpired(error);
            break;
          }
          // Refused for what it is (not a server failure, nor too many messages at once): not again.
          if (
            error instanceof LegacyCallError &&
            error.status !== '500' &&
            error.message !== transportMessages.tooManyRequests
          ) {
            store.markFailed(next.clientId, error.message);
            continue;
          }
          break; // no network, or the server failed: try again later
        }
      }
    } finally {
      setSendingId(null);
      isFlushing.current = false;
    }
  }, [store]);

  // Another tab's queue changes, and the connection coming back.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === pendingStorageKey(owner)) store.reload();
    };
    const onOnline = () => void flush();
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', onOnline);
    void flush();
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
    };
  }, [store, owner, flush]);

  const isWaiting = pending.some((message) => message.error === undefined);
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setInterval(() => void flush(), RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [isWaiting, flush]);

  const queue = useCallback(
    (message: PendingMessage) => {
      store.add(message);
      void flush();
    },
    [store, flush],
  );
  const discard = useCallback((clientId: string) => store.remove(clientId), [store]);

  return { pending, sendingId, queue, discard };
}
