import { chatMessages as chatTexts, type PayloadOf } from '@prestamos-hn/contract';
import { and, count, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatConversations, chatMessages, loans, receipts } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { startOfToday } from '../shared/dates.ts';
import { quotaMessages } from '../shared/quotas.ts';
import type { UploadedFile } from '../uploads.ts';
import { checkChatImage, discardChatImage, storeChatImage } from './images.ts';
import { announceChatMessage } from './live.ts';
import {
  CHAT_NEW_MESSAGES_LIMIT,
  CHAT_PAGE_SIZE,
  findConversationOf,
  hasMessagesBefore,
  selectMessage,
  selectMessages,
  toBorrowerMessage,
  type ChatMessageRow,
} from './messages.ts';
import { chatOfficeNow } from './office-hours.ts';

/** What a message may point at: one of the borrower's loans (`container_id`) or receipts. */
export interface MessageReferences {
  loanId?: number | undefined;
  receiptId?: number | undefined;
}

/**
 * The check that a message points only at the borrower's own loan or receipt: a positive id of a
 * loan (`container_id`) or a receipt of this borrower. Anything else is refused with a Spanish
 * message before anything is stored; `audience` words it for the borrower or for staff.
 */
export async function checkMessageReferences(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  references: MessageReferences,
  audience: 'borrower' | 'staff' = 'borrower',
): Promise<void> {
  const { loanId, receiptId } = references;
  for (const [field, id] of Object.entries(references)) {
    if (id !== undefined && !(Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647)) {
      throw new UserError(field === 'loanId' ? chatTexts.invalidLoan : chatTexts.invalidReceipt, { field });
    }
  }
  if (loanId !== undefined) {
    const [loan] = await deps.db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.id, loanId), eq(loans.borrowerId, borrowerId)))
      .limit(1);
    if (!loan) {
      throw new UserError(audience === 'borrower' ? chatTexts.loanNotYours : chatTexts.loanNotTheirs, {
        field: 'loanId',
      });
    }
  }
  if (receiptId !== undefined) {
    const [receipt] = await deps.db
      .select({ id: receipts.id })
      .from(receipts)
      .where(and(eq(receipts.id, receiptId), eq(receipts.borrowerId, borrowerId)))
      .limit(1);
    if (!receipt) {
      throw new UserError(audience === 'borrower' ? chatTexts.receiptNotYours : chatTexts.receiptNotTheirs, {
        field: 'receiptId',
      });
    }
  }
}

/** Staff answers the borrower has not read (the Chat tile's and the bell's count). */
export async function countUnreadAnswers(deps: Pick<Deps, 'db'>, borrowerId: number): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatConversations.borrowerId, borrowerId),
        eq(chatMessages.authorType, 'staff'),
        gt(chatMessages.id, sql`coalesce(${chatConversations.borrowerReadMessageId}, 0)`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * getChatMessages.php: the caller's conversation, oldest first (after an id, before an id, or the
 * latest), the unread count and the office hours. Only the caller's own conversation is ever read.
 */
export async function getBorrowerChat(
  deps: Deps,
  borrowerId: number,
  range: { after?: number | undefined; before?: number | undefined },
): Promise<PayloadOf<'getChatMessages'>> {
  const office = chatOfficeNow(deps);
  const conversation = await findConversationOf(deps.db, borrowerId);
  if (!conversation) return { messages: [], hasOlder: false, unread: 0, office };
  const rows = await selectMessages(deps.db, conversation.id, {
    ...(range.after !== undefined ? { after: range.after } : {}),
    ...(range.before !== undefined ? { before: range.before } : {}),
    limit: range.after !== undefined ? CHAT_NEW_MESSAGES_LIMIT : CHAT_PAGE_SIZE,
  });
  const firstId = rows[0]?.id ?? (range.after !== undefined ? range.after + 1 : undefined);
  const hasOlder = firstId !== undefined && (await hasMessagesBefore(deps.db, conversation.id, firstId));
  return {
    messages: rows.map((row) => toBorrowerMessage(deps, row)),
    hasOlder,
    unread: await countUnreadAnswers(deps, borrowerId),
    office,
  };
}

/** The borrower's message with this client id, if it is stored already. */
async function findByClientId(db: DbOrTx, conversationId: number, clientId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.authorType, 'borrower'),
        eq(chatMessages.clientId, clientId),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Refuses a photo past the account's quota of chat photos today (QUOTA_CHAT_IMAGES_PER_DAY, issue 32
 * point 5), with a message that says to try again tomorrow. Text messages are never limited here.
 */
