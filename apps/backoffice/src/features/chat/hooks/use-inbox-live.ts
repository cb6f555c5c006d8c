import {
  STAFF_API_BASE,
  STAFF_CHAT_EVENTS_PATH,
  STAFF_CHAT_MESSAGE_EVENT,
  STAFF_CHAT_REFRESH_EVENT,
} from '@prestamos-hn/contract';
import { useEffect, useRef, useState } from 'react';

/** A new message in a conversation the caller may see, or null: read again whatever is shown. */
export type InboxChange = { conversationId: number; messageId: number } | null;

/** While the stream is down, the screen reads again this often. */
export const INBOX_POLL_MS = 10_000;
/** After the server refused or closed the stream, try it again this much later. */
const RECONNECT_MS = 15_000;

/**
 * The inbox's live channel: server-sent events from `/api/backoffice/chats/events`, authenticated by
 * the staff session cookie (same origin, so EventSource sends it; nothing in the URL). Each new
 * message the caller may see calls `onChange`; while the stream is down, `onChange(null)` every
 * 10 s instead (polling). Answers whether the stream is up.
 */
export function useInboxLive(onChange: (change: InboxChange) => void): boolean {
  const [isLive, setLive] = useState(false);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource(`${STAFF_API_BASE}${STAFF_CHAT_EVENTS_PATH}`);
      source.onopen = () => setLive(true);
      source.addEventListener(STAFF_CHAT_MESSAGE_EVENT, (event) => {
        try {
          latest.current(JSON.parse((event as MessageEvent<string>).data) as InboxChange);
        } catch {
          latest.current(null);
        }
      });
      source.addEventListener(STAFF_CHAT_REFRESH_EVENT, () => latest.current(null));
      source.onerror = () => {
        setLive(false);
        // The browser retries a dropped stream by itself; a refused one (401, 429) stays closed.
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          retry = setTimeout(open, RECONNECT_MS);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, []);

  useEffect(() => {
    if (isLive) return;
    const timer = setInterval(() => latest.current(null), INBOX_POLL_MS);
    return () => clearInterval(timer);
  }, [isLive]);

  return isLive;
}
