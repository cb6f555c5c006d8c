import { chatMessages as chatTexts } from '@prestamos-hn/contract';
import { CHAT_SMS_NUDGE_AFTER_MINUTES, CHAT_SMS_NUDGE_INTERVAL_MINUTES } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import type { Deps } from '../deps.ts';

/** Where the SMS sends the borrower: the app's chat (a hash route). */
export const chatLink = (publicUrl: string) => `${publicUrl}/#/chat`;

/**
 * The SMS rule of the help chat: a borrower with a staff answer unseen for 10 minutes gets one SMS
 * (through the outbox), at most once per conversation and hour, and never twice for the same
 * answers. One statement for every conversation due: it picks them (`for update skip locked`, so
 * several API instances never send one twice), records the nudge on each, and queues the SMS.
 * Returns how many were queued.
 */
export async function sendChatAnswerNudges(deps: Pick<Deps, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = deps.clock.now();
  const seenBefore = new Date(now.getTime() - CHAT_SMS_NUDGE_AFTER_MINUTES * 60_000);
  const lastNudgeBefore = new Date(now.getTime() - CHAT_SMS_NUDGE_INTERVAL_MINUTES * 60_000);
  const body = chatTexts.answerWaitingSms(deps.config.brandName, chatLink(deps.config.publicUrl));
  const result = await deps.db.execute(sql`
    with due as (
      select c.id, c.borrower_id, c.last_staff_message_id
      from chat_conversations c
      where c.last_staff_message_id > coalesce(c.borrower_read_message_id, 0)
        and c.last_staff_message_id > coalesce(c.sms_nudged_message_id, 0)
        and (c.last_sms_nudge_at is null or c.last_sms_nudge_at <= ${lastNudgeBefore})
        and exists (
          select 1 from chat_messages m
          where m.conversation_id = c.id
            and m.author_type = 'staff'
            and m.id > greatest(coalesce(c.borrower_read_message_id, 0), coalesce(c.sms_nudged_message_id, 0))
            and m.created_at <= ${seenBefore}
        )
      for update of c skip locked
    ),
    nudged as (
      update chat_conversations c
      set last_sms_nudge_at = ${now}, sms_nudged_message_id = due.last_staff_message_id
      from due
      where c.id = due.id
      returning c.borrower_id
    )
    insert into outbox (channel, recipient, body, created_at, next_attempt_at)
    select 'sms', lower(trim(b.mob_phone)), ${body}, ${now}, ${now}
    from nudged join borrowers b on b.id = nudged.borrower_id
    returning id
  `);
  return rowsOf(result).length;
}
