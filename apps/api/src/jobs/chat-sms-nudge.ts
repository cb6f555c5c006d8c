import type { Deps } from '../services/deps.ts';
import { sendChatAnswerNudges } from '../services/chat/sms-nudge.ts';

/**
 * Every `intervalMs` (a minute), queues the SMS of chat answers left unseen (`sendChatAnswerNudges`),
 * one run at a time, until stopped. Safe with several server processes on one PostgreSQL.
 */
export function startChatSmsNudges(deps: Deps, intervalMs = 60_000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const queued = await sendChatAnswerNudges(deps);
        if (queued > 0) deps.log.info({ queued }, 'chat answer SMS queued');
      } catch (error) {
        deps.log.error({ err: error }, 'chat SMS nudge run failed');
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
