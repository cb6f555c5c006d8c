import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type ChatAnswer = StaffBodyOf<'answerChat'>;

/** A staff answer (text), stored once per `clientId` however often it is retried. */
export function answerChat(
  conversationId: number,
  answer: ChatAnswer,
): Promise<StaffResponseOf<'answerChat'>> {
  return callStaff('answerChat', { params: { id: conversationId }, body: answer });
}

/** answerChat bound to the session (a 401 ends it). */
export function useAnswerChat(): typeof answerChat {
  return useStaffCall(answerChat);
}
