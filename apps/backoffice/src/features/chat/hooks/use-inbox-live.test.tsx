import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INBOX_POLL_MS, useInboxLive, type InboxChange } from './use-inbox-live';

// The inbox's live channel client with a stand-in EventSource (jsdom has none): events reach the
// screen, and while the stream is down the screen reads again every 10 s.

class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readonly url: string;
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  /** The server refused or ended it for good (401, 429): the browser will not retry. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useInboxLive', () => {
  it('opens the stream on the staff API with nothing in the URL and passes each message on', () => {
    const changes: InboxChange[] = [];
    const { result } = renderHook(() => useInboxLive((change) => changes.push(change)));
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe('/api/backoffice/chats/events');
    expect(result.current).toBe(false);
    act(() => source!.open());
    expect(result.current).toBe(true);
    act(() => source!.emit('chat', { conversationId: 4, messageId: 9 }));
    act(() => source!.emit('refresh', {}));
    expect(changes).toEqual([{ conversationId: 4, messageId: 9 }, null]);
    // While live, no polling.
    act(() => vi.advanceTimersByTime(3 * INBOX_POLL_MS));
    expect(changes).toHaveLength(2);
  });

  it('polls every 10 s while the stream is down, and opens it again later', () => {
    const changes: InboxChange[] = [];
    const { result } = renderHook(() => useInboxLive((change) => changes.push(change)));
    const [first] = FakeEventSource.opened;
    act(() => first!.open());
    act(() => first!.refuse());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(INBOX_POLL_MS));
    expect(changes).toEqual([null]);
    act(() => vi.advanceTimersByTime(INBOX_POLL_MS));
    expect(changes).toEqual([null, null]);
    // 15 s after the refusal a new stream; once it is open the polling stops.
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => FakeEventSource.opened[1]!.open());
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(3 * INBOX_POLL_MS));
    expect(changes).toHaveLength(2);
  });

  it('closes the stream when the screen goes away', () => {
    const { unmount } = renderHook(() => useInboxLive(() => undefined));
    const [source] = FakeEventSource.opened;
    unmount();
    expect(source?.readyState).toBe(FakeEventSource.CLOSED);
  });
});
