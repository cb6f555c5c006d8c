import type { StaffResponseOf } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { callStaff } from '../../../lib/staff-api';
import { useStaffCall } from '../../../lib/use-staff-call';

export type ImportAnswer = StaffResponseOf<'importBankStatement'>;

/** Uploads a bank's statement (CSV) to be read with the bank's layout; the same file again adds nothing. */
export function importBankStatement(input: { bankCode: number; file: File }): Promise<ImportAnswer> {
  return callStaff('importBankStatement', {
    body: { bankCode: input.bankCode },
    files: { file: input.file },
  });
}

/** Imports (a 401 ends the session), then reloads the statements. */
export function useImportBankStatement() {
  const call = useStaffCall(importBankStatement);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bankStatementsAll }),
  });
}
