import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { PROFILE_REVIEW_STATE_LABELS } from '@prestamos-hn/domain';
import {
  assignConversation,
  closeConversation,
  countUnreadForStaff,
  getConversation,
  listChatAssignees,
  listConversations,
  postStaffMessage,
  readChatImageForStaff,
} from '../../services/chat/staff-chat.ts';
import { readProfileState } from '../../services/review/profile-state.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** The help chat's inbox: conversations, answers, assignment, closing, photos and unread counts. */
export const chatHandlers = {
  listChats: ({ deps, query, session }) => listConversations(deps, session.staff, query),
  getChatUnread: ({ deps, session }) => countUnreadForStaff(deps, session.staff),
  listChatAssignees: ({ deps }) => listChatAssignees(deps),
  getChat: async ({ deps, params, query, session }) => {
    const conversation = await getConversation(deps, session.staff, params.id, query);
    const profileState = await readProfileState(deps, conversation.borrower.id);
    return {
      ...conversation,
      borrower: {
        ...conversation.borrower,
        profileState,
        profileStateLabel: PROFILE_REVIEW_STATE_LABELS[profileState],
      },
    };
  },
  answerChat: async ({ deps, params, body, session }) => ({
    message: await postStaffMessage(deps, session.staff, params.id, body),
  }),
  assignChat: ({ deps, params, body, session }) =>
    assignConversation(
      deps,
      session.staff,
      params.id,
      body.assignee === 'me' ? session.staff.id : body.assignee,
    ),
  closeChat: ({ deps, params, session }) => closeConversation(deps, session.staff, params.id),
  getChatImage: ({ deps, params, session }) =>
    readChatImageForStaff(deps, session.staff, params.id, params.messageId),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'chats'>>;
