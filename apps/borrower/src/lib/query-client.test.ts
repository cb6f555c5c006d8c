import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, FIRST_SCREEN_FRESH_MS, keepFirstScreenFresh } from './query-client';

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
