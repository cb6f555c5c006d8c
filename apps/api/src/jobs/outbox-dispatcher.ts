import type { Deps } from '../services/deps.ts';
import { deliverPendingMessages, redactExpiredSecrets } from '../services/outbox.ts';
import { sweepRateLimits } from '../services/rate-limits.ts';
import { startIntervalJob, type RunningJob } from './interval-job.ts';

const SWEEP_EVERY_MS = 3_600_000;

/**
 * Delivers queued SMS and e-mail every `intervalMs`, one run at a time, until stopped; at start and
 * then hourly it also wipes the codes and links of messages past the life of any secret, and deletes
 * the rate-limit counters whose window ended.
 */
export function startOutboxDispatcher(deps: Deps, intervalMs = 1000): RunningJob {
  let lastSweep = -Infinity;
  return startIntervalJob(
    deps,
    'outbox dispatcher',
    async () => {
      await deliverPendingMessages(deps);
      const now = deps.clock.now().getTime();
      if (now - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = now;
        await redactExpiredSecrets(deps);
        await sweepRateLimits(deps);
      }
    },
    intervalMs,
  );
}
