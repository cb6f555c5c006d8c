import { defaultScheduler, notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useVersionCheck } from './use-version-check';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Lets fake time pass and React commit what it brought. */
async function elapse(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('useVersionCheck', () => {
  const published = { text: '0.3.1\n' };
  const answer = (status: number, text: string) => ({ ok: status < 300, status, text: async () => text });
  const fetchMock = vi.fn(async () => answer(200, published.text));

  beforeEach(() => {
    vi.useFakeTimers();
    // The cache notifies React on the real event loop's next turn; under fake time, notify at once.
    notifyManager.setScheduler(queueMicrotask);
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    notifyManager.setScheduler(defaultScheduler);
    fetchMock.mockClear();
    published.text = '0.3.1\n';
  });

  it('asks every 30 s, without caching, and reports a new version', async () => {
    const onNewVersion = vi.fn();
    renderHook(() => useVersionCheck('0.3.1', onNewVersion), { wrapper });

    expect(fetchMock).not.toHaveBeenCalled();
    await elapse(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('./versionjs.txt', expect.objectContaining({ cache: 'no-store' }));
    expect(onNewVersion).not.toHaveBeenCalled();

    published.text = '0.3.2\n';
    await elapse(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onNewVersion).toHaveBeenCalledWith('0.3.2');
  });

  it.each([answer(503, ''), answer(200, '<!doctype html><html lang="es"></html>')])(
    'ignores a failed check',
    async (failure) => {
      fetchMock.mockImplementationOnce(async () => failure);
      const onNewVersion = vi.fn();
      renderHook(() => useVersionCheck('0.3.1', onNewVersion), { wrapper });

      await elapse(30_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(onNewVersion).not.toHaveBeenCalled();
    },
  );
});
