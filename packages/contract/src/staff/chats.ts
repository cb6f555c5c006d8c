import { CHAT_MESSAGE_MAX_LENGTH, PROFILE_REVIEW_STATES, STAFF_ROLES } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineStaffEndpoint, imageResponse, jsonResponse } from './endpoint.ts';
import { idField, isoDate, isoInstant, pageFields, paged } from './fields.ts';

// The help chat's inbox (issue 14): the staff's side of each borrower's one conversation. Answers
// are text only: the staff table's bodies are JSON (it has no multipart rows), and staff have not
// needed to send photos; borrowers send them through postChatMessage.php.

/**
 * The inbox's live channel, under the staff API base: `GET /api/backoffice/chats/events`, server-sent
 * events authenticated by the staff session cookie (same origin; nothing secret in the URL). It is a
 * plain route beside the table's rows: the table describes JSON and file answers, not streams.
 */
export const STAFF_CHAT_EVENTS_PATH = '/chats/events';
/** A new message in a conversation the caller may see: data `{conversationId, messageId}`. */
export const STAFF_CHAT_MESSAGE_EVENT = 'chat';
/** The server may have missed messages (its database connection was remade): read the inbox again. */
export const STAFF_CHAT_REFRESH_EVENT = 'refresh';

const conversationId = idField('Identificador de conversación inválido.');
export const chatParams = z.object({ id: conversationId });

export const CHAT_STATES = ['open', 'closed'] as const;
export const CHAT_STATE_LABELS: Record<(typeof CHAT_STATES)[number], string> = {
  open: 'Abierta',
  closed: 'Cerrada',
};

const assigneeMessage = "Asignado inválido: 'me', 'none' o el número de un miembro del personal.";

export const chatListQuery = z.object({
  state: z.enum(CHAT_STATES, { error: 'Estado inválido: open o closed.' }).optional(),
  /** 'me' (the caller), 'none' (nobody) or a staff member's id; all when absent. */
  assignee: z
    .union([z.enum(['me', 'none']), idField(assigneeMessage)], { error: assigneeMessage })
    .optional(),
  ...pageFields,
});

const person = z.object({ id: z.number().int(), name: z.string() });

/** A row of the inbox. */
export const chatListItem = z.object({
  id: z.number().int(),
  state: z.enum(CHAT_STATES),
  borrower: z.object({ id: z.number().int(), personCode: z.string(), name: z.string() }),
  assignee: person.nullable(),
  lastMessageAt: isoInstant.nullable(),
  lastMessage: z
    .object({ author: z.enum(['borrower', 'staff']), text: z.string(), hasImage: z.boolean() })
    .nullable(),
  /** The borrower's messages the caller has not read. */
  unread: z.number().int().nonnegative(),
});

/** A message as staff read it; a photo's bytes come through getChatImage (audited). */
export const staffChatMessage = z.object({
  id: z.number().int(),
  author: z.enum(['borrower', 'staff']),
  staffId: z.number().int().nullable(),
  /** The staff member's full name on answers; null on the borrower's messages. */
  authorName: z.string().nullable(),
  text: z.string(),
  image: z.object({ contentType: z.string(), size: z.number().int(), url: z.string() }).nullable(),
  loanId: z.number().int().nullable(),
  receiptId: z.number().int().nullable(),
  createdAt: isoInstant,
});

/** One conversation with what staff need beside it: the borrower's profile state, loans and receipts. */
export const chatConversation = z.object({
  id: z.number().int(),
  state: z.enum(CHAT_STATES),
  borrower: z.object({
    id: z.number().int(),
    personCode: z.string(),
    name: z.string(),
    mobPhone: z.string(),
    profileState: z.enum(PROFILE_REVIEW_STATES),
    profileStateLabel: z.string(),
  }),
  assignee: person.nullable(),
  createdAt: isoInstant,
  closedAt: isoInstant.nullable(),
  /** Oldest first: the latest 50, or the 50 before `before`. */
  messages: z.array(staffChatMessage),
  hasOlder: z.boolean(),
  loans: z.array(
    z.object({
      id: z.number().int(),
      status: z.number().int(),
      statusLabel: z.string(),
      amountCents: z.number().int(),
      requestedOn: isoDate,
      disbursedOn: isoDate.nullable(),
    }),
  ),
  receipts: z.array(
    z.object({
      id: z.number().int(),
      loanId: z.number().int(),
      reference: z.string(),
      declaredAmountCents: z.number().int(),
      /** What was credited to the borrower's wallet once validated (may differ from the declared); null otherwise. */
      creditedAmountCents: z.number().int().nullable(),
      state: z.string(),
      stateLabel: z.string(),
      sentAt: isoInstant,
    }),
  ),
});

