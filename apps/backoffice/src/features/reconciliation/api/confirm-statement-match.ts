import type { StaffBodyOf, StaffResponseOf } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type MatchAnswer = StaffResponseOf<'confirmStatementMatch'>;

/**
 * Confirms a line's match: the receipt is validated at the cashier's desk with the line's amount
 * and date (it may wait as 'Por aprobar'); 409 when the line or the receipt was taken meanwhile.
 */
export function confirmStatementMatch(input: {
  statementId: number;
  lineId: number;
  body: StaffBodyOf<'confirmStatementMatch'>;
}): Promise<MatchAnswer> {
  return callStaff('confirmStatementMatch', {
    params: { id: input.statementId, lineId: input.lineId },
    body: input.body,
  });
}

/** Confirms (a 401 ends the session); the statement is reloaded whatever the answer. */
export function useConfirmStatementMatch() {
  const call = useStaffCall(confirmStatementMatch);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.bankStatementsAll }),
  });
}
