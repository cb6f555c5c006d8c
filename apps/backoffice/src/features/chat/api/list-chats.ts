import type { StaffQueryOf, StaffResponseOf } from '@prestamos-hn/contract';
import type { GetListParams, GetListResult } from 'react-admin';
import { pageQuery } from '../../../lib/paging';
import { callStaff } from '../../../lib/staff-api';

export type ChatRow = StaffResponseOf<'listChats'>['items'][number];

/** The inbox's filters as react-admin keeps them: state and assignee ('me', 'none'; absent = all). */
export interface ChatFilter {
  state?: NonNullable<StaffQueryOf<'listChats'>>['state'];
  assignee?: 'me' | 'none';
}

/** One page of the inbox for react-admin's list: latest message first, with the caller's unread counts. */
export async function listChats(params: GetListParams): Promise<GetListResult<ChatRow>> {
  const filter: ChatFilter = params.filter ?? {};
  const answer = await callStaff(
    'listChats',
    {
      query: {
        state: filter.state,
        assignee: filter.assignee,
        ...pageQuery(params),
      },
    },
    { signal: params.signal },
  );
  return { data: answer.items, total: answer.total };
}
