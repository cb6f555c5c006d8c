import { dehydrate, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createQueryClient,
  FIRST_SCREEN_FRESH_MS,
  keepFirstScreenFresh,
  restoreFirstScreen,
} from './query-client';

describe("keepFirstScreenFresh (a server-rendered screen's answers, decision 024)", () => {
  /** Whether a screen mounting now (a query observer subscribing) asks for `key` again. */
  const wouldFetchOnMount = (client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) => {
    let asked = false;
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => {
        asked = true;
        return 'otra';
      },
    });
    observer.subscribe(() => {})();
    return asked;
  };

  it('are not asked for again while fresh; an invalidation, a later answer and other queries are as always', () => {
    let now = 1_000;
    const client = createQueryClient();
    client.setQueryData(['loans'], 'del servidor');
    keepFirstScreenFresh(client, () => now);

    expect(wouldFetchOnMount(client, ['loans'])).toBe(false);
    // A query the server did not answer is stale at once (the app's default).
    client.setQueryData(['wallet', 1], 'después');
    expect(wouldFetchOnMount(client, ['wallet', 1])).toBe(true);

    now += FIRST_SCREEN_FRESH_MS;
    expect(wouldFetchOnMount(client, ['loans'])).toBe(true);
  });

  it('the next screen asks again: fresh only while the page is at the address the server rendered', () => {
    let address = '#/';
    const client = createQueryClient();
    client.setQueryData(['loans'], 'del servidor');
    client.setQueryData(['profile'], 'del servidor');
    keepFirstScreenFresh(
      client,
      () => 0,
      () => address,
    );
    expect(wouldFetchOnMount(client, ['loans'])).toBe(false);
    address = '#/plan';
    expect(wouldFetchOnMount(client, ['loans'])).toBe(true);
    // Back at Inicio, still within the 30 s: what the server answered is no longer the latest.
    address = '#/';
    expect(wouldFetchOnMount(client, ['profile'])).toBe(true);
  });

  it('an invalidation refreshes them at once', async () => {
    const client = createQueryClient();
    client.setQueryData(['loans'], 'del servidor');
    keepFirstScreenFresh(client, () => 0);
    await client.invalidateQueries({ queryKey: ['loans'], refetchType: 'none' });
    expect(client.getQueryState(['loans'])?.isInvalidated).toBe(true);
    expect(wouldFetchOnMount(client, ['loans'])).toBe(true);
  });
});

describe("restoreFirstScreen (the server's answers on the phone's clock)", () => {
  const HOUR = 3_600_000;
  afterEach(() => void vi.useRealTimers());
  /** The server's cache for a screen, its answers dated by the server's clock. */
  function serverAnswers(serverNow: number) {
    const server = new QueryClient();
    server.setQueryData(['collection-accounts'], ['BAC'], { updatedAt: serverNow });
    server.setQueryData(['loans'], ['del servidor'], { updatedAt: serverNow - 2_000 });
    return dehydrate(server);
  }
  /** Whether a query with its own staleTime of 5 minutes asks again as it mounts. */
  const asksAgain = (client: QueryClient) => {
    let asked = false;
    const observer = new QueryObserver(client, {
      queryKey: ['collection-accounts'],
      queryFn: () => {
        asked = true;
        return [];
      },
      staleTime: 5 * 60_000,
    });
    observer.subscribe(() => {})();
    return asked;
  };

  it.each([
    ['hours ahead of the server', 6 * HOUR],
    ['hours behind it', -6 * HOUR],
  ])('an answer the server just gave is fresh on a phone whose clock is %s', (_, skew) => {
    const serverNow = Date.parse('2026-11-29T07:00:00Z');
    vi.useFakeTimers({ now: serverNow + skew, toFake: ['Date'] });
    const client = createQueryClient();
    restoreFirstScreen(client, serverAnswers(serverNow));
    expect(client.getQueryData(['collection-accounts'])).toEqual(['BAC']);
    expect(client.getQueryState(['loans'])?.dataUpdatedAt).toBe(serverNow + skew);
    expect(asksAgain(client)).toBe(false);
  });

  it('hydrating them as the server dated them is what went wrong on a phone ahead of it', () => {
    const serverNow = Date.now() - 6 * HOUR;
    const client = createQueryClient();
    client.setQueryData(['collection-accounts'], ['BAC'], { updatedAt: serverNow });
    expect(asksAgain(client)).toBe(true);
  });
});
