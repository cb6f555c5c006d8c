import type { StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** Closes a conversation (the borrower's next message opens it again). */
export function closeChat(conversationId: number): Promise<StaffResponseOf<'closeChat'>> {
  return callStaff('closeChat', { params: { id: conversationId } });
}

export function useCloseChat(): typeof closeChat {
  return useStaffCall(closeChat);
}
