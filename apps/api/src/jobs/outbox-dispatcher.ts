import type { Deps } from '../services/deps.ts';
import { deliverPendingMessages } from '../services/outbox.ts';
import { startIntervalJob, type RunningJob } from './interval-job.ts';

/** Delivers queued SMS and e-mail every `intervalMs`, one run at a time, until stopped. */
export function startOutboxDispatcher(deps: Deps, intervalMs = 1000): RunningJob {
  return startIntervalJob(deps, 'outbox dispatcher', () => deliverPendingMessages(deps), intervalMs);
}
