import { sendChatAnswerNudges } from '../services/chat/sms-nudge.ts';
import { journalBacklog } from '../services/accounting/post-journal.ts';
import type { Deps } from '../services/deps.ts';
import { deliverPendingMessages, redactExpiredSecrets } from '../services/outbox.ts';
import { forwardPendingReceipts } from '../services/payments/partner-forward.ts';
import { sweepRateLimits } from '../services/rate-limits.ts';
import { runMissedDates } from '../services/servicing/daily-run.ts';
import { JOB_QUEUES, type JobQueue, type JobRunner } from './job-queue.ts';

/** What each queue's job does: all of its pending work, safe to run again and beside another server. */
export function jobHandlers(deps: Deps, stopping?: AbortSignal): Record<JobQueue, () => Promise<unknown>> {
  return {
    [JOB_QUEUES.outbox]: () => deliverPendingMessages(deps),
    [JOB_QUEUES.outboxRedaction]: async () => {
      await redactExpiredSecrets(deps);
      await sweepRateLimits(deps);
    },
    [JOB_QUEUES.receiptForwarding]: () => forwardPendingReceipts(deps),
    [JOB_QUEUES.chatNudges]: async () => {
      const queued = await sendChatAnswerNudges(deps);
      if (queued > 0) {
        deps.log.info({ queued }, 'chat answer SMS queued');
        await deps.jobs?.kick(deps.db, JOB_QUEUES.outbox);
      }
    },
    // On a SIGTERM the run ends after its current step (daily-run.ts, RunOptions.signal).
    [JOB_QUEUES.servicing]: () => runMissedDates(deps, stopping ? { signal: stopping } : {}),
    [JOB_QUEUES.booksBacklog]: async () => {
      const loans = await journalBacklog(deps);
      if (loans.length > 0) deps.log.info({ loans: loans.length }, 'loans journaled into the books');
    },
  };
}

/**
 * The server's background work on the job runner: every queue worked here, and at start the
 * servicing run (every business date missed while the server was down), the books' backlog (a loan
 * book older than the books is journaled once, decision 015), a delivery of whatever the outbox
 * holds and the forwarding of stored receipts (also what was queued while the server served before
 * its runner was up: a kick then is a no-op).
 */
export async function startBackgroundJobs(deps: Deps, runner: JobRunner): Promise<void> {
  await runner.work(jobHandlers(deps, runner.stopping));
  await runner.send(JOB_QUEUES.booksBacklog);
  await runner.send(JOB_QUEUES.servicing);
  await runner.send(JOB_QUEUES.outbox);
  await runner.send(JOB_QUEUES.receiptForwarding);
  await runner.send(JOB_QUEUES.outboxRedaction);
}
