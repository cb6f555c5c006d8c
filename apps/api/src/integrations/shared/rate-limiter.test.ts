import { describe, expect, it } from 'vitest';
import { fakeLimiterClock } from './fake-limiter-clock';
import { createSerialRateLimiter } from './rate-limiter';

const fakeClock = () => fakeLimiterClock(1_000_000);

describe('createSerialRateLimiter', () => {
  it('spaces task starts by the minimum interval and keeps their order', async () => {
    const clock = fakeClock();
    const schedule = createSerialRateLimiter({ minIntervalMs: 1000, clock });
    const starts: [string, number][] = [];
    const task = (name: string) => async () => {
      starts.push([name, clock.now()]);
      return name;
    };
    const results = await Promise.all([schedule(task('a')), schedule(task('b')), schedule(task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(starts).toEqual([
      ['a', 1_000_000],
      ['b', 1_001_000],
      ['c', 1_002_000],
    ]);
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('does not wait when the interval has already passed', async () => {
    let now = 0;
    const sleeps: number[] = [];
    const schedule = createSerialRateLimiter({
      minIntervalMs: 1000,
      clock: { now: () => now, sleep: async (ms) => void sleeps.push(ms) },
    });
    await schedule(async () => undefined);
    now = 1500;
    await schedule(async () => undefined);
    now = 1800;
    await schedule(async () => undefined);
    expect(sleeps).toEqual([700]);
  });

  it('goes on after a failed task', async () => {
    const schedule = createSerialRateLimiter({ minIntervalMs: 1000, clock: fakeClock() });
    const failed = schedule(async () => {
      throw new Error('falló');
    });
    const next = schedule(async () => 'sigue');
    await expect(failed).rejects.toThrow('falló');
    await expect(next).resolves.toBe('sigue');
  });
});
