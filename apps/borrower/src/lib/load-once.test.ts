import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once and answers every call with the same promise', async () => {
    const load = vi.fn(async () => 'módulo');
    const get = loadOnce(load);
    expect(load).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(await first).toBe('módulo');
    expect(await get()).toBe('módulo');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure, and keeps the load that worked', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('sin red')).mockResolvedValue('módulo');
    const get = loadOnce<string>(load);
    await expect(get()).rejects.toThrow('sin red');
    expect(await get()).toBe('módulo');
    expect(await get()).toBe('módulo');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
