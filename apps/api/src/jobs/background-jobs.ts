import { sendChatAnswerNudges } from '../services/chat/sms-nudge.ts';
import { journalBacklog } from '../services/accounting/post-journal.ts';
import type { Deps } from '../services/deps.ts';
import { deliverPendingMessages, redactExpiredSecrets } from '../services/outbox.ts';
import { forwardPendingReceipts } from '../services/payments/partner-forward.ts';
import { sweepRateLimits } from '../services/rate-limits.ts';
import { runMissedDates } from '../services/servicing/daily-run.ts';
import { jobDeps } from '../request-context.ts';
import { JOB_QUEUES, type JobHandler, type JobQueue, type JobRunner } from './job-queue.ts';

/**
 * What each queue's job does: all of its pending work, safe to run again and beside another server.
 * A job a request queued works with that request's id on its lines and kicks (jobDeps).
 */
export function jobHandlers(deps: Deps, stopping?: AbortSignal): Record<JobQueue, JobHandler> {
  const withJobDeps =
    (work: (scoped: Deps) => Promise<unknown>): JobHandler =>
    (job) =>
      work(jobDeps(deps, job.requestId));
  return {
    [JOB_QUEUES.outbox]: withJobDeps(deliverPendingMessages),
    [JOB_QUEUES.outboxRedaction]: withJobDeps(async (scoped) => {
      await redactExpiredSecrets(scoped);
      await sweepRateLimits(scoped);
    }),
    [JOB_QUEUES.receiptForwarding]: withJobDeps(forwardPendingReceipts),
    [JOB_QUEUES.chatNudges]: withJobDeps(async (scoped) => {
      const queued = await sendChatAnswerNudges(scoped);
      if (queued > 0) {
        scoped.log.info({ queued }, 'chat answer SMS queued');
        await scoped.jobs?.kick(scoped.db, JOB_QUEUES.outbox);
      }
    }),
    // On a SIGTERM the run ends after its current step (daily-run.ts, RunOptions.signal).
    [JOB_QUEUES.servicing]: withJobDeps((scoped) =>
      runMissedDates(scoped, stopping ? { signal: stopping } : {}),
    ),
    [JOB_QUEUES.booksBacklog]: withJobDeps(async (scoped) => {
      const loans = await journalBacklog(scoped);
      if (loans.length > 0) scoped.log.info({ loans: loans.length }, 'loans journaled into the books');
    }),
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
