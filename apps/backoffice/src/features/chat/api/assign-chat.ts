import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** Gives a conversation to the caller ('me'), to a staff member (id) or to nobody (null). */
export function assignChat(
  conversationId: number,
  assignee: StaffBodyOf<'assignChat'>['assignee'],
): Promise<StaffResponseOf<'assignChat'>> {
  return callStaff('assignChat', { params: { id: conversationId }, body: { assignee } });
}

/** The data provider's method app/ adds for this call. */
export interface AssignChatCalls {
  assignChat: typeof assignChat;
}

export function useAssignChat(): typeof assignChat {
  return useDataProvider<DataProvider & AssignChatCalls>().assignChat;
}
