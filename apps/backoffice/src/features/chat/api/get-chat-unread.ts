import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type ChatUnread = StaffResponseOf<'getChatUnread'>;

/** The caller's unread borrower messages and in how many conversations. */
export function getChatUnread(options: { signal?: AbortSignal } = {}): Promise<ChatUnread> {
  return callStaff('getChatUnread', {}, options);
}

/** The data provider's method app/ adds for this call. */
export interface ChatUnreadCalls {
  getChatUnread: typeof getChatUnread;
}

export const chatUnreadKey = ['chat-unread'] as const;

/** The unread count, through react-admin's data provider (a 401 ends the session). */
export function useChatUnread() {
  const dataProvider = useDataProvider<DataProvider & ChatUnreadCalls>();
  return useQuery({
    queryKey: chatUnreadKey,
    queryFn: ({ signal }) => dataProvider.getChatUnread({ signal }),
  });
}
