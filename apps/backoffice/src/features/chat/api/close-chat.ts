import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

/** Closes a conversation (the borrower's next message opens it again). */
export function closeChat(conversationId: number): Promise<StaffResponseOf<'closeChat'>> {
  return callStaff('closeChat', { params: { id: conversationId } });
}

/** The data provider's method app/ adds for this call. */
export interface CloseChatCalls {
  closeChat: typeof closeChat;
}

export function useCloseChat(): typeof closeChat {
  return useDataProvider<DataProvider & CloseChatCalls>().closeChat;
}
