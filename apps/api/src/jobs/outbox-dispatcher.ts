import type { Deps } from '../services/deps.ts';
import { deliverPendingMessages } from '../services/outbox.ts';

/** Delivers queued SMS and e-mail every `intervalMs`, one run at a time, until stopped. */
export function startOutboxDispatcher(deps: Deps, intervalMs = 1000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await deliverPendingMessages(deps);
      } catch (error) {
        deps.log.error({ err: error }, 'outbox dispatcher run failed');
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
