import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type ChatAssignee = StaffResponseOf<'listChatAssignees'>['items'][number];

/** The active staff a conversation can be given to. */
export async function listChatAssignees(options: { signal?: AbortSignal } = {}): Promise<ChatAssignee[]> {
  return (await callStaff('listChatAssignees', {}, options)).items;
}

/** The data provider's method app/ adds for this call. */
export interface ChatAssigneeCalls {
  listChatAssignees: typeof listChatAssignees;
}

/** The staff to assign to (only for roles with chat.any: `enabled`). */
export function useChatAssignees(enabled: boolean) {
  const dataProvider = useDataProvider<DataProvider & ChatAssigneeCalls>();
  return useQuery({
    queryKey: ['chat-assignees'],
    queryFn: ({ signal }) => dataProvider.listChatAssignees({ signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
