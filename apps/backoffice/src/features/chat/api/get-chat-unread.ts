import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type ChatUnread = StaffResponseOf<'getChatUnread'>;

/** The caller's unread borrower messages and in how many conversations. */
export function getChatUnread(options: { signal?: AbortSignal } = {}): Promise<ChatUnread> {
  return callStaff('getChatUnread', {}, options);
}

/** The unread count, bound to the session (a 401 ends it). */
export function useChatUnread() {
  const call = useStaffCall(getChatUnread);
  return useQuery({
    queryKey: queryKeys.chatUnread,
    queryFn: ({ signal }) => call({ signal }),
  });
}
