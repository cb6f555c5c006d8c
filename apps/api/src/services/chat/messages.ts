import type { ChatMessageItem } from '@prestamos-hn/contract';
import { and, asc, desc, eq, gt, lt, max, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatConversations, chatMessages, staffAccounts } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { signedChatImageUrl } from '../shared/file-urls.ts';

/** How many messages a first look (or a look further back) answers. */
export const CHAT_PAGE_SIZE = 50;
/** How many new messages one read after an id answers at most (the rest come with the next read). */
export const CHAT_NEW_MESSAGES_LIMIT = 100;

/** A message as stored, with the name of the staff member who wrote an answer. */
export interface ChatMessageRow {
  id: number;
  conversationId: number;
  authorType: string;
  staffId: number | null;
  staffName: string | null;
  text: string;
  imageKey: string | null;
  imageContentType: string | null;
  imageSize: number | null;
  loanId: number | null;
  receiptId: number | null;
  clientId: string | null;
  createdAt: Date;
}

const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  authorType: chatMessages.authorType,
  staffId: chatMessages.staffId,
  staffName: staffAccounts.name,
  text: chatMessages.text,
  imageKey: chatMessages.imageKey,
  imageContentType: chatMessages.imageContentType,
  imageSize: chatMessages.imageSize,
  loanId: chatMessages.loanId,
  receiptId: chatMessages.receiptId,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
};

/**
 * Messages of one conversation, oldest first: after an id (the first `limit` ones), before an id
 * (the `limit` just before it), or the latest `limit`.
 */
export async function selectMessages(
  db: DbOrTx,
  conversationId: number,
  range: { after?: number; before?: number; limit: number },
): Promise<ChatMessageRow[]> {
  const conditions: SQL[] = [eq(chatMessages.conversationId, conversationId)];
  if (range.after !== undefined) conditions.push(gt(chatMessages.id, range.after));
  if (range.before !== undefined) conditions.push(lt(chatMessages.id, range.before));
  const newestFirst = range.after === undefined;
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(staffAccounts, eq(staffAccounts.id, chatMessages.staffId))
    .where(and(...conditions))
    .orderBy(newestFirst ? desc(chatMessages.id) : asc(chatMessages.id))
    .limit(range.limit);
  return newestFirst ? rows.reverse() : rows;
}

/** One message of a conversation by its id, or null. */
export async function selectMessage(db: DbOrTx, messageId: number): Promise<ChatMessageRow | null> {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(staffAccounts, eq(staffAccounts.id, chatMessages.staffId))
    .where(eq(chatMessages.id, messageId))
    .limit(1);
  return row ?? null;
}

/** Whether the conversation has messages older than `id`. */
export async function hasMessagesBefore(db: DbOrTx, conversationId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), lt(chatMessages.id, id)))
    .limit(1);
  return row !== undefined;
}

/** The newest message id of a conversation, or 0 when it has none. */
export async function latestMessageId(db: DbOrTx, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ id: max(chatMessages.id) })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId));
  return row?.id ?? 0;
}

/** The borrower's conversation, or null before their first message. */
export async function findConversationOf(db: DbOrTx, borrowerId: number) {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.borrowerId, borrowerId))
    .limit(1);
  return row ?? null;
}

/** A staff member's first name, as the borrower reads it on an answer. */
export function staffFirstName(name: string | null): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}

/** A message as the borrower's app reads it (the photo as a signed URL for 15 minutes). */
export function toBorrowerMessage(
  deps: Pick<Deps, 'config' | 'clock'>,
  row: ChatMessageRow,
): ChatMessageItem {
  const isStaff = row.authorType === 'staff';
  return {
    id: row.id,
    author: isStaff ? 'staff' : 'borrower',
    authorName: isStaff ? staffFirstName(row.staffName) : null,
    text: row.text,
    imageUrl: row.imageKey ? signedChatImageUrl(deps, row.id) : null,
    loanId: row.loanId,
    receiptId: row.receiptId,
    clientId: isStaff ? null : row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}
