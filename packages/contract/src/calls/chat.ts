import { CHAT_MESSAGE_MAX_LENGTH } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

// The help chat (issue 14): the borrower's side of one conversation with the staff, in the same
// envelope and session rules as every legacy call, plus a live channel (server-sent events) opened
// with a short-lived ticket from getChatTicket.php.

/** Messages of the chat calls (the SPEC does not word the chat). */
export const chatMessages = {
  textRequired: 'Escribe un mensaje o adjunta una foto.',
  textTooLong: `Tu mensaje puede tener hasta ${CHAT_MESSAGE_MAX_LENGTH} caracteres.`,
  invalidClientId: 'No pudimos identificar tu mensaje. Recarga la página e intenta de nuevo.',
  invalidMessageId: 'El número de mensaje no es válido.',
  invalidLoan: 'El préstamo indicado no es válido.',
  invalidReceipt: 'El comprobante indicado no es válido.',
  /** A loan id that is not one of the borrower's loans. */
  loanNotYours: 'Ese préstamo no está entre los tuyos. Elige uno de tus préstamos.',
  /** A receipt id that is not one of the borrower's receipts. */
  receiptNotYours: 'Ese comprobante no está entre los tuyos. Elige uno de tus comprobantes.',
  /** The same, for a staff answer: the loan or receipt is not the conversation's borrower's. */
  loanNotTheirs: 'Ese préstamo no es de este cliente.',
  receiptNotTheirs: 'Ese comprobante no es de este cliente.',
  /** `after` and `before` together. */
  afterOrBefore: 'Pide los mensajes nuevos o los anteriores, no ambos.',
  /** A multipart field other than `image`. */
  unknownFileField: 'Solo puedes adjuntar una foto en el campo image.',
  onlyOneImage: 'Adjunta una sola foto por mensaje.',
  /** The content is not a PNG, JPEG or WEBP image (whatever its name or type says). */
  notAnImage: 'La foto debe ser una imagen PNG, JPG o WEBP.',
  /** The live channel was opened with an expired, used or unknown ticket (HTTP 401). */
  ticketRefused: 'No pudimos conectar el chat en vivo. Vuelve a intentarlo.',
  /** Too many live connections for one borrower (HTTP 429). */
  tooManyLiveConnections: 'Tienes el chat abierto en demasiadas pantallas. Cierra alguna e intenta de nuevo.',
  /** The SMS of a staff answer left unseen for a while. */
  answerWaitingSms: (brand: string, link: string) =>
    `${brand}: tienes una respuesta nueva en el chat de ayuda. Léela en la app: ${link}`,
} as const;

/** A positive integer id, as a number or a numeric string (multipart fields are text). */
const positiveId = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,15}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message));

/** An optional id: absent, null or '' (an empty form field) mean none. */
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveId(message).optional());

/**
 * The app's own id for a message (a UUID, say), made once when the message is written: a retried
 * post with the same `clientId` stores the message once.
 */
export const chatClientId = z
  .string({ error: chatMessages.invalidClientId })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, chatMessages.invalidClientId);

/** One message as the app shows it. */
export const chatMessageItem = z.object({
  id: z.number().int(),
  /** Who wrote it: the borrower, or someone of the staff. */
  author: z.enum(['borrower', 'staff']),
  /** The staff member's first name on answers; null on the borrower's own messages. */
  authorName: z.string().nullable(),
  text: z.string(),
  /** A signed URL to the attached photo (valid 15 minutes), or null. */
  imageUrl: z.string().nullable(),
  /** The loan (`container_id`) the message is about, or null. */
  loanId: z.number().int().nullable(),
  /** The payment receipt the message is about, or null. */
  receiptId: z.number().int().nullable(),
  /** The app's id of a borrower's message; null on answers. */
  clientId: z.string().nullable(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type ChatMessageItem = z.infer<typeof chatMessageItem>;

/** When the staff answer: the hours in words, and the instants the office closes or next opens. */
export const chatOffice = z.object({
  open: z.boolean(),
  /** e.g. 'lunes a sábado, de 8:00 a. m. a 6:00 p. m.' */
  hours: z.string(),
  /** While open: when today's hours end (ISO 8601); null while closed. */
  closesAt: z.string().nullable(),
  /** While closed: when the office next opens (ISO 8601); null while open. */
  nextOpening: z.string().nullable(),
});
export type ChatOffice = z.infer<typeof chatOffice>;

export const chatMessagesPage = z.object({
  /** Oldest first. */
  messages: z.array(chatMessageItem),
  /** Whether older messages exist before the first one (ask with `before`). */
  hasOlder: z.boolean(),
  /** Staff answers the borrower has not read yet. */
  unread: z.number().int().nonnegative(),
  office: chatOffice,
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPage>;

/** The path of the live channel under the API base: `GET <base>/chat/events?ticket=…&after=…`. */
export const CHAT_EVENTS_PATH = '/chat/events';
/** The live channel's event carrying a new message (its data is a `chatMessageItem`, its id the message id). */
export const CHAT_MESSAGE_EVENT = 'message';

export const chatCalls = {
  /**
   * The caller's conversation: with `after` the messages after that id (oldest first, at most 100),
   * with `before` the 50 before it, with neither the latest 50; plus the unread count and the office
   * hours. A borrower who never wrote has an empty conversation.
   */
  getChatMessages: defineEndpoint({
    file: 'getChatMessages.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z
      .object({
        after: optionalId(chatMessages.invalidMessageId),
        before: optionalId(chatMessages.invalidMessageId),
      })
      .refine((input) => input.after === undefined || input.before === undefined, {
        error: chatMessages.afterOrBefore,
      }),
    payload: chatMessagesPage,
  }),
  /**
   * A message from the borrower: JSON `{text, clientId, loanId?, receiptId?}`, or multipart with the
   * same fields and one photo in `image`. Answers the stored message (the same one again for a
   * retried `clientId`).
   */
  postChatMessage: defineEndpoint({
    file: 'postChatMessage.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    multipart: ['image'],
    request: z.object({
      text: z
        .string({ error: chatMessages.textRequired })
        .default('')
        .transform((text) => text.trim())
        .pipe(z.string().max(CHAT_MESSAGE_MAX_LENGTH, chatMessages.textTooLong)),
      clientId: chatClientId,
      loanId: optionalId(chatMessages.invalidLoan),
      receiptId: optionalId(chatMessages.invalidReceipt),
    }),
    payload: z.object({ message: chatMessageItem }),
  }),
  /** The count for the Chat tile and the bell: staff answers the caller has not read. */
  getChatUnread: defineEndpoint({
    file: 'getChatUnread.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({ unread: z.number().int().nonnegative() }),
  }),
  /** The borrower has seen the conversation up to `upTo` (a message id); answers what stays unread. */
  markChatRead: defineEndpoint({
    file: 'markChatRead.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ upTo: positiveId(chatMessages.invalidMessageId) }),
    payload: z.object({ unread: z.number().int().nonnegative() }),
  }),
  /**
   * A ticket for the live channel: usable once, within 60 seconds, so that the `sid` never travels in
   * a URL (EventSource cannot send a body or headers).
   */
  getChatTicket: defineEndpoint({
    file: 'getChatTicket.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({ ticket: z.string(), expiresIn: z.number().int().positive() }),
  }),
};
