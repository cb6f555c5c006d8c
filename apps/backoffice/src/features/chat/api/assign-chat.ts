import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

/** Gives a conversation to the caller ('me'), to a staff member (id) or to nobody (null). */
export function assignChat(
  conversationId: number,
  assignee: StaffBodyOf<'assignChat'>['assignee'],
): Promise<StaffResponseOf<'assignChat'>> {
  return callStaff('assignChat', { params: { id: conversationId }, body: { assignee } });
}

export function useAssignChat(): typeof assignChat {
  return useStaffCall(assignChat);
}
