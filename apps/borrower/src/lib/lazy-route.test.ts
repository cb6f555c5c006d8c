import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  importWithTimeout,
  isChunkLoadError,
  lazyScreen,
} from './lazy-route';

describe('importWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up after 120000 ms with a ChunkLoadError', async () => {
    const never = new Promise<never>(() => {});
    const loading = importWithTimeout(() => never);
    const outcome = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    loading.catch(() => {}).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('turns a failed download into a ChunkLoadError that keeps the cause', async () => {
    const networkError = new TypeError('Failed to fetch dynamically imported module');
    const error: unknown = await importWithTimeout(() => Promise.reject(networkError)).catch(
      (e: unknown) => e,
    );

    expect(isChunkLoadError(error)).toBe(true);
    expect((error as ChunkLoadError).cause).toBe(networkError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves with the module when it arrives in time', async () => {
    const module = { Component: () => null };
    const loading = importWithTimeout(
      () => new Promise((resolve) => setTimeout(() => resolve(module), 5_000)),
    );

    await vi.advanceTimersByTimeAsync(5_000);
    await expect(loading).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('lazyScreen', () => {
  it('downloads once, renders synchronously once loaded, and tries again after a failure', async () => {
    let attempts = 0;
    const Screen = lazyScreen<{ name: string }>(() => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve({ Component: (props: { name: string }) => `Hola, ${props.name}` });
    });
    const failed: unknown = await Screen.preload().catch((error: unknown) => error);
    expect(isChunkLoadError(failed)).toBe(true);

    await Promise.all([Screen.preload(), Screen.preload()]);
    expect(attempts).toBe(2);
    const element = Screen({ name: 'Ana' }) as { props: { name: string } };
    expect(element.props.name).toBe('Ana');
  });
});
