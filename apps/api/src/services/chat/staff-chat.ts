import { chatMessages as chatTexts } from '@prestamos-hn/contract';
import {
  can,
  CHAT_MESSAGE_MAX_LENGTH,
  loanStatusLabel,
  RECEIPT_STATE_LABELS,
  STAFF_ROLE_LABELS,
  type StaffRole,
} from '@prestamos-hn/domain';
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  borrowers,
  chatConversations,
  chatMessages,
  chatStaffReads,
  loans,
  receipts,
  staffAccounts,
} from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { writeAudit, type AuditEntry } from '../audit.ts';
import type { Deps } from '../deps.ts';
import type { UploadedFile } from '../uploads.ts';
import { forbidden, notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { checkMessageReferences, type MessageReferences } from './borrower-chat.ts';
import { checkChatImage, discardChatImage, storeChatImage } from './images.ts';
import { announceChatMessage } from './live.ts';
import {
  CHAT_PAGE_SIZE,
  hasMessagesBefore,
  selectMessage,
  selectMessages,
  type ChatMessageRow,
} from './messages.ts';

// The staff's side of the help chat, as functions for the staff API (its routes and the inbox
// screens are built on them). Every function checks who may see the conversation; reads and changes
// are audit rows on the borrower (`chat.view`, `chat.answer`, `chat.assign`, `chat.close`).

export const chatStaffMessages = {
  conversationNotFound: 'No encontramos esa conversación.',
  messageNotFound: 'No encontramos ese mensaje.',
  assigneeNotFound: 'No encontramos a ese miembro del personal, o su cuenta está desactivada.',
} as const;

export type ConversationState = 'open' | 'closed';

/**
 * Analysts and cashiers may read and answer a conversation when its borrower is one they worked on:
 * they took, decided (approved or rejected) or disbursed one of the borrower's loans, or decided
 * (validated or rejected) one of the borrower's receipts. Every loan or receipt a message may point
 * at is the borrower's (`checkMessageReferences`), so this covers the conversations about them, and
 * also the borrower's questions that point at nothing. The condition is on `chat_conversations`, so
 * lists, single reads, photos and the live channel share it.
 */
export function conversationsWorkedOnBy(staff: StaffMember): SQL {
  return sql`(exists (select 1 from ${loans} where ${loans.borrowerId} = ${chatConversations.borrowerId}
      and (${loans.takenByStaffId} = ${staff.id} or ${loans.decidedByStaffId} = ${staff.id}
        or ${loans.disbursedByStaffId} = ${staff.id}))
    or exists (select 1 from ${receipts} where ${receipts.borrowerId} = ${chatConversations.borrowerId}
      and ${receipts.decidedByStaffId} = ${staff.id}))`;
}

/** Support and admins answer any conversation. */
export function canAnswerAnyConversation(staff: StaffMember): boolean {
  return can(staff.role, 'chat.any');
}

/** The condition on `chat_conversations` of the conversations this staff member may see. */
function visibleTo(staff: StaffMember): SQL | undefined {
  return canAnswerAnyConversation(staff) ? undefined : conversationsWorkedOnBy(staff);
}

/** The conversation (for update inside a transaction), if this staff member may see it; else 404. */
async function loadVisibleConversation(
  db: DbOrTx,
  staff: StaffMember,
  conversationId: number,
  opts: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, conversationId), visibleTo(staff)))
    .limit(1);
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound(chatStaffMessages.conversationNotFound);
  return row;
}

/** A message as staff read it: who wrote it, and the photo's facts (its bytes come through the staff row getChatImage). */
export interface StaffChatMessage {
  id: number;
  author: 'borrower' | 'staff';
  staffId: number | null;
  authorName: string | null;
  text: string;
  image: { contentType: string; size: number; url: string } | null;
  loanId: number | null;
  receiptId: number | null;
  createdAt: string;
}