const optionalReference = (message: string) =>
  z.preprocess((v) => (v === null ? undefined : v), idField(message).optional());

export const chatAnswerBody = z.object({
  text: z
    .string({ error: 'Escribe la respuesta.' })
    .trim()
    .min(1, 'Escribe la respuesta.')
    .max(CHAT_MESSAGE_MAX_LENGTH, `La respuesta puede tener hasta ${CHAT_MESSAGE_MAX_LENGTH} caracteres.`),
  loanId: optionalReference('El préstamo indicado no es válido.'),
  receiptId: optionalReference('El comprobante indicado no es válido.'),
  /** The back-office's own id for the answer: a retry with the same id stores it once. */
  clientId: z
    .string({ error: 'Identificador de mensaje inválido.' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Identificador de mensaje inválido.')
    .optional(),
});

const assigneeBodyMessage = "Elige a quién asignar: 'me', el número de un miembro del personal o null.";
export const chatAssignBody = z.object({
  assignee: z.union([z.literal('me'), idField(assigneeBodyMessage), z.null()], {
    error: assigneeBodyMessage,
  }),
});

/** The help chat's inbox: conversations, answers, assignment, closing, photos and unread counts. */
export const staffChatRows = {
  listChats: defineStaffEndpoint({
    method: 'GET',
    path: '/chats',
    access: 'chat.own',
    summary:
      'The inbox: the conversations the caller may see (all with chat.any), latest message first, by state and assignee, with the unread count per conversation',
    query: chatListQuery,
    response: jsonResponse(paged(chatListItem)),
  }),
  getChatUnread: defineStaffEndpoint({
    method: 'GET',
    path: '/chats/unread',
    access: 'chat.own',
    summary: "The caller's unread borrower messages and the conversations holding them (the menu's badge)",
    response: jsonResponse(
      z.object({
        messages: z.number().int().nonnegative(),
        conversations: z.number().int().nonnegative(),
      }),
    ),
  }),
  listChatAssignees: defineStaffEndpoint({
    method: 'GET',
    path: '/chats/assignees',
    access: 'chat.any',
    summary: 'The active staff a conversation can be assigned to (every role that uses the inbox)',
    response: jsonResponse(
      z.object({
        items: z.array(person.extend({ role: z.enum(STAFF_ROLES), roleLabel: z.string() })),
      }),
    ),
  }),
  getChat: defineStaffEndpoint({
    method: 'GET',
    path: '/chats/:id',
    access: 'chat.own',
    summary:
      "One conversation with the borrower's profile state, loans and receipts; marks it read for the caller (audited as chat.view)",
    params: chatParams,
    query: z.object({ before: idField('El número de mensaje no es válido.').optional() }),
    response: jsonResponse(chatConversation),
  }),
  answerChat: defineStaffEndpoint({
    method: 'POST',
    path: '/chats/:id/messages',
    access: 'chat.own',
    summary:
      "A staff answer (text, optionally about one of the borrower's loans or receipts); opens a closed conversation, takes an unassigned one (audited as chat.answer)",
    params: chatParams,
    body: chatAnswerBody,
    response: jsonResponse(z.object({ message: staffChatMessage })),
  }),
  assignChat: defineStaffEndpoint({
    method: 'POST',
    path: '/chats/:id/assignee',
    access: 'chat.any',
    summary: "Assigns a conversation to the caller ('me'), to a staff member, or to nobody (audited)",
    params: chatParams,
    body: chatAssignBody,
    response: jsonResponse(z.object({ id: z.number().int(), assignee: person.nullable() })),
  }),
  closeChat: defineStaffEndpoint({
    method: 'POST',
    path: '/chats/:id/close',
    access: 'chat.own',
    summary: "Closes a conversation (the borrower's next message opens it again; audited)",
    params: chatParams,
    response: jsonResponse(
      z.object({ id: z.number().int(), state: z.enum(CHAT_STATES), closedAt: isoInstant }),
    ),
  }),
  getChatImage: defineStaffEndpoint({
    method: 'GET',
    path: '/chats/:id/messages/:messageId/image',
    access: 'chat.own',
    summary: 'The bytes of the photo of one message of the conversation (audited as chat.view)',
    params: z.object({ id: conversationId, messageId: idField('El número de mensaje no es válido.') }),
    response: imageResponse,
  }),
};
