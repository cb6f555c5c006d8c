// @vitest-environment node
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { scopedRuns } from './scoped-runs';

describe('scopedRuns (the server render scope, decision 025)', () => {
  it('keeps each run its own value across its awaits, also when runs overlap', async () => {
    const storage = new AsyncLocalStorage<string>();
    const run = scopedRuns(storage);
    const seen: string[] = [];
    const work = (name: string, ms: number) => async () => {
      await sleep(ms);
      seen.push(`${name}:${storage.getStore()}`);
      await sleep(ms);
      seen.push(`${name}:${storage.getStore()}`);
      return name;
    };
    // A ends while B is still under way: B keeps its value.
    const [a, b] = await Promise.all([run('a', work('a', 1)), run('b', work('b', 15))]);
    expect([a, b]).toEqual(['a', 'b']);
    expect(seen).toEqual(['a:a', 'a:a', 'b:b', 'b:b']);
  });

  it('turns the storage off once the last run ends, and on again for the next', async () => {
    const storage = new AsyncLocalStorage<string>();
    const run = scopedRuns(storage);
    let late: Promise<string | undefined> | undefined;
    await run('primera', async () => {
      // Work left behind by the run (a timer), read after the run ended: the storage is off.
      late = sleep(20).then(() => storage.getStore());
    });
    expect(await late).toBeUndefined();
    // While a second run is still under way, the first one's end does not turn it off.
    let release!: () => void;
    const second = run('segunda', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return storage.getStore();
    });
    await run('tercera', async () => {});
    release();
    expect(await second).toBe('segunda');
    expect(await run('cuarta', async () => storage.getStore())).toBe('cuarta');
  });

  it('an error in the work reaches the caller, and the run still ends', async () => {
    const storage = new AsyncLocalStorage<string>();
    const run = scopedRuns(storage);
    await expect(
      run('falla', async () => {
        throw new Error('falló');
      }),
    ).rejects.toThrow('falló');
    let late: Promise<string | undefined> | undefined;
    await run('después', async () => {
      late = sleep(5).then(() => storage.getStore());
    });
    expect(await late).toBeUndefined();
  });
});
