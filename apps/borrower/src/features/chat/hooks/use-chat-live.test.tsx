import type { ChatMessageItem } from '@prestamos-hn/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSid } from '../../../lib/session';
import { cleanUpScreen } from '../../../testing/render-screen';
import { useChatLive } from './use-chat-live';

// The live channel's client with a stand-in EventSource (jsdom has none) and a stubbed ticket call.

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const answer: ChatMessageItem = {
  id: 42,
  author: 'staff',
  authorName: 'Carla',
  text: 'Ya lo revisamos.',
  imageUrl: null,
  loanId: null,
  receiptId: null,
  clientId: null,
  createdAt: '2026-11-22T15:00:00.000Z',
};

let tickets = 0;
beforeEach(() => {
  FakeEventSource.opened = [];
  tickets = 0;
  setSid('S'.repeat(43));
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', async () => {
    tickets++;
    return new Response(
      JSON.stringify({
        status: 'OK',
        payload: { ticket: `ticket${tickets}`.padEnd(43, 'x'), expiresIn: 60 },
      }),
    );
  });
});
afterEach(cleanUpScreen);

describe('useChatLive', () => {
  it('opens the channel with a ticket and the newest id held, and hands over each new message', async () => {
    const onMessage = vi.fn();
    const { result } = renderHook(() => useChatLive({ enabled: true, getAfter: () => 41, onMessage }));
    expect(result.current).toBe('connecting');
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe(`/api/app/chat/events?ticket=${'ticket1'.padEnd(43, 'x')}&after=41`);
    act(() => source.onopen?.());
    expect(result.current).toBe('live');
    act(() => source.emit('message', answer));
    act(() => source.emit('message', { no: 'es un mensaje' }));
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith(answer);
  });

  it('falls back to polling when the channel fails, and opens it again with a new ticket', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() =>
      useChatLive({ enabled: true, getAfter: () => undefined, onMessage: () => {} }),
    );
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0]!;
    act(() => first.onopen?.());
    act(() => first.onerror?.());
    expect(first.closed).toBe(true);
    expect(result.current).toBe('polling');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(FakeEventSource.opened[1]!.url).toContain(`ticket=${'ticket2'.padEnd(43, 'x')}`);
    expect(FakeEventSource.opened[1]!.url).not.toContain('after=');
    act(() => FakeEventSource.opened[1]!.onopen?.());
    expect(result.current).toBe('live');
  });

  it('polls where the browser has no EventSource, and closes the channel when unmounted', async () => {
    const { unmount } = renderHook(() =>
      useChatLive({ enabled: true, getAfter: () => undefined, onMessage: () => {} }),
    );
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    unmount();
    expect(FakeEventSource.opened[0]!.closed).toBe(true);

    vi.stubGlobal('EventSource', undefined);
    const withoutSse = renderHook(() =>
      useChatLive({ enabled: true, getAfter: () => undefined, onMessage: () => {} }),
    );
    expect(withoutSse.result.current).toBe('polling');
  });
});
