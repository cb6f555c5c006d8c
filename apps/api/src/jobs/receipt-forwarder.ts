import type { Deps } from '../services/deps.ts';
import { forwardPendingReceipts } from '../services/payments/partner-forward.ts';
import { startIntervalJob, type RunningJob } from './interval-job.ts';

/** Forwards stored receipts to the payment partner every `intervalMs`, with retries, until stopped. */
export function startReceiptForwarder(deps: Deps, intervalMs = 5000): RunningJob {
  return startIntervalJob(deps, 'receipt forwarder', () => forwardPendingReceipts(deps), intervalMs);
}
