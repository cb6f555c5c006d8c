import { NOTIFICATION_POLL_MS } from '@prestamos-hn/domain';
import { useQuery } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** getChatUnread.php: answers not read yet, for the Chat tile and the bell; polled like the bell (10 s). */
export function useChatUnread() {
  return useQuery({
    queryKey: queryKeys.chatUnread,
    queryFn: async ({ signal }) => (await callLegacy('getChatUnread', {}, { signal })).unread,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
