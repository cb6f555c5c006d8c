/** The help chat (issue 14): one conversation per borrower with the staff, its messages and read markers. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { belongsToBorrower, sessions } from './accounts.ts';
import { staffAccounts } from './staff.ts';

/**
 * A borrower's conversation with the staff: one per borrower, made by their first message. Closing
 * it is the staff's; a new message from the borrower opens it again.
 *
 * - `borrower_read_message_id`: the borrower's read marker (every message up to it is seen);
 * - `last_staff_message_id`: the newest answer, so the unseen-answer check needs no scan of messages;
 * - `sms_nudged_message_id` and `last_sms_nudge_at`: the SMS rule (an answer unseen for 10 minutes
 *   earns one SMS, at most once per conversation and hour, never twice for the same answers).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    borrowerId: belongsToBorrower(),
    state: text('state').notNull().default('open'),
    assigneeStaffId: integer('assignee_staff_id').references(() => staffAccounts.id),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastStaffMessageId: bigint('last_staff_message_id', { mode: 'number' }),
    borrowerReadMessageId: bigint('borrower_read_message_id', { mode: 'number' }),
    smsNudgedMessageId: bigint('sms_nudged_message_id', { mode: 'number' }),
    lastSmsNudgeAt: timestamp('last_sms_nudge_at', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_conversations_borrower_key').on(t.borrowerId),
    index('chat_conversations_inbox_idx').on(t.state, t.lastMessageAt),
    index('chat_conversations_assignee_idx').on(t.assigneeStaffId, t.state),
    // The SMS job's candidates: conversations with an answer the borrower has not read.
    index('chat_conversations_unseen_answer_idx')
      .on(t.id)
      .where(sql`${t.lastStaffMessageId} > coalesce(${t.borrowerReadMessageId}, 0)`),
    check('chat_conversations_state_check', sql`${t.state} in ('open', 'closed')`),
  ],
);

/**
 * The messages. A borrower's message carries the app's `client_id`, unique in the conversation (so
 * per borrower): a retried post stores one message. A photo is a file in the file storage under
 * `image_key`. `loan_id` and `receipt_id` point at the borrower's loan or receipt the message is
 * about; plain integers (no foreign key yet), checked to be the borrower's own by
 * `checkMessageReferences` before a message is stored.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    authorType: text('author_type').notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    text: text('text').notNull().default(''),
    imageKey: text('image_key'),
    imageContentType: text('image_content_type'),
    imageSize: integer('image_size'),
    loanId: integer('loan_id'),
    receiptId: integer('receipt_id'),
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_borrower_client_key')
      .on(t.conversationId, t.clientId)
      .where(sql`${t.authorType} = 'borrower'`),
    uniqueIndex('chat_messages_staff_client_key')
      .on(t.conversationId, t.staffId, t.clientId)
      .where(sql`${t.authorType} = 'staff'`),
    index('chat_messages_loan_idx')
      .on(t.loanId)
      .where(sql`${t.loanId} is not null`),
    index('chat_messages_receipt_idx')
      .on(t.receiptId)
      .where(sql`${t.receiptId} is not null`),
    check('chat_messages_author_check', sql`${t.authorType} in ('borrower', 'staff')`),
    check('chat_messages_staff_check', sql`(${t.authorType} = 'staff') = (${t.staffId} is not null)`),
    check(
      'chat_messages_borrower_client_check',
      sql`${t.authorType} <> 'borrower' or ${t.clientId} is not null`,
    ),
    check(
      'chat_messages_image_check',
      sql`(${t.imageKey} is null) = (${t.imageContentType} is null) and (${t.imageKey} is null) = (${t.imageSize} is null)`,
    ),
    check('chat_messages_content_check', sql`${t.text} <> '' or ${t.imageKey} is not null`),
  ],
);

/** Each staff member's read marker per conversation (the inbox's unread counts are per person). */
export const chatStaffReads = pgTable(
  'chat_staff_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.staffId] })],
);

/**
 * Tickets for the live channel (server-sent events): the `sid` never goes in a URL, so the app trades
 * it for a ticket usable once within 60 seconds. Only the SHA-256 of the ticket is stored.
 */
export const chatTickets = pgTable(
  'chat_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    borrowerId: belongsToBorrower(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('chat_tickets_borrower_idx').on(t.borrowerId, t.expiresAt)],
);
