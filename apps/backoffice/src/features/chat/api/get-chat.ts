import type { StaffResponseOf } from '@prestamos-hn/contract';
import type { GetOneParams, GetOneResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';

export type ChatRecord = StaffResponseOf<'getChat'>;
export type ChatMessage = ChatRecord['messages'][number];

/** One conversation with the borrower's profile state, loans and receipts (an audited read). */
export async function getChat(params: GetOneParams): Promise<GetOneResult<ChatRecord>> {
  const data = await callStaff('getChat', { params: { id: params.id as number } }, { signal: params.signal });
  return { data };
}
