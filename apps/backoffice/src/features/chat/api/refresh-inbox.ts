import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/** The inbox's list (react-admin's) and the unread count read again: a message came, or was read. */
export function refreshInbox(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.chatList }),
    queryClient.invalidateQueries({ queryKey: queryKeys.chatUnread }),
  ]);
}
