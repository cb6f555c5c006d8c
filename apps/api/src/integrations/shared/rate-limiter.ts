/** Time as the rate limiter sees it, so tests can run it without waiting. */
export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Runs tasks one after another, starting each at least `minIntervalMs` after the previous one started
 * (a partner's "at most one request per second"). A failed task does not stop the queue.
 */
export function createSerialRateLimiter(options: { minIntervalMs: number; clock?: LimiterClock }) {
  const clock = options.clock ?? realClock;
  let queue: Promise<unknown> = Promise.resolve();
  let lastStart: number | undefined;

  return function schedule<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      if (lastStart !== undefined) {
        const wait = lastStart + options.minIntervalMs - clock.now();
        if (wait > 0) await clock.sleep(wait);
      }
      lastStart = clock.now();
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  };
}
