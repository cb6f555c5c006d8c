import type { LimiterClock } from './rate-limiter';

/** For tests: a clock that only moves when the rate limiter sleeps, and remembers each wait it was asked for. */
export function fakeLimiterClock(start = 0): LimiterClock & { sleeps: number[] } {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}
