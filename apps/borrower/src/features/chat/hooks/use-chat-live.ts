import { CHAT_MESSAGE_EVENT, chatMessageItem, type ChatMessageItem } from '@prestamos-hn/contract';
import { useEffect, useRef, useState } from 'react';
import { SessionExpiredError } from '../../../lib/api-errors';
import { handleSessionExpired } from '../../../lib/query-client';
import { getChatEventsUrl } from '../api/get-chat-ticket';

/** 'live': new messages arrive as they are written; otherwise the chat asks every few seconds. */
export type LiveState = 'connecting' | 'live' | 'polling';

/** Waits between attempts to open the live channel again. */
const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];

/**
 * The chat's live channel (server-sent events) while `enabled`: a fresh ticket for each connection,
 * new messages to `onMessage`; when it fails (no EventSource, a proxy that cuts it, no network) it
 * tries again with growing waits and the state says 'polling', so the conversation is read every few
 * seconds meanwhile. `getAfter` gives the newest message held when (re)connecting.
 */
export function useChatLive({
  enabled,
  getAfter,
  onMessage,
}: {
  enabled: boolean;
  getAfter: () => number | undefined;
  onMessage: (message: ChatMessageItem) => void;
}): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const callbacks = useRef({ getAfter, onMessage });
  useEffect(() => {
    callbacks.current = { getAfter, onMessage };
  });

  useEffect(() => {
    if (!enabled) return;
    if (typeof EventSource === 'undefined') {
      setState('polling');
      return;
    }
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const retry = () => {
      clearTimeout(timer);
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
      attempt++;
      timer = setTimeout(() => void connect(), delay);
    };
    const connect = async () => {
      if (stopped || source) return;
      if (!navigator.onLine) {
        setState('polling');
        return; // 'online' connects again
      }
      setState((current) => (current === 'live' ? 'polling' : current));
      let url: string;
      try {
        url = await getChatEventsUrl(callbacks.current.getAfter());
      } catch (error) {
        if (error instanceof SessionExpiredError) {
          handleSessionExpired(error);
          return;
        }
        if (!stopped) {
          setState('polling');
          retry();
        }
        return;
      }
      if (stopped) return;
      const opened = new EventSource(url);
      source = opened;
      opened.onopen = () => {
        attempt = 0;
        setState('live');
      };
      opened.addEventListener(CHAT_MESSAGE_EVENT, (event) => {
        const parsed = chatMessageItem.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (parsed.success) callbacks.current.onMessage(parsed.data);
      });
      // The browser would reconnect with the same (used) ticket: close it and start again with a new one.
      opened.onerror = () => {
        opened.close();
        if (source === opened) source = null;
        if (stopped) return;
        setState('polling');
        retry();
      };
    };
    const onOnline = () => {
      attempt = 0;
      clearTimeout(timer);
      void connect();
    };
    const onOffline = () => setState('polling');
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [enabled]);

  return enabled ? state : 'connecting';
}
