import {
  countUnreadAnswers,
  getBorrowerChat,
  markBorrowerChatRead,
  postBorrowerMessage,
} from '../services/chat/borrower-chat.ts';
import { issueChatTicket } from '../services/chat/tickets.ts';
import type { HandlerTable } from './handler.ts';

/** The borrower's side of the help chat (issue 14); the live channel is `chat/live-plugin.ts`. */
export const chatHandlers = {
  getChatMessages: ({ deps, session, input }) => getBorrowerChat(deps, session.borrowerId, input),
  postChatMessage: ({ deps, session, input, files }) =>
    postBorrowerMessage(deps, session.borrowerId, input, files ?? []),
  getChatUnread: async ({ deps, session }) => ({
    unread: await countUnreadAnswers(deps, session.borrowerId),
  }),
  markChatRead: async ({ deps, session, input }) => ({
    unread: await markBorrowerChatRead(deps, session.borrowerId, input.upTo),
  }),
  getChatTicket: ({ deps, session }) => issueChatTicket(deps, session),
} satisfies HandlerTable<
  'getChatMessages' | 'postChatMessage' | 'getChatUnread' | 'markChatRead' | 'getChatTicket'
>;