function toStaffMessage(row: ChatMessageRow): StaffChatMessage {
  return {
    id: row.id,
    author: row.authorType === 'staff' ? 'staff' : 'borrower',
    staffId: row.staffId,
    authorName: row.staffName,
    text: row.text,
    image:
      row.imageContentType && row.imageSize !== null
        ? {
            contentType: row.imageContentType,
            size: row.imageSize,
            url: `/api/backoffice/chats/${row.conversationId}/messages/${row.id}/image`,
          }
        : null,
    loanId: row.loanId,
    receiptId: row.receiptId,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface ConversationFilter {
  state?: ConversationState;
  /** A staff member's id, 'me' (the caller) or 'none' (not assigned). */
  assignee?: number | 'me' | 'none';
  page?: number;
  pageSize?: number;
}

/**
 * The inbox: the conversations this staff member may see, the most recent first, filtered by state
 * and assignee, each with the borrower, the assignee, the last message and how many of the
 * borrower's messages this staff member has not read.
 */
export async function listConversations(
  deps: Pick<Deps, 'db'>,
  staff: StaffMember,
  filter: ConversationFilter = {},
) {
  const page = Math.max(1, filter.page ?? 1);
  const pageSize = Math.min(100, Math.max(1, filter.pageSize ?? 25));
  const assignee = filter.assignee === 'me' ? staff.id : filter.assignee;
  const where = and(
    visibleTo(staff),
    filter.state ? eq(chatConversations.state, filter.state) : undefined,
    assignee === 'none'
      ? isNull(chatConversations.assigneeStaffId)
      : assignee !== undefined
        ? eq(chatConversations.assigneeStaffId, assignee)
        : undefined,
  );
  const lastMessage = (column: SQL) =>
    sql`(select ${column} from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id}
      order by ${chatMessages.id} desc limit 1)`;
  const rows = await deps.db
    .select({
      id: chatConversations.id,
      state: chatConversations.state,
      lastMessageAt: chatConversations.lastMessageAt,
      borrowerId: borrowers.id,
      personCode: borrowers.personCode,
      firstName: borrowers.firstName,
      firstSurname: borrowers.firstSurname,
      assigneeId: chatConversations.assigneeStaffId,
      assigneeName: staffAccounts.name,
      lastText: lastMessage(sql`${chatMessages.text}`).mapWith(String),
      lastAuthor: lastMessage(sql`${chatMessages.authorType}`).mapWith(String),
      lastHasImage: lastMessage(sql`${chatMessages.imageKey} is not null`).mapWith(Boolean),
      unread: sql<number>`(select count(*) from ${chatMessages}
        where ${chatMessages.conversationId} = ${chatConversations.id}
          and ${chatMessages.authorType} = 'borrower'
          and ${chatMessages.id} > coalesce(${chatStaffReads.lastReadMessageId}, 0))`.mapWith(Number),
    })
    .from(chatConversations)
    .innerJoin(borrowers, eq(borrowers.id, chatConversations.borrowerId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, chatConversations.assigneeStaffId))
    .leftJoin(
      chatStaffReads,
      and(eq(chatStaffReads.conversationId, chatConversations.id), eq(chatStaffReads.staffId, staff.id)),
    )
    .where(where)
    .orderBy(sql`${chatConversations.lastMessageAt} desc nulls last`, desc(chatConversations.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await deps.db.select({ n: count() }).from(chatConversations).where(where);
  return {
    items: rows.map((r) => ({
      id: r.id,
      state: r.state as ConversationState,
      borrower: {
        id: r.borrowerId,
        personCode: r.personCode,
        name: `${r.firstName} ${r.firstSurname}`,
      },
      assignee: r.assigneeId === null ? null : { id: r.assigneeId, name: r.assigneeName ?? '' },
      lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
      lastMessage:
        r.lastAuthor === null
          ? null
          : {
              author: r.lastAuthor as 'borrower' | 'staff',
              text: r.lastText ?? '',
              hasImage: r.lastHasImage,
            },
      unread: r.unread,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/**
 * A staff member's audit row about a conversation, in the trail of its borrower: `after` names the
 * conversation first.
 */
function auditConversation(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  staff: StaffMember,
  conversation: { id: number; borrowerId: number },
  entry: Pick<AuditEntry, 'action' | 'before'> & { after: Record<string, unknown> },
): Promise<void> {
  return writeAudit(deps, db, {
    actor: { type: 'staff', id: staff.id },
    action: entry.action,
    entity: 'borrower',
    entityId: conversation.borrowerId,
    before: entry.before,
    after: { conversationId: conversation.id, ...entry.after },
  });
}

/** Moves this staff member's read marker of a conversation forward to `messageId`. */
async function markReadByStaff(
  deps: Pick<Deps, 'clock'>,
  db: DbOrTx,
  staffId: number,
  conversationId: number,
  messageId: number,
): Promise<void> {
  const now = deps.clock.now();
  await db
    .insert(chatStaffReads)
    .values({ conversationId, staffId, lastReadMessageId: messageId, readAt: now })
    .onConflictDoUpdate({
      target: [chatStaffReads.conversationId, chatStaffReads.staffId],
      set: {
        lastReadMessageId: sql`greatest(${chatStaffReads.lastReadMessageId}, excluded.last_read_message_id)`,
        readAt: now,
      },
    });
}

/**
 * One conversation for staff: the borrower, the state and assignee, and its messages (the latest 50,
 * or the 50 before `before`). Opening it marks its messages read for this staff member, and the read
 * is an audit row (`chat.view`) on the borrower.
 */
export async function getConversation(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  conversationId: number,
  opts: { before?: number } = {},
) {
  const conversation = await loadVisibleConversation(deps.db, staff, conversationId);
  const [borrower] = await deps.db
    .select({
      id: borrowers.id,
      personCode: borrowers.personCode,
      firstName: borrowers.firstName,
      firstSurname: borrowers.firstSurname,
      mobPhone: borrowers.mobPhone,
    })
    .from(borrowers)
    .where(eq(borrowers.id, conversation.borrowerId));
  const [assignee] = conversation.assigneeStaffId
    ? await deps.db
        .select({ id: staffAccounts.id, name: staffAccounts.name })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, conversation.assigneeStaffId))
    : [];
  const rows = await selectMessages(deps.db, conversation.id, {
    ...(opts.before !== undefined ? { before: opts.before } : {}),
    limit: CHAT_PAGE_SIZE,
  });
  const hasOlder = rows[0] !== undefined && (await hasMessagesBefore(deps.db, conversation.id, rows[0].id));
  const loanRows = await deps.db
    .select({
      id: loans.id,
      status: loans.status,
      amountCents: loans.amountCents,
      requestedOn: loans.requestedOn,
      disbursedOn: loans.disbursedOn,
    })
    .from(loans)
    .where(eq(loans.borrowerId, conversation.borrowerId))
    .orderBy(desc(loans.id));
  const receiptRows = await deps.db
    .select({
      id: receipts.id,
      loanId: receipts.loanId,
      reference: receipts.reference,
      declaredAmountCents: receipts.declaredAmountCents,
      receivedAmountCents: receipts.receivedAmountCents,
      state: receipts.state,
      sentAt: receipts.sentAt,
    })
    .from(receipts)
    .where(eq(receipts.borrowerId, conversation.borrowerId))
    .orderBy(desc(receipts.sentAt), desc(receipts.id));
  await deps.db.transaction(async (tx) => {
    const newest = rows.at(-1);
    if (newest) await markReadByStaff(deps, tx, staff.id, conversation.id, newest.id);
    await auditConversation(deps, tx, staff, conversation, {
      action: 'chat.view',
      after: opts.before !== undefined ? { before: opts.before } : {},
    });
  });
  return {
    id: conversation.id,
    state: conversation.state as ConversationState,
    borrower: {
      id: borrower!.id,
      personCode: borrower!.personCode,
      name: `${borrower!.firstName} ${borrower!.firstSurname}`,
      mobPhone: borrower!.mobPhone,
    },
    assignee: assignee ?? null,
    createdAt: conversation.createdAt.toISOString(),
    closedAt: conversation.closedAt?.toISOString() ?? null,
    messages: rows.map(toStaffMessage),
    hasOlder,
    loans: loanRows.map((loan) => ({ ...loan, statusLabel: loanStatusLabel(loan.status) })),
    receipts: receiptRows.map(({ receivedAmountCents, ...receipt }) => ({
      ...receipt,
      creditedAmountCents: receipt.state === 'validated' ? receivedAmountCents : null,
      stateLabel: RECEIPT_STATE_LABELS[receipt.state],
      sentAt: receipt.sentAt.toISOString(),
    })),
  };
}

export interface StaffMessageInput extends MessageReferences {
  text?: string;
  /** The photo, as the staff route reads it from a multipart body (field `image`). */
  files?: readonly UploadedFile[];
  /** The back-office's own id for the message: a retry with the same id stores it once. */
  clientId?: string;
}

/**
 * An answer from staff: text, a photo, or both, optionally about one of the borrower's loans or
 * receipts. It opens a closed conversation again, takes an unassigned one for the answering staff
 * member, moves their read marker, is an audit row (`chat.answer`), and reaches the borrower's open
 * chat at once through the live channel (and by SMS if unseen for a while, `sendChatAnswerNudges`).
 */
export async function postStaffMessage(
  deps: Deps,
  staff: StaffMember,
  conversationId: number,
  input: StaffMessageInput,
): Promise<StaffChatMessage> {
  const text = (input.text ?? '').trim();
  if (text.length > CHAT_MESSAGE_MAX_LENGTH) throw new UserError(chatTexts.textTooLong, { field: 'text' });
  const image = checkChatImage(deps, input.files ?? []);
  if (text === '' && !image) throw new UserError(chatTexts.textRequired, { field: 'text' });
  if (input.clientId !== undefined && !/^[A-Za-z0-9_-]{8,64}$/.test(input.clientId)) {
    throw new UserError(chatTexts.invalidClientId, { field: 'clientId' });
  }
  const conversation = await loadVisibleConversation(deps.db, staff, conversationId);
  const references = { loanId: input.loanId, receiptId: input.receiptId };
  await checkMessageReferences(deps, conversation.borrowerId, references, 'staff');

  const imageKey = image ? await storeChatImage(deps, conversation.borrowerId, image) : null;
  let outcome: { messageId: number; isRepeat: boolean };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const locked = await loadVisibleConversation(tx, staff, conversationId, { forUpdate: true });
      if (input.clientId !== undefined) {
        const [repeated] = await tx
          .select({ id: chatMessages.id })
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.conversationId, locked.id),
              eq(chatMessages.authorType, 'staff'),
              eq(chatMessages.staffId, staff.id),
              eq(chatMessages.clientId, input.clientId),
            ),
          );
        if (repeated) return { messageId: repeated.id, isRepeat: true };
      }
      const now = deps.clock.now();
      const [inserted] = await tx
        .insert(chatMessages)
        .values({
          conversationId: locked.id,
          authorType: 'staff',
          staffId: staff.id,
          text,
          imageKey,
          imageContentType: image?.contentType ?? null,
          imageSize: image?.data.length ?? null,
          loanId: input.loanId ?? null,
          receiptId: input.receiptId ?? null,
          clientId: input.clientId ?? null,
          createdAt: now,
        })
        .returning({ id: chatMessages.id });
      const messageId = inserted!.id;
      await tx
        .update(chatConversations)
        .set({
          state: 'open',
          closedAt: null,
          lastMessageAt: now,
          lastStaffMessageId: messageId,
          assigneeStaffId: locked.assigneeStaffId ?? staff.id,
        })
        .where(eq(chatConversations.id, locked.id));
      await markReadByStaff(deps, tx, staff.id, locked.id, messageId);
      await auditConversation(deps, tx, staff, locked, {
        action: 'chat.answer',
        before: locked.state === 'closed' ? { state: 'closed' } : null,
        after: {
          messageId,
          ...(image ? { image: { contentType: image.contentType, size: image.data.length } } : {}),
          ...(input.loanId !== undefined ? { loanId: input.loanId } : {}),
          ...(input.receiptId !== undefined ? { receiptId: input.receiptId } : {}),
        },
      });
      await announceChatMessage(tx, locked.borrowerId, messageId);
      return { messageId, isRepeat: false };
    });
  } catch (error) {
    if (imageKey) await discardChatImage(deps, imageKey);
    throw error;
  }
  if (outcome.isRepeat && imageKey) await discardChatImage(deps, imageKey);
  return toStaffMessage((await selectMessage(deps.db, outcome.messageId))!);
}

/**
 * Gives a conversation to a staff member (or to nobody, with null). Support and admins only; the
 * assignee must be an active staff account. An audit row `chat.assign` with before and after.
 */
export async function assignConversation(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  conversationId: number,
  assigneeId: number | null,
): Promise<{ id: number; assignee: { id: number; name: string } | null }> {
  if (!canAnswerAnyConversation(staff)) throw forbidden();
  let assignee: { id: number; name: string } | null = null;
  if (assigneeId !== null) {
    const [row] = await deps.db
      .select({ id: staffAccounts.id, name: staffAccounts.name })
      .from(staffAccounts)
      .where(and(eq(staffAccounts.id, assigneeId), isNull(staffAccounts.disabledAt)));
    if (!row) throw new UserError(chatStaffMessages.assigneeNotFound, { field: 'assigneeId' });
    assignee = row;
  }
  await deps.db.transaction(async (tx) => {
    const conversation = await loadVisibleConversation(tx, staff, conversationId, { forUpdate: true });
    if (conversation.assigneeStaffId === assigneeId) return;
    await tx
      .update(chatConversations)
      .set({ assigneeStaffId: assigneeId })
      .where(eq(chatConversations.id, conversation.id));
    await auditConversation(deps, tx, staff, conversation, {
      action: 'chat.assign',
      before: { conversationId: conversation.id, assigneeStaffId: conversation.assigneeStaffId },
      after: { assigneeStaffId: assigneeId },
    });
  });
  return { id: conversationId, assignee };
}

/**
 * Closes a conversation (whoever may see it). Closing a closed one changes nothing; the borrower's
 * next message, or a staff answer, opens it again. An audit row `chat.close`.
 */
export async function closeConversation(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  conversationId: number,
): Promise<{ id: number; state: ConversationState; closedAt: string }> {
  return deps.db.transaction(async (tx) => {
    const conversation = await loadVisibleConversation(tx, staff, conversationId, { forUpdate: true });
    if (conversation.state === 'closed' && conversation.closedAt) {
      return { id: conversation.id, state: 'closed' as const, closedAt: conversation.closedAt.toISOString() };
    }
    const now = deps.clock.now();
    await tx
      .update(chatConversations)
      .set({ state: 'closed', closedAt: now })
      .where(eq(chatConversations.id, conversation.id));
    await auditConversation(deps, tx, staff, conversation, {
      action: 'chat.close',
      before: { conversationId: conversation.id, state: conversation.state },
      after: { state: 'closed' },
    });
    return { id: conversation.id, state: 'closed' as const, closedAt: now.toISOString() };
  });
}

/**
 * The photo of a message of a conversation for the staff's authenticated route: only in a conversation this staff
 * member may see; the read is an audit row (`chat.view` with the message id). 404 otherwise.
 */
export async function readChatImageForStaff(
  deps: Pick<Deps, 'db' | 'clock' | 'integrations'>,
  staff: StaffMember,
  conversationId: number,
  messageId: number,
): Promise<{ data: Buffer; contentType: string }> {
  const row = await selectMessage(deps.db, messageId);
  if (!row?.imageKey || !row.imageContentType || row.conversationId !== conversationId) {
    throw notFound(chatStaffMessages.messageNotFound);
  }
  const conversation = await loadVisibleConversation(deps.db, staff, row.conversationId).catch(() => {
    throw notFound(chatStaffMessages.messageNotFound);
  });
  const file = await deps.integrations.fileStorage.get(row.imageKey);
  if (!file) throw notFound(chatStaffMessages.messageNotFound);
  await auditConversation(deps, deps.db, staff, conversation, { action: 'chat.view', after: { messageId } });
  return { data: file.data, contentType: row.imageContentType };
}

/**
 * The caller's unread count for the menu: the borrower messages they have not read, and in how many
 * conversations, over the conversations they may see.
 */
export async function countUnreadForStaff(
  deps: Pick<Deps, 'db'>,
  staff: StaffMember,
): Promise<{ messages: number; conversations: number }> {
  const unread = sql<number>`(select count(*) from ${chatMessages}
    where ${chatMessages.conversationId} = ${chatConversations.id}
      and ${chatMessages.authorType} = 'borrower'
      and ${chatMessages.id} > coalesce(${chatStaffReads.lastReadMessageId}, 0))`;
  const [row] = await deps.db
    .select({
      messages: sql<number>`coalesce(sum(${unread}), 0)`.mapWith(Number),
      conversations: sql<number>`count(*) filter (where ${unread} > 0)`.mapWith(Number),
    })
    .from(chatConversations)
    .leftJoin(
      chatStaffReads,
      and(eq(chatStaffReads.conversationId, chatConversations.id), eq(chatStaffReads.staffId, staff.id)),
    )
    .where(visibleTo(staff));
  return { messages: row?.messages ?? 0, conversations: row?.conversations ?? 0 };
}

/** The active staff a conversation can be given to, by name (every role uses the inbox). */
export async function listChatAssignees(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .select({ id: staffAccounts.id, name: staffAccounts.name, role: staffAccounts.role })
    .from(staffAccounts)
    .where(isNull(staffAccounts.disabledAt))
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role as StaffRole,
      roleLabel: STAFF_ROLE_LABELS[r.role as StaffRole] ?? r.role,
    })),
  };
}

/**
 * For the staff's live channel: the id of the borrower's conversation if this staff member may see
 * it, else null (a notification about it is then not theirs to hear of).
 */
export async function visibleConversationOfBorrower(
  deps: Pick<Deps, 'db'>,
  staff: StaffMember,
  borrowerId: number,
): Promise<number | null> {
  const [row] = await deps.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(and(eq(chatConversations.borrowerId, borrowerId), visibleTo(staff)))
    .limit(1);
  return row?.id ?? null;
}
