import type { Deps } from '../services/deps.ts';

/** A background job started by the server: `stop()` waits for the run under way. */
export interface RunningJob {
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs`, one run at a time (a slow run delays the next, never overlaps it),
 * logging a failed run and carrying on, until stopped. The timer does not keep the process alive.
 */
export function startIntervalJob(
  deps: Pick<Deps, 'log'>,
  name: string,
  run: () => Promise<unknown>,
  intervalMs: number,
): RunningJob {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await run();
      } catch (error) {
        deps.log.error({ err: error, job: name }, `${name} run failed`);
      }
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