async function assertChatImageQuota(
  deps: Pick<Deps, 'clock' | 'config'>,
  db: DbOrTx,
  conversationId: number,
) {
  const max = deps.config.quotas.chatImagesPerDay;
  const [sent] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.authorType, 'borrower'),
        isNotNull(chatMessages.imageKey),
        gte(chatMessages.createdAt, startOfToday(deps)),
      ),
    );
  if ((sent?.n ?? 0) >= max) throw new UserError(quotaMessages.chatImages(max), { field: 'image' });
}

/**
 * postChatMessage.php: a message from the borrower, with text, a photo, or both, optionally about
 * one of their loans or receipts. The first message makes the conversation; a message to a closed
 * one opens it again. A post repeated with the same `clientId` (a retry after a lost answer) stores
 * nothing new and answers the message stored the first time. Every other instance of the API hears of
 * the message when it is committed (the live channel).
 */
export async function postBorrowerMessage(
  deps: Deps,
  borrowerId: number,
  input: { text: string; clientId: string } & MessageReferences,
  files: readonly UploadedFile[] = [],
): Promise<PayloadOf<'postChatMessage'>> {
  const image = checkChatImage(deps, files);
  if (input.text === '' && !image) throw new UserError(chatTexts.textRequired, { field: 'text' });
  const references = { loanId: input.loanId, receiptId: input.receiptId };
  await checkMessageReferences(deps, borrowerId, references);

  const existing = await findConversationOf(deps.db, borrowerId);
  const earlier = existing && (await findByClientId(deps.db, existing.id, input.clientId));
  if (earlier) return { message: toBorrowerMessage(deps, (await selectMessage(deps.db, earlier))!) };

  // The day's photo quota, before anything is stored (checked again under the conversation's lock).
  if (image && existing) await assertChatImageQuota(deps, deps.db, existing.id);
  const imageKey = image ? await storeChatImage(deps, borrowerId, image) : null;
  let row: ChatMessageRow;
  let isRepeat = false;
  try {
    const messageId = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await tx
        .insert(chatConversations)
        .values({ borrowerId, createdAt: now })
        .onConflictDoNothing({ target: chatConversations.borrowerId });
      // One post at a time per conversation: a retry racing its original waits here, then finds it.
      const [conversation] = await tx
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.borrowerId, borrowerId))
        .for('update');
      const repeated = await findByClientId(tx, conversation!.id, input.clientId);
      if (repeated) {
        isRepeat = true;
        return repeated;
      }
      if (image) await assertChatImageQuota(deps, tx, conversation!.id);
      const [inserted] = await tx
        .insert(chatMessages)
        .values({
          conversationId: conversation!.id,
          authorType: 'borrower',
          text: input.text,
          imageKey,
          imageContentType: image?.contentType ?? null,
          imageSize: image?.data.length ?? null,
          loanId: input.loanId ?? null,
          receiptId: input.receiptId ?? null,
          clientId: input.clientId,
          createdAt: now,
        })
        .returning({ id: chatMessages.id });
      await tx
        .update(chatConversations)
        .set({ state: 'open', closedAt: null, lastMessageAt: now })
        .where(eq(chatConversations.id, conversation!.id));
      await announceChatMessage(tx, borrowerId, inserted!.id);
      return inserted!.id;
    });
    row = (await selectMessage(deps.db, messageId))!;
  } catch (error) {
    if (imageKey) await discardChatImage(deps, imageKey);
    throw error;
  }
  if (isRepeat && imageKey) await discardChatImage(deps, imageKey);
  return { message: toBorrowerMessage(deps, row) };
}

/**
 * markChatRead.php: the borrower has seen their conversation up to `upTo`. The marker only moves
 * forward and never past the newest message, so an answer written later is never hidden. Answers
 * the count still unread.
 */
export async function markBorrowerChatRead(
  deps: Pick<Deps, 'db'>,
  borrowerId: number,
  upTo: number,
): Promise<number> {
  await deps.db
    .update(chatConversations)
    .set({
      borrowerReadMessageId: sql`greatest(
        coalesce(${chatConversations.borrowerReadMessageId}, 0),
        least(${upTo}::bigint, (select coalesce(max(${chatMessages.id}), 0) from ${chatMessages}
          where ${chatMessages.conversationId} = ${chatConversations.id}))
      )`,
    })
    .where(eq(chatConversations.borrowerId, borrowerId));
  return countUnreadAnswers(deps, borrowerId);
}
