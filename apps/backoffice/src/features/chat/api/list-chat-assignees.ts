import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type ChatAssignee = StaffResponseOf<'listChatAssignees'>['items'][number];

/** The active staff a conversation can be given to. */
export async function listChatAssignees(options: { signal?: AbortSignal } = {}): Promise<ChatAssignee[]> {
  return (await callStaff('listChatAssignees', {}, options)).items;
}

/** The staff to assign to (only for roles with chat.any: `enabled`). */
export function useChatAssignees(enabled: boolean) {
  const call = useStaffCall(listChatAssignees);
  return useQuery({
    queryKey: queryKeys.chatAssignees,
    queryFn: ({ signal }) => call({ signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
