import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type ChatAnswer = StaffBodyOf<'answerChat'>;

/** A staff answer (text), stored once per `clientId` however often it is retried. */
export function answerChat(
  conversationId: number,
  answer: ChatAnswer,
): Promise<StaffResponseOf<'answerChat'>> {
  return callStaff('answerChat', { params: { id: conversationId }, body: answer });
}

/** The data provider's method app/ adds for this call. */
export interface AnswerChatCalls {
  answerChat: typeof answerChat;
}

/** answerChat through react-admin's data provider, so a 401 ends the session like every call. */
export function useAnswerChat(): typeof answerChat {
  return useDataProvider<DataProvider & AnswerChatCalls>().answerChat;
}
