import type { RequestOf } from '@prestamos-hn/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callLegacy } from '../../../lib/api-client';
import { profileQueryKeys } from './get-profile';

/** register2.php: registration stage 2 ('Completar registro'). */
export function useRegisterStage2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<'register2'>) => callLegacy('register2', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKeys.all }),
  });
}
