import type { Stage2Payload } from '@prestamos-hn/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** register2.php: registration stage 2 ('Completar registro'). */
export function useRegisterStage2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Stage2Payload) =>
      callLegacy('register2', {
        UsrBan: answers.bank,
        UsrBanNum: answers.account_number,
        UsrEstCiv: answers.marital_status,
        UsrTipCli: answers.income_status,
        UsrTipViv: answers.home_status,
        UsrNumDep: answers.dependents,
        UsrIng: answers.income,
        UsrFchLabIni: answers.work_experience,
        UsrBussines: answers.business_type,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  });
}
